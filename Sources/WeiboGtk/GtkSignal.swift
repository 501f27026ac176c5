import CGLib

/// Connects a Swift closure to a GTK (GObject) signal, for `Signal` (the windows connect through
/// it, never with a shape of their own). The object owns the connection: GObject holds a
/// retained box with the closure and releases it through the destroy-notify when the object is
/// finalized (or the handler disconnected). Capture the window's objects weakly.
enum GtkSignal {
    /// The C signature of the signal's handler; GObject calls it with exactly these arguments.
    enum Shape: Sendable {
        /// `(instance, data)`: "clicked", "activate", "destroy".
        case plain
        /// `(instance, data) → gboolean`: GtkSpinButton's "output" (handled: it wrote the text).
        case plainReturningBool
        /// `(instance, pointer, data)`: "row-activated" (the row), "size-allocate" (the allocation).
        case pointer
        /// `(instance, pointer, data) → gboolean`: "draw" (the cairo context), "key-press-event" and
        /// "focus-out-event" (the event); the handler's answer: handled (stop other handlers).
        case pointerReturningBool
        /// `(instance, pointer, guint, data)`: GtkNotebook's "switch-page" (the page, its number).
        case pointerAndNumber
        /// `(instance, pointer, data) → int`: GApplication's "command-line", the exit status.
        case pointerReturningInt
    }

    /// The handler: the instance, the pointer argument (if any), the number (if any); what it
    /// returns is the signal's return value where it has one.
    typealias Handler = (_ instance: UnsafeMutableRawPointer, _ argument: UnsafeMutableRawPointer?, _ number: UInt32) -> Int32

    private final class Box {
        let handler: Handler
        init(_ handler: @escaping Handler) { self.handler = handler }
    }

    private static func box(_ data: UnsafeMutableRawPointer?) -> Box? {
        data.map { Unmanaged<Box>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let plain: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { object, data in
        guard let object else { return }
        _ = box(data)?.handler(object, nil, 0)
    }

    private static let plainReturningBool: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 = { object, data in
        guard let object else { return 0 }
        return box(data)?.handler(object, nil, 0) ?? 0
    }

    private static let pointer: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
        object, argument, data in
        guard let object else { return }
        _ = box(data)?.handler(object, argument, 0)
    }

    private static let pointerReturningInt: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 = {
        object, argument, data in
        guard let object else { return 0 }
        return box(data)?.handler(object, argument, 0) ?? 0
    }

    private static let pointerAndNumber: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) -> Void = {
        object, argument, number, data in
        guard let object else { return }
        _ = box(data)?.handler(object, argument, number)
    }

    /// Connects `handler` to `signal` of `instance`, whose handlers have the C signature `shape`.
    @discardableResult
    static func connect(_ instance: UnsafeMutableRawPointer?, _ signal: String, _ shape: Shape, _ handler: @escaping Handler) -> UInt {
        guard let instance else { return 0 }
        // GCallback is the untyped form of a handler, as G_CALLBACK casts in C.
        let callback: GCallback
        switch shape {
        case .plain: callback = unsafeBitCast(plain, to: GCallback.self)
        case .plainReturningBool: callback = unsafeBitCast(plainReturningBool, to: GCallback.self)
        case .pointer: callback = unsafeBitCast(pointer, to: GCallback.self)
        case .pointerReturningBool, .pointerReturningInt: callback = unsafeBitCast(pointerReturningInt, to: GCallback.self)
        case .pointerAndNumber: callback = unsafeBitCast(pointerAndNumber, to: GCallback.self)
        }
        return CGLib_signal_connect(
            instance, signal, callback, Unmanaged.passRetained(Box(handler)).toOpaque(),
            { data, _ in
                if let data { Unmanaged<Box>.fromOpaque(data).release() }
            })
    }
}
