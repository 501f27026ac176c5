import CGLib
public import WeiboKit

/// Follows the running daemon for a status bar: its counts (`CountsChanged`) and its state
/// (`StateChanged`), and whether it runs at all. When no daemon runs, `pollBySelf` is asked
/// to check every interval instead, until one appears.
public final class DaemonWatcher {
    /// The bar's view: unread amounts (all accounts together), state, and each account's.
    public typealias Update = (UnreadCounts, StatusBarLine.State, [StatusBarLine.AccountCounts]) -> Void
    /// What a check by itself found: unread amounts and state.
    public typealias SelfReport = (UnreadCounts, StatusBarLine.State) -> Void
    /// One check without the daemon; calls back with what it found.
    public typealias SelfPoll = (@escaping SelfReport) -> Void

    private let connection: OpaquePointer?
    private let update: Update
    private let pollBySelf: SelfPoll
    private let interval: UInt32
    private var subscriptions: [AnyObject] = []
    private var timer: GLibSource?
    /// Checking by itself (no daemon runs).
    private var polling = false
    private var unread = UnreadCounts()
    private var accounts: [StatusBarLine.AccountCounts] = []
    private var state = StatusBarLine.State.none

    public init(connection: OpaquePointer?, interval: UInt32, pollBySelf: @escaping SelfPoll, update: @escaping Update) {
        self.connection = connection
        self.interval = max(interval, 1)
        self.pollBySelf = pollBySelf
        self.update = update
    }

    /// Starts following: the daemon when it runs (and whenever it appears), else checks by itself.
    public func start() {
        guard let connection else {
            startPolling()
            return
        }
        subscriptions = [
            DBusSignalSubscription(
                connection: connection, sender: SessionBus.busName, interface: SessionBus.interfaceName, member: "CountsChanged",
                path: SessionBus.objectPath
            ) { [weak self] _, parameters in
                guard let self, let parameters else { return }
                self.unread = DaemonStatus.counts(inReply: parameters)
                self.accounts = DaemonStatus.accounts(connection)
                self.publish()
            },
            DBusSignalSubscription(
                connection: connection, sender: SessionBus.busName, interface: SessionBus.interfaceName, member: "StateChanged",
                path: SessionBus.objectPath
            ) { [weak self] _, parameters in
                guard let self, let parameters else { return }
                self.phase = NotifierPhase(rawValue: Variants.string(in: parameters, at: 0)) ?? .starting
                self.publish()
            },
            BusNameWatch(
                connection: connection, name: SessionBus.busName, appeared: { [weak self] in self?.daemonAppeared() },
                vanished: { [weak self] in self?.startPolling() }),
        ]
    }

    /// The daemon's phase.
    private var phase = NotifierPhase.starting
    private let presenter = UnreadPresenter(localizer: Localizer())

    private func daemonAppeared() {
        stopPolling()
        guard let connection, let status = try? DaemonStatus.read(connection) else { return }
        unread = status.unread
        accounts = DaemonStatus.accounts(connection)
        phase = NotifierPhase(rawValue: status.state) ?? .starting
        publish()
    }

    private func publish() {
        state = presenter.barState(unread, phase: phase)
        update(unread, state, accounts)
    }

    // MARK: - Without a daemon

    private func startPolling() {
        guard !polling else { return }
        polling = true
        pollOnce()
        timer = GLibSource.timeout(seconds: interval) { [weak self] in
            self?.pollOnce()
            return true
        }
    }

    private func stopPolling() {
        polling = false
        timer = nil
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
            self.accounts = []
            self.update(self.unread, self.state, [])
        }
    }
}
