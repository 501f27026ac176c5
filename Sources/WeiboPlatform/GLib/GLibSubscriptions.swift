public import CGLib

/// A subscription to a D-Bus signal that owns its callback: GDBus holds a retained box and
/// releases it through the destroy-notify; releasing the handle unsubscribes. The connection is
/// kept (retained) while the subscription lives.
public final class DBusSignalSubscription {
    public typealias Handler = (_ sender: String, _ parameters: OpaquePointer?) -> Void

    private final class Box {
        let handler: Handler
        let shape: String?
        init(_ handler: @escaping Handler, shape: String?) {
            self.handler = handler
            self.shape = shape
        }
    }

    private let connection: OpaquePointer
    private let id: UInt32

    /// Signals `member` of `interface` from `sender` at `path` (nil: any) whose parameters have
    /// the GVariant type `shape` (`(sa{sv}as)`); a signal of another shape never reaches the
    /// handler (it is said once). `shape` nil: the handler reads the parameters only through
    /// `Variants`, which checks each value's type (for a peer whose signal grew over versions).
    public init(
        connection: OpaquePointer, sender: String?, interface: String, member: String?, path: String?, shape: String?,
        _ handler: @escaping Handler
    ) {
        self.connection = connection
        g_object_ref(UnsafeMutableRawPointer(connection))
        id = g_dbus_connection_signal_subscribe(
            connection, sender, interface, member, path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, sender, _, _, member, parameters, data in
                MainContext.assertConfined()
                guard let data else { return }
                let box = Unmanaged<Box>.fromOpaque(data).takeUnretainedValue()
                let sender = sender.map { String(cString: $0) } ?? ""
                if let shape = box.shape {
                    let actual = parameters.flatMap { g_variant_get_type_string($0) }.map { String(cString: $0) } ?? "()"
                    guard actual == shape else {
                        let name = member.map { String(cString: $0) } ?? "a signal"
                        return WrongShape.say("\(sender)'s \(name) signal", "\(actual), not \(shape)")
                    }
                }
                box.handler(sender, parameters)
            }, Unmanaged.passRetained(Box(handler, shape: shape)).toOpaque(),
            { data in
                if let data { Unmanaged<Box>.fromOpaque(data).release() }
            })
    }

    deinit {
        g_dbus_connection_signal_unsubscribe(connection, id)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }
}

/// Watches a bus name for an owner, with owned callbacks (released by the watch's
/// destroy-notify); releasing the handle stops watching.
public final class BusNameWatch {
    private final class Box {
        let appeared: (String) -> Void
        let vanished: () -> Void
        init(appeared: @escaping (String) -> Void, vanished: @escaping () -> Void) {
            self.appeared = appeared
            self.vanished = vanished
        }
    }

    private let id: UInt32

    public convenience init(connection: OpaquePointer, name: String, appeared: @escaping () -> Void, vanished: @escaping () -> Void) {
        self.init(connection: connection, name: name, appearedOwner: { _ in appeared() }, vanished: vanished)
    }

    /// `appearedOwner` gets the unique name of the name's owner: a new owner is a new instance
    /// of the service, with a call to `appearedOwner` even without a `vanished` between.
    public init(connection: OpaquePointer, name: String, appearedOwner: @escaping (String) -> Void, vanished: @escaping () -> Void) {
        id = g_bus_watch_name_on_connection(
            connection, name, G_BUS_NAME_WATCHER_FLAGS_NONE,
            { _, _, owner, data in
                MainContext.assertConfined()
                guard let data else { return }
                Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().appeared(owner.map { String(cString: $0) } ?? "")
            },
            { _, _, data in
                MainContext.assertConfined()
                guard let data else { return }
                Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().vanished()
            }, Unmanaged.passRetained(Box(appeared: appearedOwner, vanished: vanished)).toOpaque(),
            { data in
                if let data { Unmanaged<Box>.fromOpaque(data).release() }
            })
    }

    deinit {
        g_bus_unwatch_name(id)
    }
}

/// A GObject signal handler that owns its callback (a retained box freed by the closure's
/// destroy-notify); releasing the handle disconnects it. The instance is kept while it lives.
public final class GObjectSignalHandler {
    /// The C signature of the signal's handler: GObject calls it with exactly these arguments.
    public enum Shape {
        /// `(instance, GParamSpec, data)`: "notify::property".
        case propertyNotify
        /// `(instance, const char *key, data)`: GSettings' "changed::key".
        case settingsChanged
        /// `(monitor, file, other file, GFileMonitorEvent, data)`: GFileMonitor's "changed";
        /// the handler gets the event as its second argument.
        case fileMonitorChanged
        /// `(instance, data)`: a signal without arguments (SoupServerMessage's "finished").
        case plain
        /// `(instance, guint, data)`: DbusmenuMenuitem's "item-activated" (the timestamp), which
        /// the handler gets as its second argument.
        case unsignedArgument
    }

    private final class Box {
        let handler: (UnsafeMutableRawPointer, UInt32) -> Void
        init(_ handler: @escaping (UnsafeMutableRawPointer, UInt32) -> Void) { self.handler = handler }
    }

    /// Also GSettings' "changed", whose second argument (the key) is a pointer too.
    private static let propertyNotify: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = {
        object, _, data in
        MainContext.assertConfined()
        guard let object, let data else { return }
        Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().handler(object, 0)
    }

    private static let fileMonitorChanged:
        @convention(c) (
            UnsafeMutableRawPointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, UnsafeMutableRawPointer?
        ) -> Void = { object, _, _, event, data in
            MainContext.assertConfined()
            guard let object, let data else { return }
            Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().handler(object, event.rawValue)
        }

    private static let plain: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { object, data in
        MainContext.assertConfined()
        guard let object, let data else { return }
        Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().handler(object, 0)
    }

    private static let unsignedArgument: @convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) -> Void = {
        object, value, data in
        MainContext.assertConfined()
        guard let object, let data else { return }
        Unmanaged<Box>.fromOpaque(data).takeUnretainedValue().handler(object, value)
    }

    private let instance: UnsafeMutableRawPointer
    private let id: UInt

    /// Connects `handler` to `signal` of `instance`, whose handlers have the C signature `shape`.
    public init(_ instance: UnsafeMutableRawPointer, signal: String, shape: Shape, _ handler: @escaping (UnsafeMutableRawPointer, UInt32) -> Void) {
        self.instance = instance
        g_object_ref(instance)
        // GCallback is the untyped form of a handler, as G_CALLBACK casts in C; each trampoline
        // has the exact signature of the signals named in `Shape`.
        let callback: GCallback
        switch shape {
        case .propertyNotify, .settingsChanged: callback = unsafeBitCast(Self.propertyNotify, to: GCallback.self)
        case .fileMonitorChanged: callback = unsafeBitCast(Self.fileMonitorChanged, to: GCallback.self)
        case .plain: callback = unsafeBitCast(Self.plain, to: GCallback.self)
        case .unsignedArgument: callback = unsafeBitCast(Self.unsignedArgument, to: GCallback.self)
        }
        id = CGLib_signal_connect(
            instance, signal, callback, Unmanaged.passRetained(Box(handler)).toOpaque(),
            { data, _ in
                if let data { Unmanaged<Box>.fromOpaque(data).release() }
            })
    }

    deinit {
        if g_signal_handler_is_connected(instance, id) != 0 { g_signal_handler_disconnect(instance, id) }
        g_object_unref(instance)
    }
}

/// A weak reference handed to C as user data: GLib (or GDBus) retains the box and frees it with
/// the destroy-notify it is given, while the object it points at keeps its own lifetime (it
/// unregisters in `deinit`, and a late call finds the box empty).
public final class WeakTarget {
    public weak var object: AnyObject?
    public init(_ object: AnyObject) { self.object = object }

    /// The box, retained for C; balanced by `release`, the destroy-notify.
    public static func retained(_ object: AnyObject) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(WeakTarget(object)).toOpaque()
    }

    /// The object behind user data made by `retained`, if it is still there.
    public static func object<Target: AnyObject>(_ type: Target.Type, in data: UnsafeMutableRawPointer?) -> Target? {
        guard let data else { return nil }
        return Unmanaged<WeakTarget>.fromOpaque(data).takeUnretainedValue().object as? Target
    }

    /// The destroy-notify that frees a box made by `retained`.
    public static let release: GDestroyNotify = { data in
        if let data { Unmanaged<WeakTarget>.fromOpaque(data).release() }
    }
}
