import WeiboGtk

extension PopupWindow {
    /// The window's structure, as GtkBuilder reads it: the search bar over the sections' tabs,
    /// the header's two buttons over the tabs' row at its end (an overlay: a notebook's action
    /// widget is no child of its accessible, so a screen reader would not find it), the reply
    /// bar under them. The words (in the user's language), the sections' pages and what the
    /// window does are the code's. (XML in a Swift string: a target without Foundation has no
    /// resource bundle to read a `.ui` file from.)
    static let template = """
        <interface>
          <object class="GtkApplicationWindow" id="window">
            <child>
              <object class="GtkBox">
                <property name="orientation">vertical</property>
                <child>
                  <object class="GtkSearchBar" id="search-bar">
                    <property name="show-close-button">False</property>
                  </object>
                </child>
                <child>
                  <object class="GtkOverlay">
                    <child>
                      <object class="GtkNotebook" id="sections">
                        <property name="can-focus">False</property>
                      </object>
                    </child>
                    <child type="overlay">
                      <object class="GtkBox">
                        <property name="halign">end</property>
                        <property name="valign">start</property>
                        <child>
                          <object class="GtkButton" id="hot-search">
                            <property name="label">\u{1F525}</property>
                            <property name="relief">none</property>
                          </object>
                        </child>
                        <child>
                          <object class="GtkButton" id="settings">
                            <property name="image">settings-icon</property>
                            <property name="relief">none</property>
                          </object>
                        </child>
                      </object>
                    </child>
                  </object>
                  <packing>
                    <property name="expand">True</property>
                    <property name="fill">True</property>
                  </packing>
                </child>
                <child>
                  <object class="GtkBox" id="reply-bar">
                    <property name="orientation">vertical</property>
                    <property name="spacing">4</property>
                    <property name="margin-bottom">6</property>
                    <property name="no-show-all">True</property>
                    <child>
                      <object class="GtkLabel" id="reply-note">
                        <property name="wrap">True</property>
                        <property name="xalign">0</property>
                        <property name="margin-start">8</property>
                        <property name="margin-end">8</property>
                        <property name="no-show-all">True</property>
                        <style><class name="dim-label"/></style>
                      </object>
                      <packing>
                        <property name="padding">2</property>
                      </packing>
                    </child>
                  </object>
                </child>
              </object>
            </child>
          </object>
          <object class="GtkImage" id="settings-icon">
            <property name="icon-name">emblem-system-symbolic</property>
            <property name="icon-size">4</property>
          </object>
        </interface>
        """

    /// The window's widgets the code changes, from `template`.
    struct Parts {
        let window: Window
        let notebook: Notebook
        let searchBar: SearchBar
        let hotSearch: Button
        let settings: Button
        let replyBar: Box
        let replyNote: Label

        init() {
            let builder = Builder(template: PopupWindow.template, "the popup's template")
            window = builder.widget("window", as: Window.self)
            notebook = builder.widget("sections", as: Notebook.self)
            searchBar = builder.widget("search-bar", as: SearchBar.self)
            hotSearch = builder.widget("hot-search", as: Button.self)
            settings = builder.widget("settings", as: Button.self)
            replyBar = builder.widget("reply-bar", as: Box.self)
            replyNote = builder.widget("reply-note", as: Label.self)
        }
    }
}
