import CGLib

/// The session bus, and the names this program uses on it.
public enum SessionBus {
    public static let busName = "io.github.WeiboNotifier"
    public static let objectPath = "/io/github/WeiboNotifier"
    public static let interfaceName = "io.github.WeiboNotifier1"

    /// Why the bus could not be used.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        /// The daemon answered, and said it could not do what was asked.
        public var isRefusal = false
        public var description: String { message }

        public init(message: String, isRefusal: Bool = false) {
            self.message = message
            self.isRefusal = isRefusal
        }
    }

    /// A connection to the session bus, or why there is none (no desktop session).
    public static func connect() throws(Failure) -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            let message = error.map { GLibError(taking: $0).message } ?? "unknown error"
            throw Failure(message: tr("no D-Bus session bus (%s); run inside a desktop session, or under dbus-run-session", message))
        }
        return connection
    }

    /// Gives back a connection `connect` returned.
    public static func release(_ connection: OpaquePointer) {
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Asks the daemon for `method` (with one string argument, when given) without waiting
    /// for it (a status bar's click, read by a loop that also writes the bar's lines); D-Bus
    /// starts the notifier when none runs. A failure is only logged: the click has no one to
    /// tell.
    public static func askDaemon(_ connection: OpaquePointer, _ method: String, argument: String? = nil) {
        let parameters: OpaquePointer? = argument.flatMap { g_variant_new_tuple([g_variant_new_string($0)], 1) }
        DBusCall.call(
            connection, name: busName, path: objectPath, interface: interfaceName, method: method, parameters,
            reply: DaemonInterface.replyShape(of: method), startingIt: true, timeoutMilliseconds: 30_000
        ) { _, error in
            if let error { Log.message("\(method): \(error.message)") }
        }
    }

    /// Calls `method` (with one string argument, `argument`, or one `u`, `number`, when given)
    /// on the running daemon and returns its reply (owned by the caller). `startingIt`: D-Bus
    /// may start the notifier (its activation file) when none runs.
    public static func callDaemon(
        _ connection: OpaquePointer, _ method: String, argument: String? = nil, number: UInt32? = nil, timeoutMilliseconds: Int32 = 10_000,
        startingIt: Bool = false, arguments: [String] = []
    ) throws(Failure) -> OpaquePointer? {
        var error: UnsafeMutablePointer<GError>?
        let parameters: OpaquePointer? =
            argument.flatMap { g_variant_new_tuple([g_variant_new_string($0)], 1) }
            ?? number.flatMap { g_variant_new_tuple([g_variant_new_uint32($0)], 1) }
            ?? (arguments.isEmpty ? nil : g_variant_new_tuple(arguments.map { g_variant_new_string($0) }, gsize(arguments.count)))
        // The answer is checked against the interface's description: another program may own the name.
        let expected = g_variant_type_new(DaemonInterface.replyShape(of: method))
        defer { g_variant_type_free(expected) }
        let reply = g_dbus_connection_call_sync(
            connection, busName, objectPath, interfaceName, method, parameters, expected,
            startingIt ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START, timeoutMilliseconds, nil, &error)
        if let error {
            // The daemon's own refusal (`Refresh` without an answer from Weibo): its words only.
            if g_dbus_error_is_remote_error(error) != 0, let name = g_dbus_error_get_remote_error(error) {
                defer { g_free(name) }
                if String(cString: name) == DaemonInterface.failedError {
                    g_dbus_error_strip_remote_error(error)
                    throw Failure(message: GLibError(taking: error).message, isRefusal: true)
                }
            }
            let glibError = GLibError(taking: error)
            if glibError.isNoOwner {
                throw Failure(message: tr("no weibo-notifier daemon is running; start it with: weibo-notifier run"))
            }
            throw Failure(message: tr("the daemon did not answer %s: %s", method, glibError.message))
        }
        return reply
    }

    /// Whether `name` has an owner on the bus.
    public static func hasOwner(_ connection: OpaquePointer, _ name: String) -> Bool {
        let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
            g_variant_new_tuple([g_variant_new_string(name)], 1), nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, nil)
        guard let reply else { return false }
        defer { g_variant_unref(reply) }
        let value = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }

    /// The unique name (`:1.42`) of the name's owner, if it has one.
    public static func owner(_ connection: OpaquePointer, name: String) -> String? {
        let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetNameOwner",
            g_variant_new_tuple([g_variant_new_string(name)], 1), nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, nil)
        guard let reply else { return nil }
        defer { g_variant_unref(reply) }
        return Variants.string(in: reply, at: 0)
    }

    /// The process id of the name's owner, if it has one.
    public static func ownerPID(_ connection: OpaquePointer, name: String) -> UInt32? {
        let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
            "GetConnectionUnixProcessID", g_variant_new_tuple([g_variant_new_string(name)], 1), nil, G_DBUS_CALL_FLAGS_NONE, 5000,
            nil, nil)
        guard let reply else { return nil }
        defer { g_variant_unref(reply) }
        let value = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(value) }
        return g_variant_get_uint32(value)
    }
}
