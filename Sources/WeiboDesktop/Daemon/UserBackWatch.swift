import CGLib
import WeiboPlatform

/// Tells when the user is back at the machine, so that the counts are checked at once: resumed
/// from suspend (logind's `PrepareForSleep(false)`), the session unlocked (logind's `Unlock`, or
/// its `LockedHint` going false), the screen saver gone (`ActiveChanged(false)` of
/// `org.freedesktop.ScreenSaver` or `org.gnome.ScreenSaver`, where a desktop sends it).
final class UserBackWatch {
    private var subscriptions: [DBusSignalSubscription] = []

    /// `back` gets what happened, in words for the log. `session`: the session bus.
    init(session: OpaquePointer?, back: @escaping (String) -> Void) {
        var error: UnsafeMutablePointer<GError>?
        if let system = g_bus_get_sync(G_BUS_TYPE_SYSTEM, nil, &error) {
            // The subscriptions keep their own references to the connection.
            defer { g_object_unref(UnsafeMutableRawPointer(system)) }
            subscriptions.append(
                DBusSignalSubscription(
                    connection: system, sender: "org.freedesktop.login1", interface: "org.freedesktop.login1.Manager", member: "PrepareForSleep",
                    path: "/org/freedesktop/login1", shape: "(b)"
                ) { _, parameters in
                    if let parameters, !Variants.boolean(in: parameters, at: 0) { back("resumed from suspend") }
                })
            // Any session's: which one is this process's would be a blocking call; another
            // user's unlock costs one check.
            subscriptions.append(
                DBusSignalSubscription(
                    connection: system, sender: "org.freedesktop.login1", interface: "org.freedesktop.login1.Session", member: "Unlock",
                    path: nil, shape: nil
                ) { _, _ in back("the session was unlocked") })
            subscriptions.append(
                DBusSignalSubscription(
                    connection: system, sender: "org.freedesktop.login1", interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                    path: nil, shape: "(sa{sv}as)"
                ) { _, parameters in
                    if let parameters, Self.unlockedHint(parameters) { back("the session was unlocked") }
                })
        } else if let error {
            // Taken (and freed) whether or not the debug line is shown.
            let failure = GLibError(taking: error)
            Log.debug("no system bus (\(failure.message)); a resume or an unlock is noticed at the next tick")
        }
        guard let session else { return }
        for interface in ["org.freedesktop.ScreenSaver", "org.gnome.ScreenSaver"] {
            subscriptions.append(
                DBusSignalSubscription(connection: session, sender: nil, interface: interface, member: "ActiveChanged", path: nil, shape: "(b)") {
                    _, parameters in
                    if let parameters, !Variants.boolean(in: parameters, at: 0) { back("the screen saver ended") }
                })
        }
    }

    /// A session's properties changed with `LockedHint` false (GNOME and others set it when the
    /// screen is unlocked).
    private static func unlockedHint(_ parameters: OpaquePointer) -> Bool {
        guard Variants.string(in: parameters, at: 0) == "org.freedesktop.login1.Session",
            let changed = g_variant_get_child_value(parameters, 1)
        else { return false }
        defer { g_variant_unref(changed) }
        guard let hint = g_variant_lookup_value(changed, "LockedHint", nil) else { return false }
        defer { g_variant_unref(hint) }
        return g_variant_get_type_string(hint).map { String(cString: $0) } == "b" && g_variant_get_boolean(hint) == 0
    }
}
