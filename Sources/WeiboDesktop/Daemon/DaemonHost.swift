import CGLib
import FoundationEssentials
import Glibc

/// Runs a `NotifierDaemon` in the session: the GLib main loop, its D-Bus service, and the
/// events that make it act: signals, the account file changing, the network coming back,
/// resume from suspend, the notification server appearing.
public final class DaemonHost {
    private let daemon: NotifierDaemon
    private let service: DaemonService?
    private let loop = MainLoop()
    private var sources: [UInt32] = []
    private var stopTimer: UInt32 = 0
    private var accountMonitor: UnsafeMutablePointer<GFileMonitor>?
    private var networkHandler: UInt = 0
    private var sleepSubscription: (connection: OpaquePointer, id: UInt32)?
    private var wasNetworkAvailable = true
    /// What SIGHUP does: read the configuration (and the account) again. By default, the account.
    public var reload: (() -> Void)?

    public init(daemon: NotifierDaemon, service: DaemonService?) {
        self.daemon = daemon
        self.service = service
        service?.nameLost = { [weak self] in
            Log.message("another weibo-notifier took over; exiting")
            self?.quit()
        }
    }

    deinit {
        for source in sources { g_source_remove(source) }
        if stopTimer != 0 { g_source_remove(stopTimer) }
        if let accountMonitor {
            g_file_monitor_cancel(accountMonitor)
            g_object_unref(UnsafeMutableRawPointer(accountMonitor))
        }
        if networkHandler != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(g_network_monitor_get_default()), networkHandler) }
        if let sleepSubscription { g_dbus_connection_signal_unsubscribe(sleepSubscription.connection, sleepSubscription.id) }
    }

    /// Runs until SIGTERM or SIGINT (state saved), or `duration` seconds when given.
    /// `accountFile` is watched for a new login. Waits up to `notificationWait` seconds for a
    /// notification server before the first poll.
    public func run(accountFile: String, notificationWait: UInt32 = 30, duration: UInt32? = nil) {
        installSignals()
        watchAccount(accountFile)
        watchNetwork()
        watchSuspend()
        if let duration {
            stopTimer = g_timeout_add_seconds(duration, { data in
                guard let data else { return CGLib_SOURCE_REMOVE }
                let host = Unmanaged<DaemonHost>.fromOpaque(data).takeUnretainedValue()
                host.stopTimer = 0
                host.quit()
                return CGLib_SOURCE_REMOVE
            }, Unmanaged.passUnretained(self).toOpaque())
        }
        startWhenNotificationsAppear(within: notificationWait)
        loop.run()
        daemon.saveState()
    }

    public func quit() {
        loop.quit()
    }

    // MARK: - Events

    private func installSignals() {
        loop.quitOnTermination { Log.info("terminating; state saved") }
        MainLoop.unblock([SIGHUP])
        let context = Unmanaged.passUnretained(self).toOpaque()
        sources.append(g_unix_signal_add(SIGHUP, { data in
            guard let data else { return CGLib_SOURCE_REMOVE }
            Log.message("SIGHUP: reading the configuration and the account again")
            let host = Unmanaged<DaemonHost>.fromOpaque(data).takeUnretainedValue()
            if let reload = host.reload { reload() } else { host.daemon.reloadAccount() }
            return CGLib_SOURCE_CONTINUE
        }, context))
    }

    /// A new login (or a logout) takes effect at once.
    private func watchAccount(_ path: String) {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            Log.warning("cannot watch \(path): \(error.map { GLibError(taking: $0).message } ?? ""); send SIGHUP after logging in")
            return
        }
        accountMonitor = monitor
        let handler: @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, UnsafeMutableRawPointer?) -> Void = {
            _, _, _, event, data in
            guard let data else { return }
            switch event {
            case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT, G_FILE_MONITOR_EVENT_CREATED, G_FILE_MONITOR_EVENT_RENAMED,
                 G_FILE_MONITOR_EVENT_MOVED_IN, G_FILE_MONITOR_EVENT_DELETED:
                Log.info("the account file changed")
                Unmanaged<DaemonHost>.fromOpaque(data).takeUnretainedValue().daemon.reloadAccount()
            default:
                break
            }
        }
        // GCallback is the untyped form of the handler, as G_CALLBACK casts in C; "changed"
        // calls it with exactly these arguments. The host outlives the monitor (`deinit`).
        CGLib_signal_connect(
            UnsafeMutableRawPointer(monitor), "changed", unsafeBitCast(handler, to: GCallback.self),
            Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// Poll at once when the network comes back.
    ///
    /// Follows the monitor's `network-available` property: NetworkManager's monitor (GLib's
    /// choice wherever NetworkManager runs) changes it without a `network-changed` signal.
    private func watchNetwork() {
        guard let monitor = g_network_monitor_get_default() else { return }
        wasNetworkAvailable = g_network_monitor_get_network_available(monitor) != 0
        let handler: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { monitor, _, data in
            guard let data, let monitor else { return }
            let host = Unmanaged<DaemonHost>.fromOpaque(data).takeUnretainedValue()
            let isAvailable = g_network_monitor_get_network_available(monitor) != 0
            if isAvailable && !host.wasNetworkAvailable {
                Log.message("the network is back; checking now")
                host.daemon.pollNow()
            }
            host.wasNetworkAvailable = isAvailable
        }
        // As above: "notify::" passes the object, the property's GParamSpec and the user data;
        // the handler is disconnected in `deinit`.
        networkHandler = CGLib_signal_connect(
            UnsafeMutableRawPointer(monitor), "notify::network-available", unsafeBitCast(handler, to: GCallback.self),
            Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// logind's PrepareForSleep(false) on the system bus: poll at once after resume.
    private func watchSuspend() {
        var error: UnsafeMutablePointer<GError>?
        guard let system = g_bus_get_sync(G_BUS_TYPE_SYSTEM, nil, &error) else {
            if let error { Log.debug("no system bus (\(GLibError(taking: error).message)); resume is noticed at the next tick") }
            return
        }
        let id = g_dbus_connection_signal_subscribe(
            system, "org.freedesktop.login1", "org.freedesktop.login1.Manager", "PrepareForSleep", "/org/freedesktop/login1", nil,
            G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                guard let data, let parameters else { return }
                let value = g_variant_get_child_value(parameters, 0)
                defer { g_variant_unref(value) }
                if g_variant_get_boolean(value) == 0 {
                    Log.message("resumed from suspend; checking now")
                    Unmanaged<DaemonHost>.fromOpaque(data).takeUnretainedValue().daemon.pollNow()
                }
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
        sleepSubscription = (system, id)
    }

    /// At login the notifier may start before the notification server: wait for its name to
    /// get an owner, at most `seconds`, then start polling either way.
    private func startWhenNotificationsAppear(within seconds: UInt32) {
        guard seconds > 0, let bus = try? SessionBus.connect(), !Self.hasOwner(bus, "org.freedesktop.Notifications") else {
            daemon.start()
            return
        }
        Log.info("waiting up to \(seconds) s for a notification server")
        final class Waiting {
            let host: DaemonHost
            var started = false
            var watch: UInt32 = 0
            var timeout: UInt32 = 0
            init(host: DaemonHost) { self.host = host }
            func start() {
                guard !started else { return }
                started = true
                if watch != 0 { g_bus_unwatch_name(watch) }
                if timeout != 0 { g_source_remove(timeout) }
                host.daemon.start()
            }
        }
        // Kept until it started the daemon; released with the watch's destroy-notify.
        let waiting = Waiting(host: self)
        let box = Unmanaged.passRetained(waiting).toOpaque()
        waiting.timeout = g_timeout_add_seconds(seconds, { data in
            guard let data else { return CGLib_SOURCE_REMOVE }
            let waiting = Unmanaged<Waiting>.fromOpaque(data).takeUnretainedValue()
            waiting.timeout = 0
            Log.message("no notification server yet; starting anyway")
            waiting.start()
            return CGLib_SOURCE_REMOVE
        }, box)
        waiting.watch = g_bus_watch_name_on_connection(
            bus, "org.freedesktop.Notifications", G_BUS_NAME_WATCHER_FLAGS_NONE,
            { _, _, _, data in
                guard let data else { return }
                Unmanaged<Waiting>.fromOpaque(data).takeUnretainedValue().start()
            }, nil, box, { data in
                if let data { Unmanaged<Waiting>.fromOpaque(data).release() }
            })
        g_object_unref(UnsafeMutableRawPointer(bus))
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
}
