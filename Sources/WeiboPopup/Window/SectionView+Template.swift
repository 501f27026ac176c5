import WeiboGtk

extension SectionView {
    /// A section's widgets the code changes, from `Resources/ui/popup-section.ui`.
    struct Parts {
        static let template = Builder.Template("popup-section.ui")

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
            let builder = Builder(Self.template)
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
