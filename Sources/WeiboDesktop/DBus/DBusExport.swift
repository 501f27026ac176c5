import CGLib
import WeiboPlatform

/// An object exported on a D-Bus connection: one interface from its introspection XML, with
/// handlers for its methods and properties. GDBus holds the handlers in a retained box that
/// its destroy-notify frees; releasing the export unregisters the object.
final class DBusExport {
    /// A method call: its name, its parameters tuple, and the invocation to answer.
    typealias MethodHandler = (_ method: String, _ parameters: OpaquePointer?, _ invocation: OpaquePointer) -> Void
    /// A property's value (a floating GVariant), or nil for one the interface does not have.
    typealias PropertyHandler = (_ name: String) -> OpaquePointer?

    private final class Handlers {
        let method: MethodHandler
        let property: PropertyHandler
        init(method: @escaping MethodHandler, property: @escaping PropertyHandler) {
            self.method = method
            self.property = property
        }
    }

    private let connection: OpaquePointer
    private let vtable: UnsafeMutablePointer<GDBusInterfaceVTable>
    private var id: UInt32 = 0

    /// Exports the first interface of `introspection` at `path`. Capture the owner weakly in the
    /// handlers: the owner keeps the export.
    init(
        connection: OpaquePointer, path: String, introspection: String, method: @escaping MethodHandler,
        property: @escaping PropertyHandler = { _ in nil }
    ) throws(SessionBus.Failure) {
        self.connection = connection
        vtable = .allocate(capacity: 1)
        vtable.initialize(
            to: GDBusInterfaceVTable(
                method_call: { _, _, _, _, method, parameters, invocation, data in
                    MainContext.assertConfined()
                    guard let method, let invocation, let data else { return }
                    Unmanaged<Handlers>.fromOpaque(data).takeUnretainedValue().method(String(cString: method), parameters, invocation)
                },
                get_property: { _, _, _, _, name, _, data in
                    guard let name, let data else { return nil }
                    return Unmanaged<Handlers>.fromOpaque(data).takeUnretainedValue().property(String(cString: name))
                }, set_property: nil, padding: (nil, nil, nil, nil, nil, nil, nil, nil)))
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(introspection, &error) else {
            throw SessionBus.Failure(message: "bad interface description: \(error.map { GLibError(taking: $0).message } ?? "")")
        }
        defer { g_dbus_node_info_unref(node) }
        // The box is retained for GDBus and released by its destroy-notify, after the last call.
        id = g_dbus_connection_register_object(
            connection, path, node.pointee.interfaces[0], vtable, Unmanaged.passRetained(Handlers(method: method, property: property)).toOpaque(),
            { data in
                if let data { Unmanaged<Handlers>.fromOpaque(data).release() }
            }, &error)
        guard id != 0 else {
            throw SessionBus.Failure(message: "cannot export \(path): \(error.map { GLibError(taking: $0).message } ?? "")")
        }
    }

    deinit {
        if id != 0 { g_dbus_connection_unregister_object(connection, id) }
        // GDBus no longer calls through the table once the object is unregistered.
        vtable.deinitialize(count: 1)
        vtable.deallocate()
    }

    /// Answers a call that came after the owner went (the program is shutting down).
    static func shuttingDown(_ invocation: OpaquePointer) {
        g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.Failed", "shutting down")
    }
}
