import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier doctor`: checks what the notifier needs, one line each, with a fix.
struct DoctorCommand: TableCommand {
    static let name = "doctor"
    static var summary: String { tr("Check the desktop, the configuration and the login, with fixes") }
    static var about: String {
        tr(
            """
            Checks, one line each with what to do about it: the session bus, the notification
            server (name, version, actions, body markup, inline reply, persistence), the tray,
            autostart, the network, the configuration, the account (file mode, expiry, and
            whether Weibo accepts the token), the keyring that keeps it (the program, or none)
            and the running notifier. Exit status 1 when something needed is missing.
            """)
    }

    var apiBase: String?
    var verbose = false
    var json = false

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .apiBase(\.apiBase).described(tr("Ask this server instead of Weibo (a sandbox)")),
            .flag("-v", "--verbose", sets: \.verbose).described(
                tr("Also say where each setting comes from (your configuration, a system-wide one in $XDG_CONFIG_DIRS, or the default)")),
            .json(\.json).described(tr("The findings as one JSON array: each with its level (good, note, missing, setting), what was found, and its fix")),
        ]
    }

    func perform(environment: [String: String]) throws(CommandError) {
        var findings: [SetupFinding] = []
        let bus = try? SessionBus.connect()
        if let bus {
            findings.append(.good(tr("session bus")))
            findings.append(Self.notificationServer(bus))
            findings.append(Self.tray(bus, environment: environment))
        } else {
            findings.append(.missing(tr("no D-Bus session bus"), fix: .advice(tr("run inside a desktop session (or under dbus-run-session)"))))
        }
        switch AutostartEntry(environment: environment).state {
        case .enabled(let file): findings.append(.good(tr("starts with the session (%s)", file)))
        case .disabled:
            findings.append(.note(tr("does not start with the session"), fix: SetupFix(.startWithSession, terminal: "weibo-notifier autostart enable")))
        }
        if !DesktopProbe.isNetworkAvailable {
            findings.append(.note(tr("no network route"), fix: .advice(tr("connect to a network; the notifier checks again when it comes back"))))
        } else {
            findings.append(.good(tr("network available")))
        }

        let directories = XDGDirectories(environment: environment)
        var configuration: Configuration?
        do {
            let loaded = try ConfigurationFile.load(
                path: directories.configurationFile, create: false, systemFiles: directories.systemConfigurationFiles)
            configuration = loaded.configuration
            configuration?.trustSSLCertFile(in: environment)
            findings.append(
                loaded.warnings.isEmpty
                    ? .good(tr("configuration %s", directories.configurationFile))
                    : .note(tr("configuration: %s", loaded.warnings.joined(separator: "; ")), fix: .advice(tr("remove or correct those keys"))))
            for problem in loaded.problems {
                findings.append(
                    .missing(
                        tr("configuration: %s; its default applies", problem.description),
                        fix: Self.fix(forKey: problem.key)))
            }
            if verbose {
                for setting in SettingsTable.all {
                    let origin = ConfigCommand.origin(setting, in: loaded.configuration)
                    findings.append(
                        .setting("[\(setting.group.rawValue)] \(setting.key): \(origin) (\(ConfigCommand.shown(setting, in: loaded.configuration)))"))
                }
            }
        } catch {
            findings.append(
                .missing(tr("configuration: %s", error.description), fix: .advice(tr("correct the value, or delete the file to get the documented defaults"))))
        }
        for file in UnsentReplies(path: directories.unsentRepliesFile).movedAside() {
            findings.append(
                .note(tr("replies that could not be read were moved aside to %s", file), fix: .advice(tr("open it to send them by hand, then remove it"))))
        }
        if var configuration {
            // The API asked: --api-base, else the one the default account logged in against
            // (a sandbox's), else the configuration's.
            let own = (try? AccountStore(path: directories.accountsFile, legacyPath: directories.legacyAccountFile).loadSaved())?.apiBase ?? ""
            if let base = apiBase ?? (own.isEmpty ? nil : own) {
                configuration.apiBase = base
                configuration.remindBase = base
                if apiBase == nil { findings.append(.good(tr("the account logged in against %s: asked there", base))) }
            }
            findings.append(Self.account(directories: directories, configuration: configuration))
            let store = AccountStore(path: directories.accountsFile, legacyPath: directories.legacyAccountFile)
            for uid in store.duplicateUIDs() {
                findings.append(
                    .note(
                        tr("%s names uid %s more than once; the first entry is used", store.path, String(uid)),
                        fix: SetupFix(.logIn, terminal: tr("log in to it again (weibo-notifier login): the file is then written with one entry"))))
            }
            for file in store.setAsideFiles() {
                findings.append(
                    .note(
                        tr("logins that could not be read were set aside in %s", file),
                        fix: .advice(tr("mend it and move it back to %s, then log in again to the accounts added since; or remove it", store.path))))
            }
            findings.append(contentsOf: Self.tokenPlace(directories: directories, configuration: configuration, bus: bus))
        }
        if let bus {
            let running = try? DaemonStatus.read(bus)
            findings.append(
                running.map { .good(tr("the notifier runs (pid %d, state %s)", Int($0.pid), $0.state)) }
                    ?? .note(tr("the notifier is not running"), fix: .advice(tr("weibo-notifier run (or: weibo-notifier autostart enable, then log in again)")))
            )
            // Known from the popup's fetch of posts: doctor reads no timeline itself (reading it
            // clears Weibo's count of new posts).
            if running?.timelineRefused == true {
                findings.append(
                    .note(
                        tr("this app may not read the home timeline (10014): the counts and notifications work, the popup's posts do not"),
                        fix: .advice(tr("create a client app (移动应用 / 客户端) at open.weibo.com and log in with its key"))))
            }
            if let note = running?.detailsNote, !note.isEmpty {
                findings.append(
                    .note(processLocalizer.text(.detailsUnavailable(note)), fix: .advice(tr("bubbles show the counts; set preview = count to stop asking"))))
            }
            SessionBus.release(bus)
        }
        try Terminal.write(lines: json ? [SetupFinding.json(findings)] : findings.map(\.terminalLines))
        if findings.contains(where: { $0.level == .missing }) { throw .silent(.failure) }
    }

    /// The tray: whether one runs, and whether it took the running notifier's icon.
    static func tray(_ bus: OpaquePointer, environment: [String: String]) -> SetupFinding {
        guard DesktopProbe.hasTray(on: bus) else { return .note(tr("no tray (StatusNotifierWatcher)"), fix: .advice(Self.trayAdvice(environment))) }
        switch DesktopProbe.trayListsNotifier(on: bus) {
        case true?: return .good(tr("tray (StatusNotifierWatcher) shows the notifier's icon"))
        case false?:
            return .note(
                tr("the tray has not taken the running notifier's icon"),
                fix: .advice(tr("the notifier registers again within seconds; if the icon stays away, restart the notifier (Quit in its menu, then start it)")))
        case nil: return .good(tr("tray (StatusNotifierWatcher) present"))
        }
    }

    /// How to get a tray icon: on GNOME (which has no tray of its own) its AppIndicator
    /// extension; elsewhere a panel with a tray, or a status bar.
    static func trayAdvice(_ environment: [String: String]) -> String {
        if CurrentDesktop.isGnome(environment["XDG_CURRENT_DESKTOP"] ?? "") {
            return tr(
                "GNOME shows no tray icons without the AppIndicator extension: sudo apt install gnome-shell-extension-appindicator, then gnome-extensions enable ubuntu-appindicators@ubuntu.com and log in again; without it, open Weibo Notifier from Activities"
            )
        }
        return tr("the icon appears when a panel with a tray runs; for i3, polybar or waybar use: weibo-notifier watch")
    }

    static func notificationServer(_ bus: OpaquePointer) -> SetupFinding {
        guard let found = DesktopProbe.notificationServer(on: bus) else {
            return .missing(tr("no notification server"), fix: .advice(tr("start your desktop's, or install one such as dunst or mako")))
        }
        let server = tr("notification server %s %s", found.name, found.version)
        guard found.capabilities.contains("actions") else {
            return .note(
                tr("%s has no buttons (no 'actions')", server), fix: .advice(tr("clicks cannot open the summary: use the tray, or weibo-notifier refresh")))
        }
        // What the notifier uses of it, in words: buttons, markup, replies typed in a bubble,
        // bubbles kept in a list.
        let words: [(String, String)] = [
            ("actions", tr("actions")), ("body-markup", tr("body markup")), ("inline-reply", tr("inline reply")), ("persistence", tr("persistence")),
        ]
        let offered = words.filter { found.capabilities.contains($0.0) }.map(\.1)
        return .good(tr("%s (%s)", server, offered.joined(separator: ", ")))
    }

    /// How to mend a bad value of `key`: `config set` or `unset`, but a secret is never typed on
    /// a command line (`login` asks for it); the window shows the setting's row.
    static func fix(forKey key: String?) -> SetupFix {
        guard let key, let setting = SettingsTable.setting(named: key) else {
            return .advice(tr("correct the value, or delete the file to get the documented defaults"))
        }
        if setting.isSecret {
            return SetupFix(.correctSetting, terminal: tr("weibo-notifier login (it asks for it), or config unset %s", key), setting: setting.key)
        }
        return SetupFix(.correctSetting, terminal: tr("weibo-notifier config set %s VALUE, or config unset %s", key, key), setting: setting.key)
    }

    /// The login, as Weibo sees it.
    static func account(directories: XDGDirectories, configuration: Configuration) -> SetupFinding {
        let account: Account
        do {
            account = try AccountStore(path: directories.accountsFile, legacyPath: directories.legacyAccountFile, apiBase: configuration.apiBase).load()
        } catch {
            if case .notLoggedIn = error { return .missing(tr("not logged in"), fix: .logIn) }
            return .missing(tr("account: %s", error.description), fix: SetupFix(.logIn, terminal: tr("weibo-notifier login, or as the message says")))
        }
        let now = Timestamp.now
        if account.isExpired(at: now) {
            return .missing(tr("the login of uid %d has expired", account.uid), fix: .logIn)
        }
        let client = WeiboClient(endpoints: configuration.endpoints, http: HTTPClient(totalTimeout: 10, trustedCAFile: configuration.tlsCAFile))
        return Self.login(account, client: client, now: now)
    }

    private static func login(_ account: Account, client: WeiboClient, now: Timestamp) -> SetupFinding {
        var outcome: Result<TokenInfo, WeiboClientError>?
        client.tokenInfo(accessToken: account.accessToken) { outcome = $0 }
        MainContext.run(timeout: 15) { outcome != nil }
        let days = Int(account.secondsLeft(at: now) / 86_400)
        switch outcome {
        case .success(let info) where info.uid == account.uid && info.expireIn > 0:
            return .good(trn("account uid %d, accepted by Weibo, %d day left", "account uid %d, accepted by Weibo, %d days left", days, account.uid, days))
        case .success(let info):
            return .missing(tr("Weibo says the token belongs to uid %d or has expired", info.uid), fix: .logIn)
        case .failure(.api(let error)) where error.kind == .auth:
            return .missing(tr("Weibo refuses the login (%d)", error.code), fix: .logIn)
        case .failure(let error):
            return .note(
                trn(
                    "account uid %d, %d day left; Weibo could not be asked: %s", "account uid %d, %d days left; Weibo could not be asked: %s", days,
                    account.uid, days, error.description), fix: .advice(tr("check the network")))
        case nil:
            return .note(
                trn("account uid %d, %d day left; Weibo did not answer", "account uid %d, %d days left; Weibo did not answer", days, account.uid, days),
                fix: .advice(tr("check the network")))
        }
    }

    /// Why the running keyring cannot open the session a secret travels in, or nil when it can
    /// (or none runs: one D-Bus would start is not started for a check).
    private static func sessionRefusal(_ provider: DesktopProbe.SecretServiceProvider) -> KeyringRefusal? {
        guard case .running(let program) = provider else { return nil }
        var outcome: Keyring.Failure??
        Keyring.openSession { outcome = .some($0) }
        MainContext.run(timeout: Keyring.timeout + 1) { outcome != nil }
        switch outcome {
        case .some(.some(let failure)): return failure.refusal(provider: program)
        default: return nil
        }
    }

    /// Where the token is kept, and whether `token_store` can be had.
    static func tokenPlace(directories: XDGDirectories, configuration: Configuration, bus: OpaquePointer?) -> [SetupFinding] {
        let provider = bus.map { DesktopProbe.secretServiceProvider(on: $0) } ?? .none
        let refusal = configuration.tokenStore == .file ? nil : sessionRefusal(provider)
        let keyring = provider != .none && refusal == nil
        var findings: [SetupFinding] = []
        switch provider {
        case .running(let program?): findings.append(.good(tr("keyring (Secret Service): %s", program)))
        case .running(nil): findings.append(.good(tr("keyring (Secret Service): running; its program cannot be read")))
        case .startedWhenAsked: findings.append(.good(tr("keyring (Secret Service): started by D-Bus when asked")))
        case .none where configuration.tokenStore != .keyring:
            findings.append(
                .note(
                    tr("no keyring (Secret Service) in this session: tokens are kept in %s (mode 0600)", directories.accountsFile),
                    fix: .advice(tr("to keep them in a keyring, install and start gnome-keyring, KWallet or KeePassXC (its Secret Service on)"))))
        case .none: break
        }
        if let refusal {
            let meanwhile =
                configuration.tokenStore == .keyring
                ? tr("a login fails until then") : tr("a login keeps its token in %s meanwhile", directories.accountsFile)
            let fix = refusal.fix(processLocalizer).map { tr("%s; %s", $0, meanwhile) } ?? meanwhile
            findings.append(.missing(refusal.why(processLocalizer), fix: .advice(fix)))
        }
        if configuration.tokenStore == .keyring && provider == .none {
            findings.append(
                .missing(
                    tr("token_store = keyring, and no keyring (Secret Service) is on the session bus"),
                    fix: SetupFix(
                        .correctSetting, terminal: tr("install and start gnome-keyring (or KWallet), or set token_store = auto"),
                        setting: SettingsTable.shared.tokenStore.key)))
        }
        guard
            let saved = try? AccountStore(path: directories.accountsFile, legacyPath: directories.legacyAccountFile, apiBase: configuration.apiBase).loadSaved()
        else { return findings }
        switch saved.place {
        case .keyring:
            findings.append(.good(tr("the token is kept in the keyring")))
        case .file where keyring && configuration.tokenStore != .file:
            findings.append(
                .note(tr("the token is kept in %s", directories.accountsFile), fix: .advice(tr("weibo-notifier run moves it to the keyring at its start"))))
        case .file:
            findings.append(.good(tr("the token is kept in %s", directories.accountsFile)))
        }
        return findings
    }
}

extension SetupFinding {
    fileprivate static func good(_ what: String) -> SetupFinding { SetupFinding(.good, what) }
    fileprivate static func setting(_ what: String) -> SetupFinding { SetupFinding(.setting, what) }
    fileprivate static func missing(_ what: String, fix: SetupFix) -> SetupFinding { SetupFinding(.missing, what, fix: fix) }
    fileprivate static func note(_ what: String, fix: SetupFix) -> SetupFinding { SetupFinding(.note, what, fix: fix) }
}
