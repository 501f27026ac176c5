import CGLib
public import CGtk

/// The theme's additions for every window of the process (a `GtkCssProvider` on the screen).
public enum Style {
    /// Adds `css` over the theme; false when GTK refused it.
    @discardableResult
    public static func add(_ css: String) -> Bool {
        guard let provider = gtk_css_provider_new(), let screen = gdk_screen_get_default() else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(provider)) }
        guard gtk_css_provider_load_from_data(provider, css, -1, nil) != 0 else { return false }
        gtk_style_context_add_provider_for_screen(screen, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        return true
    }

    /// The desktop's font for text ("Cantarell 11"; nil: none set).
    public static var fontName: String? {
        guard let settings = gtk_settings_get_default() else { return nil }
        var name: UnsafeMutablePointer<CChar>?
        CGtk_settings_font_name(settings, &name)
        return name.map { String(gtkOwned: $0) }
    }
}

/// A widget's colours in the theme (dark and high contrast included), for what it paints.
public struct StyleColors {
    private let widget: Widget

    init(_ widget: Widget) { self.widget = widget }

    private var style: UnsafeMutablePointer<GtkStyleContext>? { gtk_widget_get_style_context(widget.pointer) }

    /// Its text's colour in its state.
    public var foreground: GdkRGBA {
        var rgba = GdkRGBA()
        gtk_style_context_get_color(style, gtk_style_context_get_state(style), &rgba)
        return rgba
    }

    /// It, or the row holding it, is selected (a row's children take its colours by CSS, not
    /// its state).
    public var isSelected: Bool {
        let selected = GTK_STATE_FLAG_SELECTED.rawValue
        if gtk_style_context_get_state(style).rawValue & selected != 0 { return true }
        return gtk_widget_get_parent(widget.pointer).map { gtk_widget_get_state_flags($0).rawValue & selected != 0 } ?? false
    }

    /// A link's colour as the theme gives it (`*:link`).
    public var link: GdkRGBA {
        var rgba = GdkRGBA()
        gtk_style_context_save(style)
        gtk_style_context_set_state(style, GTK_STATE_FLAG_LINK)
        gtk_style_context_get_color(style, GTK_STATE_FLAG_LINK, &rgba)
        gtk_style_context_restore(style)
        return rgba
    }

    /// A colour the theme names (`theme_selected_bg_color`); nil for one it has not.
    public func named(_ name: String) -> GdkRGBA? {
        var rgba = GdkRGBA()
        return gtk_style_context_lookup_color(style, name, &rgba) != 0 ? rgba : nil
    }
}
