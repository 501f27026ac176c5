import CGLib

/// One asynchronous D-Bus method call to a peer, bounded by a timeout (two seconds unless said
/// otherwise), whose answer always comes later on the thread-default main context. A peer that
/// never answers costs the loop nothing: the call fails when its time is up.
///
/// Every call names the shape its answer must have (`reply`, a GVariant type such as `(aoao)`):
/// GDBus checks it, and an answer of another shape is an error, said once a peer and method,
/// never read. The completion is held in a retained box that the call's callback (which GIO
/// runs exactly once) releases.
public enum DBusCall {
    /// The longest any call to a peer may take.
    public static let timeoutMilliseconds: Int32 = 2000

    public typealias Completion = (_ reply: OpaquePointer?, _ error: GLibError?) -> Void

    private final class Box {
        let completion: Completion
        let peer: String
        let method: String
        init(_ completion: @escaping Completion, peer: String, method: String) {
            self.completion = completion
            self.peer = peer
            self.method = method
        }
    }

    /// Calls `method` of `interface` at `path` on `name`; `completion` gets the reply, of the
    /// type `reply` (valid during the completion only), or the error. `parameters` is consumed.
    /// No peer is started by D-Bus activation unless `startingIt`.
    public static func call(
        _ connection: OpaquePointer, name: String, path: String, interface: String, method: String, _ parameters: OpaquePointer?,
        reply: String, startingIt: Bool = false, timeoutMilliseconds: Int32 = timeoutMilliseconds, completion: @escaping Completion
    ) {
        let expected = g_variant_type_new(reply)
        // GDBus keeps a copy.
        defer { g_variant_type_free(expected) }
        g_dbus_connection_call(
            connection, name, path, interface, method, parameters, expected,
            startingIt ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START, timeoutMilliseconds, nil,
            { source, result, data in
                MainContext.assertConfined()
                guard let data else { return }
                let box = Unmanaged<Box>.fromOpaque(data).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
                defer { if let reply { g_variant_unref(reply) } }
                let failure = error.map { GLibError(taking: $0) }
                if let failure, failure.domain == GLibError.ioDomain, failure.code == Int32(G_IO_ERROR_INVALID_ARGUMENT.rawValue) {
                    WrongShape.say("\(box.peer)'s answer to \(box.method)", failure.message)
                }
                box.completion(reply, failure)
            }, Unmanaged.passRetained(Box(completion, peer: name, method: method)).toOpaque())
    }

    /// Reads property `property` of `interface` (`org.freedesktop.DBus.Properties.Get`); the
    /// completion gets the value, unwrapped from its variant, or nil.
    public static func property(
        _ connection: OpaquePointer, name: String, path: String, interface: String, _ property: String,
        completion: @escaping (OpaquePointer?) -> Void
    ) {
        call(
            connection, name: name, path: path, interface: "org.freedesktop.DBus.Properties", method: "Get",
            Variants.tuple([Variants.string(interface), Variants.string(property)]), reply: "(v)"
        ) { reply, _ in
            guard let reply, let boxed = g_variant_get_child_value(reply, 0) else { return completion(nil) }
            defer { g_variant_unref(boxed) }
            let value = g_variant_get_variant(boxed)
            defer { if let value { g_variant_unref(value) } }
            completion(value)
        }
    }
}

/// Answers and signals of the wrong shape from a peer: each kind said once a run (a peer that
/// answers wrongly does so at every call), at the message level, and never read.
public enum WrongShape {
    /// `nonisolated(unsafe)`: the main loop's thread alone touches it (asserted in `say`).
    nonisolated(unsafe) private static var said: Set<String> = []

    /// `what`: the answer or signal and whose; `detail`: GDBus's words, or the shape it had.
    public static func say(_ what: String, _ detail: String) {
        MainContext.assertOnLoopThread()
        guard said.insert(what).inserted else { return }
        Log.message("\(what) has the wrong shape, and is ignored: \(detail)")
    }
}
