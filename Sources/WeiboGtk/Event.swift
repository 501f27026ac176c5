import CGLib
public import CGtk

/// An input event a signal passed (`keyPressEvent`, `buttonPressEvent`, `motionNotifyEvent`):
/// read while the handler runs, never kept (GTK frees it after).
public struct Event {
    public let pointer: UnsafeMutablePointer<GdkEvent>

    /// The event a handler was given.
    public init(_ argument: UnsafeMutableRawPointer) { pointer = argument.assumingMemoryBound(to: GdkEvent.self) }

    // MARK: - A key

    /// The key's name as GDK gives it ("Escape", "Return", "a").
    public var keyName: String { gdk_keyval_name(CGtk_event_keyval(pointer)).map { String(cString: $0) } ?? "" }

    /// The key is the arrow down.
    public var isDownArrow: Bool { CGtk_event_keyval(pointer) == UInt32(CGtk_KEY_Down) }

    /// The key gives a character that is not a control or a space (a search starts with it).
    public var typesText: Bool { gdk_keyval_to_unicode(CGtk_event_keyval(pointer)) > 0x20 }

    public var control: Bool { CGtk_event_state(pointer) & UInt32(CGtk_CONTROL_MASK) != 0 }
    public var alt: Bool { CGtk_event_state(pointer) & UInt32(CGtk_MOD1_MASK) != 0 }
    public var shift: Bool { CGtk_event_state(pointer) & UInt32(CGtk_SHIFT_MASK) != 0 }

    // MARK: - The pointer

    /// The pointer in the widget's pixels (nil: the event has none).
    public var point: (x: Double, y: Double)? {
        var point = (x: 0.0, y: 0.0)
        return gdk_event_get_coords(pointer, &point.x, &point.y) != 0 ? point : nil
    }

    /// A press of the first button (the left one, or a touch).
    public var isFirstButton: Bool {
        var button: UInt32 = 0
        return gdk_event_get_button(pointer, &button) != 0 && button == 1
    }
}

/// A pointer shape by its CSS name ("pointer": the hand over a link), for `Widget.setCursor`.
public final class Cursor {
    let pointer: OpaquePointer

    /// The shape `name` on `widget`'s display (nil before it is shown, or a theme without it).
    public init?(named name: String, for widget: Widget) {
        guard let window = gtk_widget_get_window(widget.pointer),
            let cursor = gdk_cursor_new_from_name(gdk_window_get_display(window), name)
        else { return nil }
        pointer = cursor
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}
