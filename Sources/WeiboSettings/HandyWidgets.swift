import CGLib
import CGtk
import CHandy
import WeiboGtk
import WeiboPlatform

// libhandy's widgets as `WeiboGtk` types, for this window alone: the popup must not link
// libhandy (its library would be loaded into a process that never uses it).

/// The settings window: pages in a view switcher, a search over their rows.
final class PreferencesWindow: Window {
    override class var gtkType: GType { hdy_preferences_window_get_type() }
    required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    init() { super.init(hdy_preferences_window_new(), "the settings window") }

    /// libhandy's types and style, once, at the application's start (before its first window).
    static func setUpLibhandy() { hdy_init() }

    /// Shows `page`, one of its pages.
    func show(_ page: PreferencesPage) { Stack(holding: page)?.show(page) }
}

/// A page of the window: its title and icon in the view switcher.
final class PreferencesPage: Container {
    override class var gtkType: GType { hdy_preferences_page_get_type() }
    required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    init(title: String, icon: String) {
        super.init(hdy_preferences_page_new(), "a page")
        hdy_preferences_page_set_title(cast(HdyPreferencesPage.self), title)
        hdy_preferences_page_set_icon_name(cast(HdyPreferencesPage.self), icon)
    }
}

/// A titled group of rows on a page.
final class PreferencesGroup: Container {
    override class var gtkType: GType { hdy_preferences_group_get_type() }
    required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    /// `title`: nil for a group of rows without one.
    init(title: String?, description: String? = nil) {
        super.init(hdy_preferences_group_new(), "a group")
        if let title { hdy_preferences_group_set_title(cast(HdyPreferencesGroup.self), title) }
        if let description { self.description = description }
    }

    /// The words under its title (nil: none).
    var description: String? {
        get { hdy_preferences_group_get_description(cast(HdyPreferencesGroup.self)).map { String(cString: $0) } }
        set { hdy_preferences_group_set_description(cast(HdyPreferencesGroup.self), newValue) }
    }
}

/// A row: its title, the line under it, and its widgets at the end (`add`).
final class ActionRow: Container {
    override class var gtkType: GType { hdy_action_row_get_type() }
    required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    /// `subtitleLines`: how many lines the subtitle may wrap to (0: as many as it takes).
    init(title: String, subtitle: String? = nil, subtitleLines: Int32 = 0) {
        super.init(hdy_action_row_new(), "a row")
        hdy_preferences_row_set_title(UnsafeMutablePointer(OpaquePointer(pointer)), title)
        if let subtitle { self.subtitle = subtitle }
        hdy_action_row_set_subtitle_lines(cast(HdyActionRow.self), subtitleLines)
    }

    var subtitle: String {
        get { hdy_action_row_get_subtitle(cast(HdyActionRow.self)).map { String(cString: $0) } ?? "" }
        set { hdy_action_row_set_subtitle(cast(HdyActionRow.self), newValue) }
    }

    /// How many lines the title may wrap to.
    func wrapsTitle(to lines: Int32) { hdy_action_row_set_title_lines(cast(HdyActionRow.self), lines) }

    /// A click on the row is a click on `widget` (its switch, its choice).
    func activates(_ widget: Widget) { hdy_action_row_set_activatable_widget(cast(HdyActionRow.self), widget.pointer) }

    /// `widget` before the title (an avatar).
    func addPrefix(_ widget: Widget) { hdy_action_row_add_prefix(cast(HdyActionRow.self), widget.pointer) }
}

/// A row that opens to show rows under it (`add`).
final class ExpanderRow: Container {
    override class var gtkType: GType { hdy_expander_row_get_type() }
    required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    init(title: String) {
        super.init(hdy_expander_row_new(), "an expander")
        hdy_preferences_row_set_title(UnsafeMutablePointer(OpaquePointer(pointer)), title)
        // The theme's arrow (a PNG) for libhandy's own (an SVG, which would load librsvg).
        CHandy_replace_icon(object, "hdy-expander-arrow-symbolic", "go-down-symbolic")
    }

    var subtitle: String {
        get { hdy_expander_row_get_subtitle(cast(HdyExpanderRow.self)).map { String(cString: $0) } ?? "" }
        set { hdy_expander_row_set_subtitle(cast(HdyExpanderRow.self), newValue) }
    }

    /// Open: its rows shown.
    var isExpanded: Bool {
        get { hdy_expander_row_get_expanded(cast(HdyExpanderRow.self)) != 0 }
        set { hdy_expander_row_set_expanded(cast(HdyExpanderRow.self), newValue ? 1 : 0) }
    }
}

/// A person's round picture: their initials on a colour until the picture is set.
final class Avatar: Widget {
    override class var gtkType: GType { hdy_avatar_get_type() }
    required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    init(size: Int32, name: String) { super.init(hdy_avatar_new(size, name, 1), "an avatar") }

    /// The picture at `uri` (a file's), drawn when it is read.
    func showPicture(at uri: String) {
        guard let file = g_file_new_for_uri(uri).map(ObjectReference.init(taking:)),
            let icon = g_file_icon_new(file.pointer).map(ObjectReference.init(taking:))
        else { return }
        hdy_avatar_set_loadable_icon(OpaquePointer(pointer), icon.pointer)
    }
}
