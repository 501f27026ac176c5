import WeiboGtk
import WeiboKit

/// The popup's reply entry, under the sections: Ctrl+Enter on a comment or a mention opens it
/// ("Reply to NAME…"), Enter sends what was typed, Esc closes it (the keyboard back on the
/// row). A reply that did not go keeps its text here, with the daemon's words beside it. The
/// entry is made when it first opens: an entry loads the input method (IBus: 1.4 MiB), which a
/// popup that is only read never needs.
final class ReplyBar {
    /// The bar (hidden until opened), and its note of why a reply did not go: the popup's template's.
    let box: Box
    private var entry: Entry?
    private let note: Label
    private let localizer: Localizer
    /// The row it answers.
    private(set) var row: Int64?
    /// Enter: the text for `row`.
    var typed: ((Int64, String) -> Void)?
    /// Esc: the keyboard back to the row.
    var closed: ((Int64) -> Void)?

    init(box: Box, note: Label, localizer: Localizer) {
        self.box = box
        self.note = note
        self.localizer = localizer
    }

    /// The entry, made the first time: over the note.
    private func madeEntry() -> Entry {
        if let entry { return entry }
        let entry = Entry()
        entry.setMargins(start: 8, end: 8)
        box.pack(entry, padding: 2)
        box.move(entry, to: 0)
        entry.accessibleName = localizer.text(.reply)
        Signal.activate.connect(entry) { [weak self] _ in
            guard let self, let row = self.row, let entry = self.entry else { return }
            let text = entry.text
            guard !text.trimmed(of: " \t\n").isEmpty else { return }
            entry.isSensitive = false
            self.typed?(row, text)
        }
        self.entry = entry
        return entry
    }

    var isOpen: Bool { box.isVisible }
    /// The entry has the keyboard: what is typed is the reply's.
    var hasFocus: Bool { entry?.hasFocus ?? false }

    /// Opens it for the row `row`, to `name`; the keyboard in the entry.
    func open(row: Int64, to name: String) {
        let entry = madeEntry()
        if self.row != row { entry.text = "" }
        self.row = row
        entry.placeholder = localizer.text(.replyPlaceholder(name))
        entry.isSensitive = true
        note.hide()
        box.show()
        entry.show()
        entry.grabFocus()
    }

    /// How the reply to `row` went: gone (the bar closes), or why not (the text stays).
    func answered(row: Int64, failure: String?) {
        guard row == self.row, let entry else { return }
        entry.isSensitive = true
        if let failure {
            note.text = failure
            note.show()
            entry.grabFocus()
        } else {
            entry.text = ""
            close()
        }
    }

    /// Esc: closed, the text kept for the same row; the keyboard back on it.
    func close() {
        guard isOpen else { return }
        box.hide()
        if let row { closed?(row) }
    }
}
