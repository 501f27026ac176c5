import CGLib
import CGtk
import WeiboGtk
import WeiboKit

/// The popup's reply entry, under the sections: Ctrl+Enter on a comment or a mention opens it
/// ("Reply to NAME…"), Enter sends what was typed, Esc closes it (the keyboard back on the
/// row). A reply that did not go keeps its text here, with the daemon's words beside it. The
/// entry is made when it first opens: an entry loads the input method (IBus: 1.4 MiB), which a
/// popup that is only read never needs.
final class ReplyBar {
    let box: UnsafeMutableRawPointer
    private var entry: UnsafeMutableRawPointer?
    private let note: UnsafeMutableRawPointer
    private let localizer: Localizer
    /// The row it answers.
    private(set) var row: Int64?
    /// Enter: the text for `row`.
    var typed: ((Int64, String) -> Void)?
    /// Esc: the keyboard back to the row.
    var closed: ((Int64) -> Void)?

    init(localizer: Localizer) {
        self.localizer = localizer
        box = UnsafeMutableRawPointer(made(gtk_box_new(GTK_ORIENTATION_VERTICAL, 4), "its reply bar"))
        note = UnsafeMutableRawPointer(made(gtk_label_new(""), "its reply note"))
        gtk_label_set_line_wrap(CGtk_label(note), 1)
        gtk_label_set_xalign(CGtk_label(note), 0)
        gtk_style_context_add_class(CGtk_style(note), "dim-label")
        ReplyBar.pack(note, in: box)
        gtk_widget_set_margin_bottom(CGtk_widget(box), 6)
        gtk_widget_set_no_show_all(CGtk_widget(box), 1)
        gtk_widget_set_no_show_all(CGtk_widget(note), 1)
    }

    private static func pack(_ widget: UnsafeMutableRawPointer, in box: UnsafeMutableRawPointer) {
        gtk_widget_set_margin_start(CGtk_widget(widget), 8)
        gtk_widget_set_margin_end(CGtk_widget(widget), 8)
        gtk_box_pack_start(CGtk_box(box), CGtk_widget(widget), 0, 0, 2)
    }

    /// The entry, made the first time: over the note.
    private func madeEntry() -> UnsafeMutableRawPointer {
        if let entry { return entry }
        let entry = UnsafeMutableRawPointer(made(gtk_entry_new(), "its reply entry"))
        ReplyBar.pack(entry, in: box)
        gtk_box_reorder_child(CGtk_box(box), CGtk_widget(entry), 0)
        atk_object_set_name(CGtk_accessible(entry), localizer.text(.reply))
        Signal.activate.connect(entry) { [weak self] _ in
            guard let self, let row = self.row else { return }
            let text = String(cString: gtk_entry_get_text(CGtk_entry(entry)))
            guard !text.trimmed(of: " \t\n").isEmpty else { return }
            gtk_widget_set_sensitive(CGtk_widget(entry), 0)
            self.typed?(row, text)
        }
        self.entry = entry
        return entry
    }

    var isOpen: Bool { gtk_widget_get_visible(CGtk_widget(box)) != 0 }

    /// Opens it for the row `row`, to `name`; the keyboard in the entry.
    func open(row: Int64, to name: String) {
        let entry = madeEntry()
        if self.row != row { gtk_entry_set_text(CGtk_entry(entry), "") }
        self.row = row
        gtk_entry_set_placeholder_text(CGtk_entry(entry), localizer.text(.replyPlaceholder(name)))
        gtk_widget_set_sensitive(CGtk_widget(entry), 1)
        gtk_widget_hide(CGtk_widget(note))
        gtk_widget_show(CGtk_widget(box))
        gtk_widget_show(CGtk_widget(entry))
        gtk_widget_grab_focus(CGtk_widget(entry))
    }

    /// How the reply to `row` went: gone (the bar closes), or why not (the text stays).
    func answered(row: Int64, failure: String?) {
        guard row == self.row, let entry else { return }
        gtk_widget_set_sensitive(CGtk_widget(entry), 1)
        if let failure {
            gtk_label_set_text(CGtk_label(note), failure)
            gtk_widget_show(CGtk_widget(note))
            gtk_widget_grab_focus(CGtk_widget(entry))
        } else {
            gtk_entry_set_text(CGtk_entry(entry), "")
            close()
        }
    }

    /// Esc: closed, the text kept for the same row; the keyboard back on it.
    func close() {
        guard isOpen else { return }
        gtk_widget_hide(CGtk_widget(box))
        if let row { closed?(row) }
    }
}
