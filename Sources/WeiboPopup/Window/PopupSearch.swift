import WeiboGtk
import WeiboKit

/// The popup's search: a bar over the sections with an entry ("Search"), shown by Ctrl+F or by
/// typing while a row has the keyboard; what is typed filters every section's rows as it is
/// typed (`PopupModel`'s `filterTyped`). Esc clears it; Esc on an empty one hides the bar. The
/// entry is made when the search is first asked for: an entry loads the input method (IBus: 1.4
/// MiB), which a popup that is only read never needs.
final class PopupSearch {
    /// The bar: the popup's template's.
    let bar: SearchBar
    private var entry: SearchEntry?
    private let localizer: Localizer
    /// The text changed.
    var changed: ((String) -> Void)?
    /// Down in the entry: the keyboard goes to the rows.
    var toRows: (() -> Void)?

    init(bar: SearchBar, localizer: Localizer) {
        self.bar = bar
        self.localizer = localizer
    }

    /// The entry, made the first time.
    private func madeEntry() -> SearchEntry {
        if let entry { return entry }
        let entry = SearchEntry()
        let name = localizer.text(.search)
        entry.placeholder = name
        entry.accessibleName = name
        entry.expandsHorizontally = true
        bar.add(entry)
        bar.connect(entry)
        entry.show()
        Signal.searchChanged.connect(entry) { [weak self] _ in
            guard let self else { return }
            self.changed?(self.text)
        }
        Signal.keyPressEvent.connect(entry) { [weak self] _, event in
            guard let self, Event(event).isDownArrow else { return false }
            self.toRows?()
            return true
        }
        self.entry = entry
        return entry
    }

    var text: String { entry?.text ?? "" }
    var isShown: Bool { bar.isSearching }
    var hasFocus: Bool { entry?.hasFocus ?? false }

    /// Ctrl+F: the bar, with the keyboard in the entry.
    func show() {
        let entry = madeEntry()
        bar.isSearching = true
        entry.grabFocus()
    }

    /// A key that gives a character, typed while the rows have the keyboard: the search starts
    /// with it (the bar's own rule); whether it took the key.
    func typed(_ event: Event) -> Bool {
        guard !hasFocus else { return false }
        _ = madeEntry()
        return bar.handle(event)
    }

    /// Esc: a search with text is cleared; an empty one is hidden. Whether there was one.
    func escape() -> Bool {
        guard isShown else { return false }
        if let entry, !text.isEmpty {
            entry.text = ""
        } else {
            bar.isSearching = false
        }
        return true
    }
}
