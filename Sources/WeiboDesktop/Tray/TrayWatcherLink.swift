import CGLib
import WeiboKit
import WeiboPlatform

/// The tray icon's link to the StatusNotifierWatcher (the tray): registers the item whenever a
/// watcher appears, and sees that it stays registered, as `TrayRegistration` decides. Carries
/// out its effects (calls, timers) and feeds back what the watcher answers and announces.
final class TrayWatcherLink {
    static let watcherName = "org.kde.StatusNotifierWatcher"
    static let watcherPath = "/StatusNotifierWatcher"

    private let connection: OpaquePointer
    private let busName: String
    private var registration = TrayRegistration()
    private var watcherWatch: BusNameWatch?
    private var subscriptions: [DBusSignalSubscription] = []
    private var retryTimer: GLibSource?
    private var checkTimer: GLibSource?
    /// Called with how long the item should hold its change signals.
    private let hold: (_ milliseconds: Int) -> Void

    /// Registers `busName` now if a watcher runs, and whenever one (re)appears.
    init(connection: OpaquePointer, busName: String, hold: @escaping (_ milliseconds: Int) -> Void) {
        self.connection = connection
        self.busName = busName
        self.hold = hold
        // Hosts that come later (a panel's tray restarted), and items the watcher dropped.
        subscriptions = [
            DBusSignalSubscription(
                connection: connection, sender: Self.watcherName, interface: Self.watcherName, member: "StatusNotifierHostRegistered",
                path: Self.watcherPath, shape: nil
            ) { [weak self] _, _ in self?.handle(.hostRegistered) },
            DBusSignalSubscription(
                connection: connection, sender: Self.watcherName, interface: Self.watcherName, member: "StatusNotifierItemUnregistered",
                path: Self.watcherPath, shape: "(s)"
            ) { [weak self] _, parameters in
                guard let self, let parameters, self.isOwn(Variants.string(in: parameters, at: 0)) else { return }
                self.handle(.listed(false))
            },
        ]
        watcherWatch = BusNameWatch(
            connection: connection, name: Self.watcherName,
            appeared: { [weak self] in self?.handle(.watcherAppeared) },
            vanished: { [weak self] in
                Log.debug("no tray (StatusNotifierWatcher); the icon appears when a panel starts")
                self?.handle(.watcherVanished)
            })
    }

    private func handle(_ event: TrayRegistration.Event) {
        for effect in registration.handle(event) {
            switch effect {
            case .register: register()
            case .registerLater(let seconds): retryTimer = GLibSource.once(afterSeconds: seconds) { [weak self] in self?.register() }
            case .checkLater(let seconds): checkTimer = GLibSource.once(afterSeconds: seconds) { [weak self] in self?.check() }
            case .holdSignals(let milliseconds): hold(milliseconds)
            case .cancelTimers:
                retryTimer = nil
                checkTimer = nil
            case .log(let message): Log.message(message)
            }
        }
    }

    private func register() {
        // The call holds the link weakly: a late answer after the item went finds nothing.
        DBusCall.call(
            connection, name: Self.watcherName, path: Self.watcherPath, interface: Self.watcherName,
            method: "RegisterStatusNotifierItem", Variants.tuple([Variants.string(busName)]), reply: "()", startingIt: true
        ) { [weak self] _, error in
            self?.handle(error.map { .refused($0.message) } ?? .registered)
        }
    }

    /// Reads the watcher's `RegisteredStatusNotifierItems`.
    private func check() {
        DBusCall.property(connection, name: Self.watcherName, path: Self.watcherPath, interface: Self.watcherName, "RegisteredStatusNotifierItems") {
            [weak self] value in
            guard let self else { return }
            self.handle(.listed(value.flatMap { Variants.strings($0) }.map { $0.contains { self.isOwn($0) } }))
        }
    }

    private func isOwn(_ entry: String) -> Bool {
        let unique = g_dbus_connection_get_unique_name(connection).map { String(cString: $0) } ?? ""
        return TrayRegistration.names(entry, busName: busName, uniqueName: unique)
    }
}
