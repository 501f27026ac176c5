import CGLib
import CGtk
import WeiboGtk
import WeiboKit

/// The popup's search: a bar over the sections with an entry ("Search"), shown by Ctrl+F or by
/// typing while a row has the keyboard; what is typed filters every section's rows as it is
/// typed (`PopupModel`'s `filterTyped`). Esc clears it; Esc on an empty one hides the bar. The
/// entry is made when the search is first asked for: an entry loads the input method (IBus: 1.4
/// MiB), which a popup that is only read never needs.
final class PopupSearch {
    let bar: UnsafeMutableRawPointer
    private var entry: UnsafeMutableRawPointer?
    private let localizer: Localizer
    /// The text changed.
    var changed: ((String) -> Void)?
    /// Down in the entry: the keyboard goes to the rows.
    var toRows: (() -> Void)?

    init(localizer: Localizer) {
        self.localizer = localizer
        bar = UnsafeMutableRawPointer(made(gtk_search_bar_new(), "its search bar"))
        gtk_search_bar_set_show_close_button(CGtk_search_bar(bar), 0)
    }

    /// The entry, made the first time.
    private func madeEntry() -> UnsafeMutableRawPointer {
        if let entry { return entry }
        let entry = UnsafeMutableRawPointer(made(gtk_search_entry_new(), "its search entry"))
        let name = localizer.text(.search)
        gtk_entry_set_placeholder_text(CGtk_entry(entry), name)
        atk_object_set_name(CGtk_accessible(entry), name)
        gtk_widget_set_hexpand(CGtk_widget(entry), 1)
        gtk_container_add(CGtk_container(bar), CGtk_widget(entry))
        gtk_search_bar_connect_entry(CGtk_search_bar(bar), CGtk_entry(entry))
        gtk_widget_show(CGtk_widget(entry))
        Signal.searchChanged.connect(entry) { [weak self] _ in
            guard let self else { return }
            self.changed?(self.text)
        }
        Signal.keyPressEvent.connect(entry) { [weak self] _, event in
            guard let self, CGtk_event_keyval(event.assumingMemoryBound(to: GdkEvent.self)) == UInt32(CGtk_KEY_Down) else { return false }
            self.toRows?()
            return true
        }
        self.entry = entry
        return entry
    }

    var text: String { entry.map { String(cString: gtk_entry_get_text(CGtk_entry($0))) } ?? "" }
    var isShown: Bool { gtk_search_bar_get_search_mode(CGtk_search_bar(bar)) != 0 }
    var hasFocus: Bool { entry.map { gtk_widget_has_focus(CGtk_widget($0)) != 0 } ?? false }

    /// Ctrl+F: the bar, with the keyboard in the entry.
    func show() {
        let entry = madeEntry()
        gtk_search_bar_set_search_mode(CGtk_search_bar(bar), 1)
        gtk_widget_grab_focus(CGtk_widget(entry))
    }

    /// A key typed anywhere in the window: the search starts with it when it is text (the
    /// bar's own rule); whether it took the key. The entry is made for a key that gives a
    /// character, not for the arrows and the like.
    func typed(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        guard !hasFocus else { return false }
        guard entry != nil || gdk_keyval_to_unicode(CGtk_event_keyval(event)) > 0x20 else { return false }
        _ = madeEntry()
        return gtk_search_bar_handle_event(CGtk_search_bar(bar), event) != 0
    }

    /// Esc: a search with text is cleared; an empty one is hidden. Whether there was one.
    func escape() -> Bool {
        guard isShown else { return false }
        if let entry, !text.isEmpty {
            gtk_entry_set_text(CGtk_entry(entry), "")
        } else {
            gtk_search_bar_set_search_mode(CGtk_search_bar(bar), 0)
        }
        return true
    }
}
