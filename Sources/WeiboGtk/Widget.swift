public import CGLib
public import CGtk

/// A GTK widget owned from Swift: the object holds one reference to its GtkWidget (a new
/// widget's floating reference, sunk) and lets it go when it is freed; a container it is put in
/// holds its own. A window keeps the objects it changes later; one it only packs may go at once
/// (the GtkWidget stays in its container), so a handler never holds a widget weakly: it holds
/// it, and GTK lets go of the handler (and of the object) when it destroys the widget, as it
/// does each child of a window it destroys. Handlers hold the window's own objects weakly.
open class Widget {
    /// The GtkWidget, for a subclass's typed calls and for `Signal`.
    public let pointer: UnsafeMutablePointer<GtkWidget>

    /// Takes `made` (what a `gtk_…_new` returned, or a builder's widget; nil only when memory
    /// is gone, said as `what`). Each subclass has it, for `Builder.widget(_:as:)`.
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) {
        pointer = WeiboGtk.made(made, what)
        g_object_ref_sink(UnsafeMutableRawPointer(pointer))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// The GTK type its widget is (or derives from): what a builder's widget is checked against.
    open class var gtkType: GType { gtk_widget_get_type() }

    /// The GObject, for `Signal.connect`.
    public var object: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    /// The widget as the GTK type `Type` (a subclass's own calls: `GtkLabel` for a label).
    /// Sound because each subclass is made by its type's constructor.
    public func cast<Type>(_: Type.Type = Type.self) -> UnsafeMutablePointer<Type> {
        UnsafeMutablePointer<Type>(OpaquePointer(pointer))
    }

    // MARK: - Showing

    /// Shown or hidden (not its children).
    public var isVisible: Bool {
        get { gtk_widget_get_visible(pointer) != 0 }
        set { gtk_widget_set_visible(pointer, newValue ? 1 : 0) }
    }

    public func show() { gtk_widget_show(pointer) }
    public func hide() { gtk_widget_hide(pointer) }
    /// Shows it and every child, but for those kept hidden until asked (`showsOnlyWhenAsked`).
    public func showAll() { gtk_widget_show_all(pointer) }

    /// Left out of its parent's `showAll`: a line or a button shown only when it has something.
    public var showsOnlyWhenAsked: Bool {
        get { gtk_widget_get_no_show_all(pointer) != 0 }
        set { gtk_widget_set_no_show_all(pointer, newValue ? 1 : 0) }
    }

    /// Takes clicks and keys (greyed out when not).
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(pointer) != 0 }
        set { gtk_widget_set_sensitive(pointer, newValue ? 1 : 0) }
    }

    /// Drawn once (its window exists).
    public var isRealized: Bool { gtk_widget_get_realized(pointer) != 0 }

    /// Ends it: out of its parent, its handlers let go (a window closes).
    public func destroy() { gtk_widget_destroy(pointer) }

    /// Asks for it to be drawn again.
    public func queueDraw() { gtk_widget_queue_draw(pointer) }

    // MARK: - Place and size

    /// Where it sits in the room its parent gives it.
    public enum Align {
        case fill, start, end, center

        var gtk: GtkAlign {
            switch self {
            case .fill: return GTK_ALIGN_FILL
            case .start: return GTK_ALIGN_START
            case .end: return GTK_ALIGN_END
            case .center: return GTK_ALIGN_CENTER
            }
        }
    }

    /// Its alignment across (`horizontal`) and down (`vertical`); one not given stays.
    public func align(horizontal: Align? = nil, vertical: Align? = nil) {
        if let horizontal { gtk_widget_set_halign(pointer, horizontal.gtk) }
        if let vertical { gtk_widget_set_valign(pointer, vertical.gtk) }
    }

    /// Takes the width its parent has to spare.
    public var expandsHorizontally: Bool {
        get { gtk_widget_get_hexpand(pointer) != 0 }
        set { gtk_widget_set_hexpand(pointer, newValue ? 1 : 0) }
    }

    /// The room around it, in pixels; a side not given keeps its margin.
    public func setMargins(start: Int32? = nil, end: Int32? = nil, top: Int32? = nil, bottom: Int32? = nil) {
        if let start { gtk_widget_set_margin_start(pointer, start) }
        if let end { gtk_widget_set_margin_end(pointer, end) }
        if let top { gtk_widget_set_margin_top(pointer, top) }
        if let bottom { gtk_widget_set_margin_bottom(pointer, bottom) }
    }

    /// The least size it asks for (-1: its own).
    public func requestSize(width: Int32 = -1, height: Int32 = -1) { gtk_widget_set_size_request(pointer, width, height) }

    /// The width it would like.
    public var naturalWidth: Int32 {
        var width: Int32 = 0
        gtk_widget_get_preferred_width(pointer, nil, &width)
        return width
    }

    /// Device pixels per drawn pixel (2 on a HiDPI screen).
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(pointer)) }

    /// The frame clock while it is shown: its `beforePaint` and `afterPaint` time the frames.
    public var frameClock: UnsafeMutableRawPointer? { gtk_widget_get_frame_clock(pointer).map { UnsafeMutableRawPointer($0) } }

    // MARK: - Keyboard and pointer

    public func grabFocus() { gtk_widget_grab_focus(pointer) }
    public var hasFocus: Bool { gtk_widget_has_focus(pointer) != 0 }

    /// Pointer events a plain widget (a drawing area) is sent: its presses, its motion.
    public func receivesPointer() {
        gtk_widget_add_events(pointer, Int32(bitPattern: GDK_BUTTON_PRESS_MASK.rawValue | GDK_POINTER_MOTION_MASK.rawValue))
    }

    /// The pointer over it shows `cursor` (nil: its parent's).
    public func setCursor(_ cursor: Cursor?) {
        guard let window = gtk_widget_get_window(pointer) else { return }
        gdk_window_set_cursor(window, cursor?.pointer)
    }

    // MARK: - Words and style

    /// A tooltip, said by screen readers too.
    public var tooltip: String {
        get { gtk_widget_get_tooltip_text(pointer).map { String(gtkOwned: $0) } ?? "" }
        set { gtk_widget_set_tooltip_text(pointer, newValue) }
    }

    /// What a screen reader calls it (AT-SPI's name, through ATK).
    public var accessibleName: String {
        get { atk_object_get_name(gtk_widget_get_accessible(pointer)).map { String(cString: $0) } ?? "" }
        set { atk_object_set_name(gtk_widget_get_accessible(pointer), newValue) }
    }

    /// What a screen reader says after its name.
    public var accessibleDescription: String {
        get { atk_object_get_description(gtk_widget_get_accessible(pointer)).map { String(cString: $0) } ?? "" }
        set { atk_object_set_description(gtk_widget_get_accessible(pointer), newValue) }
    }

    /// A CSS class of the theme's (`dim-label`, `flat`, `error`) on or off.
    public func setStyleClass(_ name: String, _ on: Bool = true) {
        let style = gtk_widget_get_style_context(pointer)
        if on { gtk_style_context_add_class(style, name) } else { gtk_style_context_remove_class(style, name) }
    }

    /// The theme's colours for it (`StyleColors`).
    public var colors: StyleColors { StyleColors(self) }
}

extension String {
    /// A string GLib gave away: copied, then freed.
    init(gtkOwned text: UnsafeMutablePointer<CChar>) {
        self.init(cString: text)
        g_free(text)
    }
}
