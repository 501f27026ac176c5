import CGLib
import CGtk
public import WeiboKit

/// Where a popup window may go: a layer-shell compositor's corner (sway, wlroots), or a point
/// of an X11 screen; elsewhere (GNOME on Wayland) the shell places it.
public enum Placement {
    /// A corner of the screen.
    public struct Corner: Sendable {
        public var top: Bool
        public var right: Bool

        public init(top: Bool, right: Bool) {
            self.top = top
            self.right = right
        }
    }

    /// The compositor offers layer surfaces (gtk-layer-shell).
    public static var hasLayerShell: Bool { gtk_layer_is_supported() != 0 }

    /// `window` as a layer surface of `width`×`height` in `corner`, `margin` pixels from its
    /// edges, above the notification bubbles (the overlay layer), with the keyboard while it is
    /// shown (every show is a click's or a key's): on demand, sway gives it and takes it back at
    /// once when another window has the focus. The compositor gives it back when it unmaps.
    public static func inCorner(_ window: Window, _ corner: Corner, width: Int32, height: Int32, margin: Int32, namespace: String) {
        let layer = window.cast(GtkWindow.self)
        gtk_layer_init_for_window(layer)
        gtk_layer_set_layer(layer, GTK_LAYER_SHELL_LAYER_OVERLAY)
        gtk_layer_set_namespace(layer, namespace)
        gtk_layer_set_keyboard_mode(layer, GTK_LAYER_SHELL_KEYBOARD_MODE_EXCLUSIVE)
        // A layer surface is as big as its window asks, not its default size.
        window.requestSize(width: width, height: height)
        for (edge, on) in [
            (GTK_LAYER_SHELL_EDGE_TOP, corner.top), (GTK_LAYER_SHELL_EDGE_BOTTOM, !corner.top), (GTK_LAYER_SHELL_EDGE_RIGHT, corner.right),
            (GTK_LAYER_SHELL_EDGE_LEFT, !corner.right),
        ] {
            gtk_layer_set_anchor(layer, edge, on ? 1 : 0)
            gtk_layer_set_margin(layer, edge, on ? margin : 0)
        }
    }

    /// Only X11 lets a window place itself.
    public static var isX11: Bool {
        guard let display = gdk_display_get_default() else { return false }
        return String(cString: CGtk_type_name(UnsafeMutableRawPointer(display))).hasPrefix("GdkX11")
    }

    /// Where the pointer is on the screen.
    public static var pointer: (x: Int32, y: Int32)? {
        guard let display = gdk_display_get_default(), let seat = gdk_display_get_default_seat(display), let device = gdk_seat_get_pointer(seat)
        else { return nil }
        var point: (x: Int32, y: Int32) = (0, 0)
        gdk_device_get_position(device, nil, &point.x, &point.y)
        return point
    }

    /// The work area (the screen less its panels) of the monitor at a point, and the whole monitor.
    public static func workArea(at point: (x: Int32, y: Int32)) -> (area: FrameRect, monitor: FrameRect)? {
        guard let display = gdk_display_get_default(), let monitor = gdk_display_get_monitor_at_point(display, point.x, point.y) else { return nil }
        var area = GdkRectangle()
        gdk_monitor_get_workarea(monitor, &area)
        var whole = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &whole)
        return (frame(area), frame(whole))
    }

    private static func frame(_ rectangle: GdkRectangle) -> FrameRect {
        FrameRect(x: Int(rectangle.x), y: Int(rectangle.y), width: Int(rectangle.width), height: Int(rectangle.height))
    }
}
