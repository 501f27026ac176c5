import CGLib
import Glibc
import WeiboKit
import WeiboPlatform

/// Runs the accounts followed (`AccountGroupShell`) in the session: the GLib main loop, the
/// D-Bus service, and the events that make them act: signals, the account file changing, the network coming back,
/// resume from suspend, the notification server appearing, the desktop's do-not-disturb.
///
/// Every source and subscription is a handle it owns; releasing the host removes them all.
public final class DaemonHost {
    private let accounts: AccountGroupShell
    private let service: DaemonService?
    private let loop = MainLoop()
    private var handles: [AnyObject] = []
    private var wasNetworkAvailable = true
    /// What SIGHUP does: read the configuration (and the account) again. By default, the account.
    public var reload: (() -> Void)?
    /// The configuration is read again when this fires (a save's writes are over).
    private var pendingReload: GLibSource?

    public init(accounts: AccountGroupShell, service: DaemonService?) {
        self.accounts = accounts
        self.service = service
        service?.nameLost = { [weak self] in
            Log.message("another weibo-notifier took over; exiting")
            self?.quit()
        }
    }

    /// Runs until SIGTERM or SIGINT (state saved), or `duration` seconds when given.
    /// `accountFile` is watched for a new login, `configurationFile` for changed settings. Waits
    /// up to `notificationWait` seconds for a notification server before the first poll (nil:
    /// `PollTiming.notificationServerWait`).
    public func run(
        accountFile: String, configurationFile: String? = nil, notificationWait: UInt32? = nil, duration: UInt32? = nil
    ) {
        installSignals()
        watchAccount(accountFile)
        if let configurationFile { watchConfiguration(configurationFile) }
        watchNetwork()
        var doNotDisturb: DoNotDisturbWatch?
        let bus = try? SessionBus.connect()
        // The user back (resumed, unlocked, the screen saver gone): a check at once.
        handles.append(
            UserBackWatch(session: bus) { [weak self] what in
                Log.message("\(what); checking now")
                self?.accounts.checkNow()
            })
        if let bus {
            // The subscriptions keep their own references to the connection.
            watchKeyring(on: bus)
            doNotDisturb = watchDoNotDisturb(on: bus)
            SessionBus.release(bus)
        }
        if let duration {
            handles.append(GLibSource.once(afterSeconds: Double(duration)) { [weak self] in self?.quit() })
        }
        // Not before the desktop's do-not-disturb is read: a first check answered sooner would
        // show a bubble while it is on.
        if let doNotDisturb, !doNotDisturb.isSettled {
            // The popup's GetItems meanwhile starts it at once (it does not wait either).
            accounts.startWithoutWaiting = { [weak self] in self?.startEarly() }
            doNotDisturb.whenSettled { [weak self] in
                guard let self, !self.hasStarted else { return }
                self.startWhenNotificationsAppear(within: notificationWait ?? UInt32(PollTiming.notificationServerWait))
            }
        } else {
            startWhenNotificationsAppear(within: notificationWait ?? UInt32(PollTiming.notificationServerWait))
        }
        loop.run()
        // The bubbles close with the notifier: in GNOME's list a click on one would reach no
        // one. The state still says what was announced, so a new start announces it no more.
        var closing = true
        accounts.closeBubbles { closing = false }
        _ = MainContext.run(timeout: 1) { !closing }
        accounts.saveState()
        handles = []
        waitingForServer = []
    }

    public func quit() {
        loop.quit()
    }

    // MARK: - Events

    private func installSignals() {
        loop.quitOnTermination { Log.info("terminating; state saved") }
        MainLoop.unblock([SIGHUP])
        handles.append(
            GLibSource.unixSignal(SIGHUP) { [weak self] in
                Log.message("SIGHUP: reading the configuration and the account again")
                self?.readConfigurationAgain()
                return self != nil
            })
    }

    /// What SIGHUP and a changed configuration file do: `reload`, else the account read again.
    private func readConfigurationAgain() {
        if let reload { reload() } else { accounts.accountChanged() }
    }

    /// A new login (or a logout) takes effect at once.
    private func watchAccount(_ path: String) {
        watch(path, advice: "send SIGHUP after logging in") { [weak self] in
            Log.info("the account file changed")
            self?.accounts.accountChanged()
        }
    }

    /// A changed configuration (`config set`, the settings window, an editor) applies at once,
    /// as after SIGHUP: read once the writes of one save are over (an editor's save is several
    /// events).
    private func watchConfiguration(_ path: String) {
        watch(path, advice: "send SIGHUP after changing it") { [weak self] in
            // Another event within 200 ms replaces the timer (the old one is removed with its handle).
            self?.pendingReload = GLibSource.timeout(milliseconds: 200) { [weak self] in
                Log.message("the configuration changed: reading it again")
                self?.readConfigurationAgain()
                return false
            }
        }
    }

    /// Calls `changed` whenever the file at `path` is written, replaced, moved in or removed:
    /// when it is a symbolic link (a dotfiles repository's), the file it points to as well.
    /// The file comes from GIO's local file system, not the session's default (gvfs where it is
    /// installed, a module of 450 KiB and a D-Bus peer): a file of this machine is all it watches.
    private func watch(_ path: String, advice: String, changed: @escaping () -> Void) {
        let target = PrivateFile.resolvingLinks(path)
        if target != path { watchFile(target, advice: advice, changed: changed) }
        watchFile(path, advice: advice, changed: changed)
    }

    private func watchFile(_ path: String, advice: String, changed: @escaping () -> Void) {
        let file = g_vfs_get_file_for_path(g_vfs_get_local(), path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            Log.warning("cannot watch \(path): \(error.map { GLibError(taking: $0).message } ?? ""); \(advice)")
            return
        }
        // The handler holds the monitor (and keeps it alive); the monitor is cancelled when the
        // handler goes, with the host.
        let handler = GObjectSignalHandler(UnsafeMutableRawPointer(monitor), signal: "changed", shape: .fileMonitorChanged) { _, event in
            switch GFileMonitorEvent(rawValue: event) {
            case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT, G_FILE_MONITOR_EVENT_CREATED, G_FILE_MONITOR_EVENT_RENAMED,
                G_FILE_MONITOR_EVENT_MOVED_IN, G_FILE_MONITOR_EVENT_DELETED:
                changed()
            default:
                break
            }
        }
        g_object_unref(UnsafeMutableRawPointer(monitor))
        handles.append(handler)
    }

    /// The network monitor's availability, for the notifier (which checks at once when it
    /// comes back) and its status bars (offline only when the monitor says so).
    ///
    /// Follows the monitor's `network-available` property: NetworkManager's monitor (GLib's
    /// choice wherever NetworkManager runs) changes it without a `network-changed` signal.
    private func watchNetwork() {
        guard let monitor = g_network_monitor_get_default() else { return }
        wasNetworkAvailable = g_network_monitor_get_network_available(monitor) != 0
        if !wasNetworkAvailable { accounts.networkChanged(false) }
        handles.append(
            GObjectSignalHandler(UnsafeMutableRawPointer(monitor), signal: "notify::network-available", shape: .propertyNotify) {
                [weak self] object, _ in
                guard let self else { return }
                let isAvailable = g_network_monitor_get_network_available(OpaquePointer(object)) != 0
                guard isAvailable != self.wasNetworkAvailable else { return }
                self.wasNetworkAvailable = isAvailable
                Log.message(isAvailable ? "the network is back; checking now" : "the network is gone")
                self.accounts.networkChanged(isAvailable)
            })
    }

    /// The keyring unlocked or (re)started: the Secret Service's `CollectionChanged` and
    /// `PropertiesChanged` (a collection's `Locked`), and its name getting an owner. The daemon
    /// reads the login again only while it waits for the keyring.
    private func watchKeyring(on bus: OpaquePointer) {
        let signals = [("org.freedesktop.Secret.Service", "CollectionChanged", "(o)"), ("org.freedesktop.DBus.Properties", "PropertiesChanged", "(sa{sv}as)")]
        for (interface, member, shape) in signals {
            handles.append(
                DBusSignalSubscription(connection: bus, sender: "org.freedesktop.secrets", interface: interface, member: member, path: nil, shape: shape) {
                    [weak self] _, _ in self?.accounts.keyringChanged()
                })
        }
        handles.append(
            BusNameWatch(
                connection: bus, name: "org.freedesktop.secrets",
                appeared: { [weak self] in
                    Keyring.serviceChanged()
                    self?.accounts.keyringChanged()
                }, vanished: {}))
    }

    /// The desktop's do-not-disturb: bubbles wait while it is on.
    private func watchDoNotDisturb(on bus: OpaquePointer) -> DoNotDisturbWatch {
        let watch = DoNotDisturbWatch(connection: bus)
        watch.changed = { [weak self, weak watch] isOn in self?.accounts.doNotDisturbChanged(isOn, keepsList: watch?.keepsList ?? false) }
        if watch.isOn { accounts.doNotDisturbChanged(true, keepsList: watch.keepsList) }
        handles.append(watch)
        return watch
    }

    /// At login the notifier may start before the notification server: wait for its name to
    /// get an owner, at most `seconds`, then start polling either way.
    private func startWhenNotificationsAppear(within seconds: UInt32) {
        guard seconds > 0, let bus = try? SessionBus.connect() else { return startEarly() }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        guard !SessionBus.hasOwner(bus, "org.freedesktop.Notifications") else { return startEarly() }
        Log.info("waiting up to \(seconds) s for a notification server")
        accounts.startWithoutWaiting = { [weak self] in self?.startWaitingDaemon() }
        // Whichever comes first starts the daemon and drops both; the host owns them meanwhile.
        waitingForServer = [
            GLibSource.once(afterSeconds: Double(seconds)) { [weak self] in
                Log.message("no notification server yet; starting anyway")
                self?.startWaitingDaemon()
            },
            BusNameWatch(connection: bus, name: "org.freedesktop.Notifications", appeared: { [weak self] in self?.startWaitingDaemon() }, vanished: {}),
        ]
    }

    private var waitingForServer: [AnyObject] = []

    private func startWaitingDaemon() {
        guard !waitingForServer.isEmpty else { return }
        startEarly()
    }

    /// The accounts started (once), whatever still waits.
    private var hasStarted = false

    private func startEarly() {
        guard !hasStarted else { return }
        hasStarted = true
        waitingForServer = []
        accounts.startWithoutWaiting = nil
        accounts.start()
    }
}
