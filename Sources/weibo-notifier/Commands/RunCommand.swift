import Glibc
import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier run` (also the default): the notifier in the desktop session.
struct RunCommand: TableCommand {
    static let name = "run"
    static var summary: String { tr("The notifier in the desktop session (the default)") }
    static var about: String {
        tr(
            """
            Sits in the desktop session: checks Weibo's unread counts now and every interval,
            shows one notification that is replaced in place as counts rise, opens the popup
            (the newest posts, comments and mentions) when the notification or the tray icon is
            clicked, and clears it when you have looked (the popup, 'weibo-notifier refresh',
            or the 'Mark all read' button). One instance per session; it answers on D-Bus as
            io.github.WeiboNotifier.
            """)
    }

    /// What its `--help` says under the options.
    static var epilogue: String? {
        tr(
            """
            Without a command (what the menu entry runs), a launch while an instance runs asks
            it to open the popup at the posts and exits 0. The desktop's do-not-disturb holds
            notifications back like a pause (follow_dnd, dnd_allow in the configuration).

            D-Bus (io.github.WeiboNotifier1 at /io/github/WeiboNotifier): Refresh, MarkRead,
            RefreshAccount, MarkReadAccount, ShowSummary, ShowComments, ShowMentions, ShowPopup,
            GetItems, MarkSeen, ShowPopupAccount, GetItemsAccount, MarkSeenAccount, Reply, ShowSettings,
            LogIn, CheckNow, Pause, Resume, GetCounts, GetStatus, GetAccounts, GetPicture; signals
            CountsChanged and StateChanged. A D-Bus activation file starts it on the first call;
            with systemd, through the user unit weibo-notifier.service.

            Signals: SIGTERM and SIGINT save the state and exit 0; SIGHUP reads the configuration
            and the account again.
            Exit status: 1 when another instance runs (run), 69 without a session bus, 78 for a
            bad configuration.
            """)
    }

    var interval: Int?
    var apiBase: String?
    var replace = false
    /// Launched without any argument (the menu entry): a running instance shows its summary.
    var launchedBare = false

    /// Its name may be left out: the notifier is what the program runs by default.
    static var synopses: [String] { ["[run]" + optionsSynopsis()] }

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .integer("--interval", \.interval, in: 1...86_400).described(
                tr("Seconds between checks (default: the configuration's, 60); below 30 only against a sandbox on this machine")),
            .apiBase(\.apiBase).described(tr("Talk to this server instead of Weibo (a sandbox)")),
            .flag("--replace", sets: \.replace).described(tr("Take over from a running instance")),
        ]
    }

    func perform(environment: [String: String]) throws(CommandError) {
        let context = try CommandContext(environment: environment, apiBase: apiBase, keepingGoing: true)
        let interval = try Self.checkedInterval(interval ?? context.configuration.interval, configuration: context.configuration)
        let connection: OpaquePointer
        do {
            connection = try SessionBus.connect()
        } catch {
            throw .unavailable(error.description)
        }
        let settings = Self.settings(context, interval: interval)
        let client = WeiboClient(
            endpoints: context.configuration.endpoints, http: context.httpClient(totalTimeout: Self.requestTimeout(interval), pollInterval: interval))
        // One notifier per account, each with its own bubbles and state, their checks a twelfth
        // of the interval apart (5 s at 60 s); the group joins them.
        let popup = PopupLauncher(environment: context.environment)
        // One cache (and its HTTP session) for every account's avatars: the folder is the same.
        let avatars = AvatarCache(
            directory: context.directories.cacheDirectory + "/avatars", sharing: [context.directories.cacheDirectory + "/images"],
            trustedCAFile: context.configuration.tlsCAFile, apiBase: context.configuration.apiBase)
        let group = AccountGroupShell(
            accounts: context.accountStore, stagger: PollTiming.stagger(interval: interval), currentDesktop: environment["XDG_CURRENT_DESKTOP"] ?? ""
        ) { selection in
            AccountShell(
                settings: settings, localizer: context.localizer, client: client, accounts: context.accountStore.selecting(selection),
                stateStore: StateStore(path: context.directories.stateDirectory + "/state.json"),
                sink: DesktopNotificationSink(appName: "Weibo Notifier", appIcon: InstalledFiles.appIcon(environment: context.environment)),
                avatars: avatars,
                unsentReplies: UnsentReplies(path: context.directories.unsentRepliesFile),
                movesTokenToKeyring: context.configuration.tokenStore != .file, popup: popup)
        }
        group.desktopLogin = Self.desktopLogin(context)
        let service: DaemonService
        do {
            // The popup's pictures are fetched here, into the room the avatars share.
            let pictures = AvatarCache(
                directory: context.directories.cacheDirectory + "/images", sharing: [context.directories.cacheDirectory + "/avatars"],
                timeout: AvatarCache.windowTimeout, trustedCAFile: context.configuration.tlsCAFile, apiBase: context.configuration.apiBase)
            service = try DaemonService(connection: connection, accounts: group, pictures: pictures)
            try service.claimName(replace: replace)
        } catch {
            if case .alreadyRunning = error {
                guard launchedBare else { throw .failed(error.description) }
                // The menu entry clicked again: the running one opens the popup at the posts.
                return try DaemonCall.with { bus throws(SessionBus.Failure) in
                    DaemonStatus.release(try SessionBus.callDaemon(bus, "ShowPopup", argument: "posts"))
                }
            }
            throw .unavailable(error.description)
        }
        // Ours on this bus; another session's bus may have one too (`DaemonLock`). A notifier
        // being replaced lets the lock go as it ends.
        let lock: DaemonLock
        do {
            lock = try DaemonLock.take(context.directories.stateDirectory + "/daemon.lock", waiting: replace ? 5 : 0)
        } catch {
            throw .unavailable(error.description)
        }
        defer { withExtendedLifetime(lock) {} }
        Log.info("running: every \(interval) s against \(context.configuration.endpoints.remindBase)")
        let host = DaemonHost(accounts: group, service: service)
        do {
            let tray = try StatusNotifierItem(
                connection: connection, accounts: group, localizer: context.localizer, iconThemePath: InstalledFiles.iconThemeDirectory)
            tray.quitRequested = { [weak host] in host?.quit() }
            service.tray = tray
        } catch {
            Log.warning("no tray icon: \(error)")
        }
        var endpoints = context.configuration.endpoints
        host.reload = { [environment, apiBase, self] in
            // A bad file keeps the settings in force; the message says what is wrong.
            do {
                let fresh = try CommandContext(environment: environment, apiBase: apiBase, keepingGoing: true)
                let seconds = try Self.checkedInterval(self.interval ?? fresh.configuration.interval, configuration: fresh.configuration)
                let moved = fresh.configuration.endpoints != endpoints
                endpoints = fresh.configuration.endpoints
                group.desktopLogin = Self.desktopLogin(fresh)
                group.reload(
                    settings: Self.settings(fresh, interval: seconds),
                    client: moved
                        ? WeiboClient(endpoints: endpoints, http: fresh.httpClient(totalTimeout: Self.requestTimeout(seconds), pollInterval: seconds)) : nil)
            } catch {
                Log.warning("keeping the current settings: \(error)")
                group.accountChanged()
            }
        }
        // Every GLib callback from here on runs on this thread's loop (checked in debug builds).
        MainContext.confine()
        // The menu entry always shows something, with a tray or not (GNOME has none): with no
        // account yet (a first run) the settings window's guided login, else the popup.
        if launchedBare {
            if (try? context.accountStore.loadAll())?.isEmpty ?? true {
                if SettingsLauncher.executable(environment: environment) != nil { group.showSettings(.account) }
            } else {
                group.showPopup(.posts)
            }
        }
        host.run(accountFile: context.directories.accountsFile, configurationFile: context.directories.configurationFile)
    }

    /// What the daemon's own browser login needs (the tray's and the bubble's "Log in…").
    static func desktopLogin(_ context: CommandContext) -> DesktopLogin.Settings {
        let configuration = context.configuration
        return DesktopLogin.Settings(
            appKey: configuration.appKey, appSecret: configuration.appSecret, redirectURI: configuration.redirectURI,
            configurationFile: context.directories.configurationFile, tokenStore: configuration.tokenStore, environment: context.environment)
    }

    static func settings(_ context: CommandContext, interval: Int) -> NotifierSettings {
        var settings = NotifierSettings(context.configuration, interval: interval)
        settings.needsNetwork = context.needsNetwork
        // Tests drive the daemon with CheckNow: against a sandbox on this machine (as short
        // intervals) the gap between requested checks may be shorter, never against Weibo.
        if context.configuration.isSandbox, let gap = context.environment["WEIBO_NOTIFIER_REQUEST_GAP"].flatMap(Double.init), (0...10).contains(gap) {
            settings.requestGap = gap
        }
        return settings
    }

    static func requestTimeout(_ interval: Int) -> UInt32 {
        UInt32(PollTiming.requestTimeout(interval: interval))
    }

    /// Intervals under 30 s only against an API on this machine (tests, the demo).
    static func checkedInterval(_ interval: Int, configuration: Configuration) throws(CommandError) -> Int {
        guard !PollTiming.allows(interval: interval, sandbox: false) else { return interval }
        guard PollTiming.allows(interval: interval, sandbox: configuration.isSandbox) else {
            throw .usage(
                tr(
                    "weibo-notifier run: an interval under %d s is only for a sandbox on this machine (--api-base http://127.0.0.1:PORT)\nTry 'weibo-notifier run --help'.",
                    Configuration.minimumInterval))
        }
        return interval
    }
}
