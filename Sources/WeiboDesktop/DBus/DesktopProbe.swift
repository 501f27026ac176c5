import CGLib
import WeiboKit
import WeiboPlatform

/// What `doctor` asks of the desktop: the notification server, the tray, the network.
public enum DesktopProbe {
    /// The notification server's name, version and capabilities.
    public struct NotificationServer: Equatable, Sendable {
        public var name: String
        public var version: String
        public var capabilities: [String]
    }

    /// The notification server on `bus`, or nil when none answers within 5 s.
    public static func notificationServer(on bus: OpaquePointer) -> NotificationServer? {
        guard let info = call(bus, "GetServerInformation") else { return nil }
        defer { g_variant_unref(info) }
        var capabilities: [String] = []
        if let reply = call(bus, "GetCapabilities") {
            let list = g_variant_get_child_value(reply, 0)
            for index in 0..<g_variant_n_children(list) {
                let item = g_variant_get_child_value(list, index)
                capabilities.append(g_variant_get_string(item, nil).map { String(cString: $0) } ?? "")
                g_variant_unref(item)
            }
            g_variant_unref(list)
            g_variant_unref(reply)
        }
        return NotificationServer(
            name: Variants.string(in: info, at: 0), version: Variants.string(in: info, at: 2), capabilities: capabilities)
    }

    /// Whether a panel with a StatusNotifierItem tray runs.
    public static func hasTray(on bus: OpaquePointer) -> Bool {
        SessionBus.hasOwner(bus, "org.kde.StatusNotifierWatcher")
    }

    /// Whether the tray lists the running notifier's icon (its watcher's
    /// `RegisteredStatusNotifierItems`); nil when no notifier runs, or the tray does not say.
    public static func trayListsNotifier(on bus: OpaquePointer) -> Bool? {
        let daemon = "io.github.WeiboNotifier"
        guard let unique = SessionBus.owner(bus, name: daemon), let pid = SessionBus.ownerPID(bus, name: daemon),
            let reply = g_dbus_connection_call_sync(
                bus, "org.kde.StatusNotifierWatcher", "/StatusNotifierWatcher", "org.freedesktop.DBus.Properties", "Get",
                Variants.tuple([Variants.string("org.kde.StatusNotifierWatcher"), Variants.string("RegisteredStatusNotifierItems")]), nil,
                G_DBUS_CALL_FLAGS_NO_AUTO_START, 5000, nil, nil)
        else { return nil }
        defer { g_variant_unref(reply) }
        let boxed = g_variant_get_child_value(reply, 0)
        defer { if let boxed { g_variant_unref(boxed) } }
        guard let list = boxed.flatMap({ g_variant_get_variant($0) }) else { return nil }
        defer { g_variant_unref(list) }
        guard let entries = Variants.strings(list) else { return nil }
        // The item's name is the daemon's (StatusNotifierItem.busName).
        return entries.contains { TrayRegistration.names($0, busName: "org.kde.StatusNotifierItem-\(pid)-1", uniqueName: unique) }
    }

    /// Whether a notification server owns its name.
    public static func hasNotificationServer(on bus: OpaquePointer) -> Bool {
        SessionBus.hasOwner(bus, "org.freedesktop.Notifications")
    }

    /// Who answers the Secret Service on `bus`.
    public enum SecretServiceProvider: Equatable, Sendable {
        /// A program runs it: its name (`gnome-keyring-daemon`, `kwalletd6`, `keepassxc`), nil
        /// when its command line cannot be read (a process this one cannot see).
        case running(String?)
        /// None runs; D-Bus starts one when asked.
        case startedWhenAsked
        case none
    }

    /// Who answers the Secret Service on `bus`: the owning program, named from its command
    /// line (its `comm` is cut at 15 characters), or whether D-Bus would start one.
    public static func secretServiceProvider(on bus: OpaquePointer) -> SecretServiceProvider {
        let name = "org.freedesktop.secrets"
        if SessionBus.hasOwner(bus, name) {
            let program = SessionBus.ownerPID(bus, name: name).flatMap { pid -> String? in
                guard let bytes = try? PrivateFile.read("/proc/\(pid)/cmdline", limit: 4096) else { return nil }
                let first = bytes.prefix { $0 != 0 }
                return String(decoding: first, as: UTF8.self).split(separator: "/").last.map(String.init)
            }
            return .running(program)
        }
        return hasSecretService(on: bus) ? .startedWhenAsked : .none
    }

    /// Whether a Secret Service (a keyring) runs on `bus`, or can be started there.
    public static func hasSecretService(on bus: OpaquePointer) -> Bool {
        if SessionBus.hasOwner(bus, "org.freedesktop.secrets") { return true }
        guard
            let reply = g_dbus_connection_call_sync(
                bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListActivatableNames", nil, nil,
                G_DBUS_CALL_FLAGS_NONE, 5000, nil, nil)
        else { return false }
        defer { g_variant_unref(reply) }
        let names = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(names) }
        for index in 0..<g_variant_n_children(names) {
            let name = g_variant_get_child_value(names, index)
            defer { g_variant_unref(name) }
            if g_variant_get_string(name, nil).map({ String(cString: $0) }) == "org.freedesktop.secrets" { return true }
        }
        return false
    }

    /// Whether GLib's network monitor sees a route (true when it cannot tell).
    public static var isNetworkAvailable: Bool {
        guard let monitor = g_network_monitor_get_default() else { return true }
        return g_network_monitor_get_network_available(monitor) != 0
    }

    private static func call(_ bus: OpaquePointer, _ method: String) -> OpaquePointer? {
        g_dbus_connection_call_sync(
            bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications", method, nil, nil,
            G_DBUS_CALL_FLAGS_NO_AUTO_START, 5000, nil, nil)
    }
}
