import WeiboGtk
import WeiboKit
import WeiboPlatform

/// The popup's "Keyboard Shortcuts" window (F1, Ctrl+?): a `GtkShortcutsWindow` listing every
/// `PopupShortcut` in the user's language, over the popup.
enum ShortcutsWindow {
    /// Builds and shows it, over `parent`; the window (destroyed when closed), or nil when GTK
    /// refused the definition (said in the log).
    static func show(over parent: Window, localizer: Localizer) -> Window? {
        let builder: Builder
        do {
            builder = try Builder(definition(localizer: localizer))
        } catch {
            Log.message("the shortcuts window could not be made: \(error)")
            return nil
        }
        let window = builder.widget("shortcuts", as: Window.self)
        window.keepOver(parent)
        window.title = localizer.text(.keyboardShortcuts)
        window.showAll()
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
