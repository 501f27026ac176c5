import CGLib
public import WeiboKit

/// Follows the running daemon for a status bar: its counts (`CountsChanged`) and its state
/// (`StateChanged`), and whether it runs at all. When no daemon runs, `pollBySelf` is asked
/// to check every interval instead, until one appears.
public final class DaemonWatcher {
    /// The bar's view: unread amounts and state.
    public typealias Update = (UnreadCounts, StatusBarLine.State) -> Void
    /// One check without the daemon; calls back with what it found.
    public typealias SelfPoll = (@escaping Update) -> Void

    private let connection: OpaquePointer?
    private let update: Update
    private let pollBySelf: SelfPoll
    private let interval: UInt32
    private var subscriptions: [UInt32] = []
    private var nameWatch: UInt32 = 0
    private var timer: UInt32 = 0
    /// Checking by itself (no daemon runs).
    private var polling = false
    private var unread = UnreadCounts()
    private var state = StatusBarLine.State.none

    public init(connection: OpaquePointer?, interval: UInt32, pollBySelf: @escaping SelfPoll, update: @escaping Update) {
        self.connection = connection
        self.interval = max(interval, 1)
        self.pollBySelf = pollBySelf
        self.update = update
    }

    deinit {
        stopPolling()
        if let connection {
            for id in subscriptions { g_dbus_connection_signal_unsubscribe(connection, id) }
        }
        if nameWatch != 0 { g_bus_unwatch_name(nameWatch) }
    }

    /// Starts following: the daemon when it runs (and whenever it appears), else checks by itself.
    public func start() {
        guard let connection else {
            startPolling()
            return
        }
        // Both handlers hold the watcher unretained; `deinit` removes them first.
        let context = Unmanaged.passUnretained(self).toOpaque()
        subscriptions.append(g_dbus_connection_signal_subscribe(
            connection, SessionBus.busName, SessionBus.interfaceName, "CountsChanged", SessionBus.objectPath, nil,
            G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                guard let data, let parameters else { return }
                let watcher = Unmanaged<DaemonWatcher>.fromOpaque(data).takeUnretainedValue()
                watcher.unread = DaemonStatus.counts(inReply: parameters)
                watcher.publish()
            }, context, nil))
        subscriptions.append(g_dbus_connection_signal_subscribe(
            connection, SessionBus.busName, SessionBus.interfaceName, "StateChanged", SessionBus.objectPath, nil,
            G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                guard let data, let parameters else { return }
                let watcher = Unmanaged<DaemonWatcher>.fromOpaque(data).takeUnretainedValue()
                let value = g_variant_get_child_value(parameters, 0)
                defer { g_variant_unref(value) }
                watcher.phase = g_variant_get_string(value, nil).map { String(cString: $0) } ?? ""
                watcher.publish()
            }, context, nil))
        nameWatch = g_bus_watch_name_on_connection(
            connection, SessionBus.busName, G_BUS_NAME_WATCHER_FLAGS_NONE,
            { _, _, _, data in
                guard let data else { return }
                Unmanaged<DaemonWatcher>.fromOpaque(data).takeUnretainedValue().daemonAppeared()
            },
            { _, _, data in
                guard let data else { return }
                Unmanaged<DaemonWatcher>.fromOpaque(data).takeUnretainedValue().daemonVanished()
            }, context, nil)
    }

    /// The daemon's phase (`ok`, `offline`, `login-expired`, …).
    private var phase = "starting"

    private func daemonAppeared() {
        stopPolling()
        guard let connection, let status = try? DaemonStatus.read(connection) else { return }
        unread = status.unread
        phase = status.state
        publish()
    }

    private func daemonVanished() {
        startPolling()
    }

    private func publish() {
        switch phase {
        case "offline", "rate-limited": state = .offline
        case "login-expired": state = .loginExpired
        default: state = UnreadCounter.allCases.contains { unread[$0] > 0 } ? .unread : .none
        }
        update(unread, state)
    }

    // MARK: - Without a daemon

    private func startPolling() {
        guard !polling else { return }
        polling = true
        pollOnce()
        timer = g_timeout_add_seconds(interval, { data in
            guard let data else { return CGLib_SOURCE_REMOVE }
            Unmanaged<DaemonWatcher>.fromOpaque(data).takeUnretainedValue().pollOnce()
            return CGLib_SOURCE_CONTINUE
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func stopPolling() {
        polling = false
        if timer != 0 { g_source_remove(timer) }
        timer = 0
    }

    /// Checks by themselves that failed in a row: after three, the count is stale.
    private var failuresInARow = 0

    private func pollOnce() {
        pollBySelf { [weak self] unread, state in
            // A daemon that appeared meanwhile speaks for itself.
            guard let self, self.polling else { return }
            self.failuresInARow = state == .offline ? self.failuresInARow + 1 : 0
            self.state = self.failuresInARow >= 3 ? .stale : state
            if state != .offline { self.unread = unread }
            self.update(self.unread, self.state)
        }
    }
}
