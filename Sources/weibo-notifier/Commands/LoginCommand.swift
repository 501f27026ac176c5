import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier login`: lets the user approve the app in the browser, or imports a token.
struct LoginCommand: ParsedCommand {
    static let name = "login"
    static var summary: String { tr("Log in to Weibo (in the browser), or import a token") }
    static var about: String {
        tr(
            """
            Logs in to Weibo. Opens (and prints) the page where you let Weibo Notifier read
            your account (in $BROWSER when set, else the desktop's browser). With a redirect
            address on this machine (http://127.0.0.1:PORT/callback, recommended) the browser
            comes back by itself; with any other, paste the code, or the whole address the
            browser ended on. The login is checked with Weibo and saved: the token in the
            keyring when one runs, the rest in $XDG_CONFIG_HOME/weibo-notifier/accounts.json,
            readable by you only.

            Needs an app key of your own from open.weibo.com: without one in the
            configuration ($XDG_CONFIG_HOME/weibo-notifier/config, or a system-wide one in
            $XDG_CONFIG_DIRS/weibo-notifier/config), it walks you through getting one.
            """)
    }

    var apiBase: String?
    var enablesAutostart = true
    /// Ask Weibo for the password again, to log in as another account in the same browser.
    var switchAccount = false
    var openBrowser = true
    var tokenFromStdin = false
    var uid: Int64?
    var showHelp = false
    let environment: [String: String]

    /// With the browser, or with a token a script already has.
    static var synopses: [String] {
        ["login" + optionsSynopsis(excluding: ["--token-stdin", "--uid"]), "login --token-stdin --uid N [--api-base URL]"]
    }

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .apiBase(\.apiBase).described(tr("Talk to this server instead of Weibo (a sandbox)")),
            .flag("--no-browser", sets: \.openBrowser, to: false).described(tr("Only print the address; do not open a browser")),
            .flag("--no-autostart", sets: \.enablesAutostart, to: false).described(
                tr("Do not start the notifier with the desktop session (a first login otherwise makes it start with your session)")),
            .flag("--switch-account", sets: \.switchAccount).described(
                tr("Ask Weibo for the password again (to log in as another account in the same browser)")),
            .flag("--token-stdin", sets: \.tokenFromStdin).described(
                tr("Import a token you already have, read from standard input (never from the command line, where others could see it)")),
            .integer("--uid", \.uid, in: 1...Int.max).described(tr("The user the imported token belongs to")),
            .refused("--token") { tr("a token is never taken from the command line; use --token-stdin") },
        ]
    }

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        self.environment = environment
        var reader = ArgumentReader(arguments, command: Self.name)
        showHelp = try reader.read(Self.options, into: &self)
        if tokenFromStdin != (uid != nil), !showHelp {
            throw reader.usage(tr("--token-stdin and --uid go together"))
        }
    }

    func run() throws(CommandError) {
        if showHelp { return try Terminal.write(lines: [Self.help]) }
        let context = try CommandContext(environment: environment, apiBase: apiBase)
        let client = context.makeClient()
        if tokenFromStdin, let uid {
            guard let token = try Terminal.readLine()?.trimmed(of: " \t"), !token.isEmpty else {
                throw .failed(tr("no token on standard input"))
            }
            if let problem = Account.tokenProblem(token) {
                throw .failed(tr("what standard input gave is no token: %s", problem.text(processLocalizer)))
            }
            try save(token: token, expectedUID: uid, context: context, client: client)
        } else {
            let context = try ensureAppKey(context)
            let (token, listener) = try authorize(context: context, client: context.makeClient())
            do {
                Self.showLastPage(listener, .loggedIn(try save(token: token, expectedUID: nil, context: context, client: client)))
            } catch {
                Self.showLastPage(listener, .failed(error.description))
                throw error
            }
        }
    }

    /// Checks the token with Weibo, then saves it with its real lifetime; the account's name.
    @discardableResult
    private func save(token: String, expectedUID: Int64?, context: CommandContext, client: WeiboClient) throws(CommandError) -> String {
        let info: TokenInfo = try context.wait { client.tokenInfo(accessToken: token, completion: $0) }
        if let expectedUID, info.uid != expectedUID {
            throw .failed(tr("the token belongs to uid %d, not %d", info.uid, expectedUID))
        }
        guard info.expireIn > 0 else { throw .account(tr("Weibo says this token has expired; log in to Weibo again")) }
        let account = Account(accessToken: token, uid: info.uid, issuedAt: Timestamp.now, expiresIn: info.expireIn)
        // The screen name names the account in `accounts`, bubbles and the keyring; without it, the uid does.
        // Its avatar shows in the settings window.
        let user = try? context.wait { client.user(info.uid, for: account, completion: $0) }
        let screenName = user?.screenName ?? ""
        let before = (try? context.accountStore.loadAll()) ?? []
        let place = try context.save(account, screenName: screenName, avatarURL: user?.avatarLargeURL ?? user?.profileImageURL ?? "")
        let days = Int(info.expireIn / 86_400)
        try Terminal.write(lines: [
            trn(
                "Logged in as uid %d; the login lasts until %s (%d day).", "Logged in as uid %d; the login lasts until %s (%d days).", days, info.uid,
                Terminal.localDate(account.expiresAt), days)
        ])
        try Terminal.write(lines: [
            place == .keyring
                ? tr("The token is kept in your keyring.") : tr("The token is kept in %s, readable by you only.", context.directories.accountsFile)
        ])
        let accounts = (try? context.accountStore.loadAll()) ?? []
        if accounts.count > 1, !before.contains(where: { $0.uid == info.uid }) {
            try Terminal.write(lines: [
                tr(
                    "Added as one more account (%d in all; the default stays %s): weibo-notifier accounts lists them, --account chooses one.",
                    accounts.count, accounts[0].name)
            ])
        }
        if before.isEmpty { try enableAutostartOnce(context) }
        return screenName.isEmpty ? tr("uid %d", info.uid) : screenName
    }

    /// A first login makes the notifier start with the session (the package starts it for
    /// nobody); later logins leave the user's choice alone. A login to a sandbox on this
    /// machine is for trying: the next real session would start a notifier against Weibo with
    /// the sandbox's token.
    private func enableAutostartOnce(_ context: CommandContext) throws(CommandError) {
        let entry = AutostartEntry(environment: environment)
        guard enablesAutostart, !context.configuration.isSandbox, case .disabled(file: nil) = entry.state else { return }
        do {
            try entry.enable(command: "weibo-notifier run")
        } catch {
            return Terminal.writeError(tr("weibo-notifier: warning: %s", error.description))
        }
        try Terminal.write(lines: [tr("The notifier will start with your desktop session ('weibo-notifier autostart disable' stops that).")])
    }
}
