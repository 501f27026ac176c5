import WeiboGtk

extension SectionView {
    /// A section's structure, as GtkBuilder reads it: its state line, "Log in", the "3 new" pill,
    /// the spinner and the empty line (each hidden until it has something to say), then its
    /// rows and "Load more", scrolled. The words and the rows are the code's.
    static let template = """
        <interface>
          <object class="GtkBox" id="section">
            <property name="orientation">vertical</property>
            <child>
              <object class="GtkLabel" id="state-line">
                <property name="wrap">True</property>
                <property name="xalign">0</property>
                <property name="margin-start">10</property>
                <property name="margin-end">10</property>
                <property name="margin-top">6</property>
                <property name="no-show-all">True</property>
                <style><class name="dim-label"/></style>
              </object>
              <packing><property name="padding">2</property></packing>
            </child>
            <child>
              <object class="GtkButton" id="log-in">
                <property name="halign">center</property>
                <property name="no-show-all">True</property>
              </object>
              <packing><property name="padding">2</property></packing>
            </child>
            <child>
              <object class="GtkButton" id="pill">
                <property name="halign">center</property>
                <property name="margin-top">4</property>
                <property name="no-show-all">True</property>
                <style><class name="suggested-action"/></style>
              </object>
              <packing><property name="padding">2</property></packing>
            </child>
            <child>
              <object class="GtkSpinner" id="spinner">
                <property name="no-show-all">True</property>
              </object>
              <packing><property name="padding">2</property></packing>
            </child>
            <child>
              <object class="GtkLabel" id="empty-line">
                <property name="margin-top">40</property>
                <property name="no-show-all">True</property>
                <style><class name="dim-label"/></style>
              </object>
              <packing><property name="padding">2</property></packing>
            </child>
            <child>
              <object class="GtkScrolledWindow" id="scrolled">
                <property name="hscrollbar-policy">never</property>
                <property name="vscrollbar-policy">automatic</property>
                <child>
                  <object class="GtkBox">
                    <property name="orientation">vertical</property>
                    <child>
                      <object class="GtkListBox" id="rows">
                        <property name="selection-mode">browse</property>
                      </object>
                      <packing><property name="fill">True</property></packing>
                    </child>
                    <child>
                      <object class="GtkButton" id="load-more">
                        <property name="no-show-all">True</property>
                      </object>
                      <packing><property name="padding">6</property></packing>
                    </child>
                  </object>
                </child>
              </object>
              <packing>
                <property name="expand">True</property>
                <property name="fill">True</property>
              </packing>
            </child>
          </object>
        </interface>
        """

    /// A section's widgets the code changes, from `template`.
    struct Parts {
        let section: Box
        let stateLine: Label
        let logIn: Button
        let pill: Button
        let spinner: Spinner
        let emptyLine: Label
        let scrolled: ScrolledWindow
        let list: ListBox
        let loadMore: Button

        init() {
            let builder = Builder(template: SectionView.template, "a popup section's template")
            section = builder.widget("section", as: Box.self)
            stateLine = builder.widget("state-line", as: Label.self)
            logIn = builder.widget("log-in", as: Button.self)
            pill = builder.widget("pill", as: Button.self)
            spinner = builder.widget("spinner", as: Spinner.self)
            emptyLine = builder.widget("empty-line", as: Label.self)
            scrolled = builder.widget("scrolled", as: ScrolledWindow.self)
            list = builder.widget("rows", as: ListBox.self)
            loadMore = builder.widget("load-more", as: Button.self)
        }
    }
}
