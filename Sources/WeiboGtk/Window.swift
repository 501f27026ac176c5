public import CGLib
public import CGtk

/// A top-level window (GtkWindow). GTK keeps it until it is destroyed (`destroy`, or closed
/// by the user when nothing keeps it): this object's reference only keeps the GObject readable.
open class Window: Container {
    open override class var gtkType: GType { gtk_window_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    /// An application's window: it keeps the application running while it is open.
    public init(application: Application) {
        super.init(gtk_application_window_new(application.pointer), "a window")
    }

    private var window: UnsafeMutablePointer<GtkWindow> { cast() }

    public var title: String {
        get { gtk_window_get_title(window).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(window, newValue) }
    }

    public func setDefaultSize(width: Int32, height: Int32) { gtk_window_set_default_size(window, width, height) }

    /// The icon its window list and switcher show, by icon name.
    public var iconName: String {
        get { gtk_window_get_icon_name(window).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_icon_name(window, newValue) }
    }

    /// The application it belongs to.
    public func belongs(to application: Application) { gtk_window_set_application(window, application.pointer) }

    /// Over `parent`, and the only one of the two that takes input.
    public func keepOver(_ parent: Window) {
        gtk_window_set_transient_for(window, parent.window)
        gtk_window_set_modal(window, 1)
    }

    /// A popup, not an application window: no title bar, not in the taskbar or the pager,
    /// above the others; a window manager places a utility window where it asks.
    public func isAPopup() {
        gtk_window_set_decorated(window, 0)
        gtk_window_set_type_hint(window, GDK_WINDOW_TYPE_HINT_UTILITY)
        gtk_window_set_skip_taskbar_hint(window, 1)
        gtk_window_set_skip_pager_hint(window, 1)
        gtk_window_set_keep_above(window, 1)
    }

    /// Shows it, raised, with the keyboard.
    public func present() { gtk_window_present(window) }

    /// Closes it as its close button would (its `deleteEvent` first).
    public func close() { gtk_window_close(window) }

    /// It has the keyboard.
    public var isActive: Bool { gtk_window_is_active(window) != 0 }

    /// Its top-left corner at a point of the screen (X11; elsewhere the shell places windows).
    public func move(x: Int32, y: Int32) { gtk_window_move(window, x, y) }
}

/// A unique GTK application (GtkApplication): a later start of the program hands its command
/// line to the first one's `commandLine` signal.
public final class Application {
    public let pointer: UnsafeMutablePointer<GtkApplication>

    /// Named `id` on the session bus.
    public init(id: String) {
        pointer = made(gtk_application_new(id, G_APPLICATION_HANDLES_COMMAND_LINE), "a GtkApplication")
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// The GObject, for `Signal.connect`.
    public var object: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    /// Its session-bus connection (nil before it registered, or with no bus).
    public var busConnection: OpaquePointer? {
        g_application_get_dbus_connection(UnsafeMutablePointer(OpaquePointer(pointer)))
    }

    /// Runs until its last window closes; the exit status.
    public func run(_ arguments: [String]) -> Int32 { GtkApplicationRun.run(object, arguments) }
}

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

/// GTK itself.
public enum Toolkit {
    /// Sets GTK up for this process (the display, the theme), before any window.
    public static func start() { gtk_init(nil, nil) }
}

/// The clipboard of Ctrl+C and Ctrl+V.
public enum Clipboard {
    public static func copy(_ text: String) {
        gtk_clipboard_set_text(gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0)), text, -1)
    }
}
