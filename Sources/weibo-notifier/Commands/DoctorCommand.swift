import FoundationEssentials
import WeiboDesktop
import WeiboKit

/// `weibo-notifier doctor`: checks what the notifier needs, one line each, with a fix.
struct DoctorCommand: Command {
    static let name = "doctor"
    static var summary: String { tr("Check the desktop, the configuration and the login, with fixes") }
    static var help: String {
        tr(
            """
            Usage: weibo-notifier doctor [--api-base URL] [--verbose]

            Checks, one line each with what to do about it: the session bus, the notification
            server (name, version, actions, body markup), the tray, autostart, the network,
            the configuration, the account (file mode, expiry, and whether Weibo accepts the
            token) and the running notifier. Exit status 1 when something needed is missing.

            Options:
              --api-base URL  Ask this server instead of Weibo (a sandbox)
              -v, --verbose   Also say where each setting comes from (your configuration,
                              a system-wide one in $XDG_CONFIG_DIRS, or the default)
              -h, --help      Show this help
            """)
    }

    var apiBase: String?
    var verbose = false
    var showHelp = false
    let environment: [String: String]

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        self.environment = environment
        var reader = ArgumentReader(arguments, command: Self.name)
        showHelp = try reader.readOptions { reader, option throws(CommandError) in
            switch option.name {
            case "--api-base": apiBase = try reader.apiBase(for: option)
            case "-v", "--verbose": verbose = true
            default: return false
            }
            return true
        }
    }

    /// One finding: good, a problem that stops the notifier, or worth knowing.
    enum Finding {
        case good(String)
        /// Where a setting comes from (`--verbose`).
        case setting(String)
        case missing(String, fix: String)
        case note(String, fix: String)

        var line: String {
            switch self {
            case .good(let what): return "✓ \(what)"
            case .setting(let what): return "    \(what)"
            case .missing(let what, let fix): return "✗ \(what)\n    → \(fix)"
            case .note(let what, let fix): return "• \(what)\n    → \(fix)"
            }
        }

        var isMissing: Bool {
            if case .missing = self { return true }
            return false
        }
    }

    func run() throws(CommandError) {
        if showHelp { return try Terminal.write(lines: [Self.help]) }
        var findings: [Finding] = []
        let bus = try? SessionBus.connect()
        if let bus {
            findings.append(.good(tr("session bus")))
            findings.append(Self.notificationServer(bus))
            findings.append(
                DesktopProbe.hasTray(on: bus)
                    ? .good(tr("tray (StatusNotifierWatcher) present"))
                    : .note(
                        tr("no tray (StatusNotifierWatcher)"),
                        fix: tr("the icon appears when a panel with a tray runs; for i3, polybar or waybar use: weibo-notifier watch")))
        } else {
            findings.append(.missing(tr("no D-Bus session bus"), fix: tr("run inside a desktop session (or under dbus-run-session)")))
        }
        switch AutostartEntry(environment: environment).state {
        case .enabled(let file): findings.append(.good(tr("starts with the session (%s)", file)))
        case .disabled: findings.append(.note(tr("does not start with the session"), fix: "weibo-notifier autostart enable"))
        }
        if !DesktopProbe.isNetworkAvailable {
            findings.append(.note(tr("no network route"), fix: tr("connect to a network; the notifier checks again when it comes back")))
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
                    : .note(tr("configuration: %s", loaded.warnings.joined(separator: "; ")), fix: tr("remove or correct those keys")))
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
                .missing(tr("configuration: %s", error.description), fix: tr("correct the value, or delete the file to get the documented defaults")))
        }
        for file in UnsentReplies(path: directories.unsentRepliesFile).movedAside() {
            findings.append(.note(tr("replies that could not be read were moved aside to %s", file), fix: tr("open it to send them by hand, then remove it")))
        }
        if var configuration {
            if let apiBase {
                configuration.apiBase = apiBase
                configuration.remindBase = apiBase
            }
            findings.append(Self.account(directories: directories, configuration: configuration))
            let store = AccountStore(path: directories.accountsFile, legacyPath: directories.legacyAccountFile)
            for uid in store.duplicateUIDs() {
                findings.append(
                    .note(
                        tr("%s names uid %s more than once; the first entry is used", store.path, String(uid)),
                        fix: tr("log in to it again (weibo-notifier login): the file is then written with one entry")))
            }
            findings.append(contentsOf: Self.tokenPlace(directories: directories, configuration: configuration, bus: bus))
        }
        if let bus {
            let running = try? DaemonStatus.read(bus)
            findings.append(
                running.map { .good(tr("the notifier runs (pid %d, state %s)", Int($0.pid), $0.state)) }
                    ?? .note(tr("the notifier is not running"), fix: tr("weibo-notifier run (or: weibo-notifier autostart enable, then log in again)")))
            if let note = running?.detailsNote, !note.isEmpty {
                findings.append(.note(processLocalizer.text(.detailsUnavailable(note)), fix: tr("bubbles show the counts; set preview = count to stop asking")))
            }
            SessionBus.release(bus)
        }
        try Terminal.write(lines: findings.map(\.line))
        if findings.contains(where: \.isMissing) { throw .silent(.failure) }
    }

    static func notificationServer(_ bus: OpaquePointer) -> Finding {
        guard let found = DesktopProbe.notificationServer(on: bus) else {
            return .missing(tr("no notification server"), fix: tr("start your desktop's, or install one such as dunst or mako"))
        }
        let server = tr("notification server %s %s", found.name, found.version)
        guard found.capabilities.contains("actions") else {
            return .note(tr("%s has no buttons (no 'actions')", server), fix: tr("clicks cannot open the summary: use the tray, or weibo-notifier refresh"))
        }
        return .good(found.capabilities.contains("body-markup") ? tr("%s (actions, body markup)", server) : tr("%s (actions)", server))
    }

    /// How to mend a bad value of `key`: `config set` or `unset`, but a secret is never typed on
    /// a command line (`login` asks for it).
    static func fix(forKey key: String?) -> String {
        guard let key, let setting = SettingsTable.setting(named: key) else {
            return tr("correct the value, or delete the file to get the documented defaults")
        }
        if setting.isSecret { return tr("weibo-notifier login (it asks for it), or config unset %s", key) }
        return tr("weibo-notifier config set %s VALUE, or config unset %s", key, key)
    }

    static func account(directories: XDGDirectories, configuration: Configuration) -> Finding {
        let account: Account
        do {
            account = try AccountStore(path: directories.accountsFile, legacyPath: directories.legacyAccountFile, apiBase: configuration.apiBase).load()
        } catch {
            if case .notLoggedIn = error { return .missing(tr("not logged in"), fix: "weibo-notifier login") }
            return .missing(tr("account: %s", error.description), fix: tr("weibo-notifier login, or as the message says"))
        }
        let now = Date()
        if account.isExpired(at: now) {
            return .missing(tr("the login of uid %d has expired", account.uid), fix: "weibo-notifier login")
        }
        let client = WeiboClient(endpoints: configuration.endpoints, http: HTTPClient(totalTimeout: 10, trustedCAFile: configuration.tlsCAFile))
        var outcome: Result<TokenInfo, WeiboClientError>?
        client.tokenInfo(accessToken: account.accessToken) { outcome = $0 }
        MainContext.run(timeout: 15) { outcome != nil }
        let days = Int(account.secondsLeft(at: now) / 86_400)
        switch outcome {
        case .success(let info) where info.uid == account.uid && info.expireIn > 0:
            return .good(trn("account uid %d, accepted by Weibo, %d day left", "account uid %d, accepted by Weibo, %d days left", days, account.uid, days))
        case .success(let info):
            return .missing(tr("Weibo says the token belongs to uid %d or has expired", info.uid), fix: "weibo-notifier login")
        case .failure(.api(let error)) where error.kind == .auth:
            return .missing(tr("Weibo refuses the login (%d)", error.code), fix: "weibo-notifier login")
        case .failure(let error):
            return .note(
                trn(
                    "account uid %d, %d day left; Weibo could not be asked: %s", "account uid %d, %d days left; Weibo could not be asked: %s", days,
                    account.uid, days, error.description), fix: tr("check the network"))
        case nil:
            return .note(
                trn("account uid %d, %d day left; Weibo did not answer", "account uid %d, %d days left; Weibo did not answer", days, account.uid, days),
                fix: tr("check the network"))
        }
    }

    /// Where the token is kept, and whether `token_store` can be had.
    static func tokenPlace(directories: XDGDirectories, configuration: Configuration, bus: OpaquePointer?) -> [Finding] {
        let keyring = bus.map { DesktopProbe.hasSecretService(on: $0) } ?? false
        var findings: [Finding] = []
        if configuration.tokenStore == .keyring && !keyring {
            findings.append(
                .missing(
                    tr("token_store = keyring, and no keyring (Secret Service) is on the session bus"),
                    fix: tr("install and start gnome-keyring (or KWallet), or set token_store = auto")))
        }
        guard
            let saved = try? AccountStore(path: directories.accountsFile, legacyPath: directories.legacyAccountFile, apiBase: configuration.apiBase).loadSaved()
        else { return findings }
        switch saved.place {
        case .keyring:
            findings.append(.good(tr("the token is kept in the keyring")))
        case .file where keyring && configuration.tokenStore != .file:
            findings.append(
                .note(tr("the token is kept in %s", directories.accountsFile), fix: tr("weibo-notifier run moves it to the keyring at its start")))
        case .file:
            findings.append(.good(tr("the token is kept in %s", directories.accountsFile)))
        }
        return findings
    }
}
