import Glibc
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboSandbox

/// `weibo-notifier demo`: the notifier against a sandbox in the same process, with a
/// throw-away account and state, so that bubbles appear within seconds.
struct DemoCommand: TableCommand {
    static let name = "demo"
    static var summary: String { tr("The notifier against a built-in sandbox, to see it at work") }
    static var about: String {
        tr(
            """
            Shows the notifier at work without a Weibo account: starts the sandbox on
            127.0.0.1, logs in to it with a throw-away account and state (removed at the
            end), and runs the notifier against it. New posts arrive every few seconds and
            the notification follows; click it to see the newest posts. Without a desktop
            notification server (or without any session bus) every bubble and summary is
            printed here instead, and the demo clicks the bubble for you once.
            """)
    }

    var interval = 10
    var newStatusEvery = 4
    var duration: Int?

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .integer("--interval", \.interval, in: 1...3600, placeholder: "S").described(tr("Seconds between checks (default: 10)")),
            .integer("--new-status-every", \.newStatusEvery, in: 1...3600, placeholder: "S").described(
                tr("Seconds between new posts in the sandbox (default: 4)")),
            .integer("--duration", \.duration, in: 1...86_400, placeholder: "S").described(tr("Stop after S seconds (default: run until Ctrl-C)")),
        ]
    }

    func perform(environment: [String: String]) throws(CommandError) {
        let folder = try Self.temporaryFolder()
        defer { Self.remove(folder) }

        let api = SandboxAPI()
        let server: SandboxServer
        do {
            server = try SandboxServer(api: api)
        } catch {
            throw .unavailable(error.description)
        }
        server.startArrivals(every: UInt32(newStatusEvery))
        let accounts = AccountStore(path: folder + "/accounts.json")
        do {
            try accounts.save(Account(accessToken: api.readyToken, uid: SandboxAPI.ownerUID, issuedAt: Timestamp.now, expiresIn: SandboxAPI.tokenLifetime))
        } catch {
            throw .failed(error.description)
        }

        let desktop = Self.desktopNotifications(environment: environment)
        let sink: any NotificationSink =
            desktop
            ?? TerminalNotificationSink { line in
                Terminal.writeError("demo: " + line.replacingNewlines(with: "\n      "))
            }
        // Its sandbox is on this machine: checks go on whatever the network monitor says.
        var settings = NotifierSettings(interval: interval)
        settings.needsNetwork = false
        let group = AccountGroupShell(accounts: accounts) { _ in
            AccountShell(
                settings: settings, localizer: processLocalizer,
                client: WeiboClient(
                    endpoints: WeiboEndpoints(singleBase: server.baseURL),
                    http: HTTPClient(totalTimeout: RunCommand.requestTimeout(interval), pollInterval: UInt32(interval))),
                accounts: accounts, stateStore: StateStore(path: folder + "/state.json"), sink: sink, avatars: AvatarCache(directory: folder + "/avatars"),
                // No popup: the demo serves no D-Bus, so a popup could not ask it for items; a
                // click shows the summary bubble.
                unsentReplies: UnsentReplies(path: folder + "/unsent-replies.json"))
        }
        try Terminal.write(lines: [
            tr("Weibo Notifier demo: a sandbox at %s, a check every %d s, a new post every %d s.", server.baseURL, interval, newStatusEvery),
            desktop != nil
                ? tr("Watch the desktop notifications; click one to see the newest posts.")
                : tr("No notification server here: the bubbles are printed below."),
            duration.map { tr("It stops after %d s; Ctrl-C stops it sooner.", $0) } ?? tr("Ctrl-C stops it."),
        ])
        let click = desktop == nil ? Self.clickOnceAfterSecondBubble(account: group.primary, interval: interval) : nil
        MainContext.confine()
        DaemonHost(accounts: group, service: nil).run(
            accountFile: folder + "/accounts.json", notificationWait: 0, duration: duration.map { UInt32($0) })
        withExtendedLifetime((server, click)) {}
        try Terminal.write(lines: [tr("Demo over.")])
    }

    /// The desktop's notifications when a session bus with a notification server is there.
    static func desktopNotifications(environment: [String: String]) -> (any NotificationSink)? {
        guard let bus = try? SessionBus.connect() else { return nil }
        defer { SessionBus.release(bus) }
        guard DesktopProbe.hasNotificationServer(on: bus) else { return nil }
        return DesktopNotificationSink(appName: "Weibo Notifier", appIcon: InstalledFiles.appIcon(environment: environment))
    }

    /// In the terminal nobody can click: the demo clicks the bubble once, two checks in. Keep
    /// the handle while the demo runs.
    static func clickOnceAfterSecondBubble(account: AccountShell, interval: Int) -> GLibSource {
        GLibSource.once(afterSeconds: Double(interval * 2 + 1)) { [weak account] in
            Terminal.writeError(tr("demo: (clicking the notification)"))
            account?.showSummary()
        }
    }

    static func temporaryFolder() throws(CommandError) -> String {
        guard let made = TemporaryFolder.make("/tmp/weibo-notifier-demo-XXXXXX") else {
            throw .unavailable(tr("cannot make a temporary folder: %s", String(cString: strerror(errno))))
        }
        return made
    }

    static func remove(_ folder: String) {
        for name in ["accounts.json", "state.json", "state-\(SandboxAPI.ownerUID).json", "unsent-replies.json"] { unlink(folder + "/" + name) }
        AvatarCache(directory: folder + "/avatars").removeAll()
        rmdir(folder + "/avatars")
        rmdir(folder)
    }
}

extension String {
    func replacingNewlines(with replacement: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
