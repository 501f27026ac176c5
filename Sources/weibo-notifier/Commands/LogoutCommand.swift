import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier logout`: revokes a login on Weibo's side and deletes it here.
struct LogoutCommand: ParsedCommand {
    static let name = "logout"
    static var summary: String { tr("Revoke the login and delete it here") }
    static var about: String {
        tr(
            """
            Asks Weibo to revoke a saved login (the default one, or the account NAME or UID;
            every one with --all), then deletes it from this machine and from the keyring
            (also when Weibo cannot be reached: the revocation is then only local). When the
            default account goes, the next one becomes the default.
            """)
    }

    var account: String?
    var all = false
    var apiBase: String?
    var showHelp = false
    let environment: [String: String]

    static var synopses: [String] { ["logout [NAME|UID]" + optionsSynopsis()] }

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .flag("--all", sets: \.all).described(tr("Log out of every account")),
            .apiBase(\.apiBase).described(tr("Talk to this server instead of Weibo (a sandbox)")),
        ]
    }

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        self.environment = environment
        var reader = ArgumentReader(arguments, command: Self.name)
        var operand: String?
        showHelp = try reader.read(Self.options, into: &self, operand: &operand)
        account = operand
        if all && account != nil { throw reader.usage(tr("--all and an account name do not go together")) }
    }

    func run() throws(CommandError) {
        if showHelp { return try Terminal.write(lines: [Self.help]) }
        var context = try CommandContext(environment: environment, apiBase: apiBase, account: account)
        guard all else { return try logOut(context) }
        let saved: [AccountStore.Saved]
        do {
            saved = try context.accountStore.loadAll()
        } catch {
            throw Self.unreadable(error)
        }
        if saved.isEmpty { return try Terminal.write(lines: [tr("Not logged in.")]) }
        for entry in saved {
            context.accountSelection = String(entry.uid)
            try logOut(context)
        }
    }

    /// A file of logins that cannot be read: left as it is, since it holds the other logins.
    private static func unreadable(_ error: AccountStore.Failure) -> CommandError {
        .account(tr("%s; nothing was logged out (to log out of every account, remove the file)", error.description))
    }

    /// Revokes and deletes the account `context` selects.
    private func logOut(_ context: CommandContext) throws(CommandError) {
        let account: Account
        let name = (try? context.accountStore.loadSaved())?.name
        do {
            account = try context.accountStore.load()
        } catch {
            switch error {
            case .notLoggedIn: return try Terminal.write(lines: [tr("Not logged in.")])
            case .unknownAccount: throw .account(error.description)
            case .file, .corrupt: throw Self.unreadable(error)
            case .keyring, .tokenMissing:
                // The keyring cannot give the token, or has none: nothing to revoke, the entry goes.
                Terminal.writeError(tr("weibo-notifier: warning: %s", error.description))
                try context.deleteAccount()
                return try Terminal.write(lines: [name.map { tr("Logged out %s (here only).", $0) } ?? tr("Logged out (here only).")])
            }
        }
        let client = context.makeClient()
        do {
            let _: Bool = try context.wait { client.revoke(accessToken: account.accessToken, completion: $0) }
        } catch {
            Terminal.writeError(tr("weibo-notifier: warning: Weibo did not confirm the revocation (%s); removing the login here anyway", error.description))
        }
        try context.deleteAccount()
        try Terminal.write(lines: [name.map { tr("Logged out %s.", $0) } ?? tr("Logged out.")])
    }
}
