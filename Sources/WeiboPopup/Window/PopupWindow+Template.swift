import WeiboGtk

extension PopupWindow {
    /// The window's widgets the code changes, from `Resources/ui/popup-window.ui`.
    struct Parts {
        static let template = Builder.Template("popup-window.ui")

        let window: Window
        let notebook: Notebook
        let searchBar: SearchBar
        let hotSearch: Button
        let settings: Button
        let replyBar: Box
        let replyNote: Label

        init() {
            let builder = Builder(Self.template)
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
