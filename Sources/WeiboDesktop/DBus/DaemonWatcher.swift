import CGLib
public import WeiboKit
import WeiboPlatform

/// Follows the running daemon for a status bar: its counts (`CountsChanged`) and its status
/// (`StateChanged`, then `GetStatus`: the phase, a pause, quiet hours, do-not-disturb, failed
/// checks, the network), and whether it runs at all. When no daemon runs, `pollBySelf` is asked
/// to check every interval instead, until one appears: a failed check keeps the last counts
/// (stale after three in a row), and only the network monitor makes it offline.
public final class DaemonWatcher {
    /// The bar's view: unread amounts (all accounts together), states (the main one first), and
    /// each account's.
    public typealias Update = (UnreadCounts, [StatusBarLine.State], [StatusBarLine.AccountCounts]) -> Void
    /// What a check by itself found: the unread amounts (nil: none could be read) and the phase
    /// it leaves the notifier in.
    public typealias SelfReport = (UnreadCounts?, NotifierPhase) -> Void
    /// One check without the daemon; calls back with what it found.
    public typealias SelfPoll = (@escaping SelfReport) -> Void

    private let connection: OpaquePointer?
    private let update: Update
    private let pollBySelf: SelfPoll
    private let interval: UInt32
    /// Weibo is reached over the network; false for a sandbox on this machine, which the
    /// network monitor's word does not concern.
    private let needsNetwork: Bool
    private var subscriptions: [AnyObject] = []
    private var timer: GLibSource?
    /// Checking by itself (no daemon runs).
    private var polling = false
    private var unread = UnreadCounts()
    private var accounts: [StatusBarLine.AccountCounts] = []
    private var status = NotifierStatus(phase: .starting)

    public init(connection: OpaquePointer?, interval: UInt32, needsNetwork: Bool = true, pollBySelf: @escaping SelfPoll, update: @escaping Update) {
        self.connection = connection
        self.interval = max(interval, 1)
        self.needsNetwork = needsNetwork
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
                path: SessionBus.objectPath, shape: "(a{su})"
            ) { [weak self] _, parameters in
                guard let self, let parameters else { return }
                self.unread = DaemonStatus.counts(inReply: parameters)
                self.accounts = DaemonStatus.accounts(connection)
                self.publish()
            },
            DBusSignalSubscription(
                connection: connection, sender: SessionBus.busName, interface: SessionBus.interfaceName, member: "StateChanged",
                path: SessionBus.objectPath, shape: "(s)"
            ) { [weak self] _, _ in
                guard let self, let status = try? DaemonStatus.read(connection) else { return }
                self.status = status.notifierStatus
                self.publish()
            },
            BusNameWatch(
                connection: connection, name: SessionBus.busName, appeared: { [weak self] in self?.daemonAppeared() },
                vanished: { [weak self] in self?.startPolling() }),
        ]
    }

    private let presenter = UnreadPresenter(localizer: Localizer())

    private func daemonAppeared() {
        stopPolling()
        guard let connection, let status = try? DaemonStatus.read(connection) else { return }
        unread = status.unread
        accounts = DaemonStatus.accounts(connection)
        self.status = status.notifierStatus
        publish()
    }

    private func publish() {
        update(unread, presenter.barStates(unread, status: status), accounts)
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

    private func pollOnce() {
        pollBySelf { [weak self] unread, phase in
            // A daemon that appeared meanwhile speaks for itself.
            guard let self, self.polling else { return }
            self.status.phase = phase
            self.status.failuresInARow = unread == nil ? self.status.failuresInARow + 1 : 0
            self.status.networkAvailable = !self.needsNetwork || DesktopProbe.isNetworkAvailable
            self.status.paused = false
            self.status.quiet = false
            self.status.doNotDisturb = false
            if let unread { self.unread = unread }
            self.accounts = []
            self.publish()
        }
    }
}
