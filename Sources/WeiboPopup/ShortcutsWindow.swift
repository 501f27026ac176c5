import CGLib
import CGtk
import WeiboGtk
import WeiboKit

/// The popup's "Keyboard Shortcuts" window (F1, Ctrl+?): a `GtkShortcutsWindow` listing every
/// `PopupShortcut` in the user's language, over the popup.
enum ShortcutsWindow {
    /// Builds and shows it, transient for `parent`; the window (destroyed when closed).
    static func show(over parent: UnsafeMutableRawPointer, localizer: Localizer) -> UnsafeMutableRawPointer? {
        guard let builder = gtk_builder_new() else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        let definition = definition(localizer: localizer)
        guard gtk_builder_add_from_string(builder, definition, gsize.max, nil) != 0,
            let object = gtk_builder_get_object(builder, "shortcuts")
        else { return nil }
        let window = UnsafeMutableRawPointer(object)
        // The builder's reference goes with it: the window keeps one of its own until destroyed.
        g_object_ref(window)
        Signal.destroy.connect(window) { widget in
            g_object_unref(widget)
        }
        gtk_window_set_transient_for(CGtk_window(window), CGtk_window(parent))
        gtk_window_set_modal(CGtk_window(window), 1)
        gtk_window_set_title(CGtk_window(window), localizer.text(.keyboardShortcuts))
        gtk_widget_show_all(CGtk_widget(window))
        return window
    }

    /// The window as GtkBuilder's XML: one section, one group, a shortcut each.
    static func definition(localizer: Localizer) -> String {
        let shortcuts = PopupShortcut.allCases.map { shortcut in
            """
                <child><object class="GtkShortcutsShortcut">
                  <property name="visible">1</property>
                  <property name="accelerator">\(escaped(shortcut.accelerators))</property>
                  <property name="title">\(escaped(localizer.text(.shortcut(shortcut))))</property>
                </object></child>
            """
        }.joined(separator: "\n")
        return """
            <interface>
              <object class="GtkShortcutsWindow" id="shortcuts">
                <property name="modal">1</property>
                <child><object class="GtkShortcutsSection">
                  <property name="visible">1</property>
                  <property name="section-name">popup</property>
                  <child><object class="GtkShortcutsGroup">
                    <property name="visible">1</property>
                    <property name="title">\(escaped(localizer.text(.appName)))</property>
            \(shortcuts)
                  </object></child>
                </object></child>
              </object>
            </interface>
            """
    }

    /// Text for a GtkBuilder property: XML's markup, quotes included.
    private static func escaped(_ text: String) -> String {
        Markup.escaped(text, quotes: true)
    }
}
