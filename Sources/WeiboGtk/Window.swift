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
    /// above the others. A utility window to the window manager, or an ordinary one when
    /// `normal` (both placed where they ask).
    public func isAPopup(normal: Bool) {
        gtk_window_set_decorated(window, 0)
        gtk_window_set_type_hint(window, normal ? GDK_WINDOW_TYPE_HINT_NORMAL : GDK_WINDOW_TYPE_HINT_UTILITY)
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

    /// Whether the desktop shows it as the focused window: the keyboard's (`isActive`), or the
    /// state the shell gives it (xdg-shell's `activated`, `_NET_WM_STATE_FOCUSED`), which a
    /// desktop without a keyboard (a headless shell) sets too.
    public var isFocused: Bool {
        guard !isActive else { return true }
        guard let drawn = gtk_widget_get_window(pointer) else { return false }
        return gdk_window_get_state(drawn).rawValue & GDK_WINDOW_STATE_FOCUSED.rawValue != 0
    }

    /// Its top-left corner at a point of the screen (X11; elsewhere the shell places windows).
    public func move(x: Int32, y: Int32) { gtk_window_move(window, x, y) }
}
