import FoundationEssentials
import WeiboDesktop
import WeiboKit

/// `weibo-notifier logout`: revokes the login on Weibo's side and deletes it here.
struct LogoutCommand: Command {
    static let name = "logout"
    static var summary: String { tr("Revoke the login and delete it here") }
    static var help: String {
        tr(
            """
            Usage: weibo-notifier logout [--api-base URL]

            Asks Weibo to revoke the saved login, then deletes it from this machine (also when
            Weibo cannot be reached: the revocation is then only local).
            """)
    }

    var apiBase: String?
    var showHelp = false
    let environment: [String: String]

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        self.environment = environment
        var reader = ArgumentReader(arguments, command: Self.name)
        showHelp = try reader.readOptions { reader, option throws(CommandError) in
            switch option.name {
            case "--api-base": apiBase = try reader.apiBase(for: option)
            default: return false
            }
            return true
        }
    }

    func run() throws(CommandError) {
        if showHelp { return try Terminal.write(lines: [Self.help]) }
        let context = try CommandContext(environment: environment, apiBase: apiBase)
        let account: Account
        do {
            account = try context.accountStore.load()
        } catch {
            if case .notLoggedIn = error { return try Terminal.write(lines: [tr("Not logged in.")]) }
            // An unreadable or corrupt file is still removed.
            Terminal.writeError(tr("weibo-notifier: warning: %s", error.description))
            try delete(context)
            return try Terminal.write(lines: [tr("Logged out (the login file was removed).")])
        }
        let client = context.makeClient()
        do {
            let _: Bool = try context.wait { client.revoke(accessToken: account.accessToken, completion: $0) }
        } catch {
            Terminal.writeError(tr("weibo-notifier: warning: Weibo did not confirm the revocation (%s); removing the login here anyway", error.description))
        }
        try delete(context)
        try Terminal.write(lines: [tr("Logged out.")])
    }

    private func delete(_ context: CommandContext) throws(CommandError) {
        try context.deleteAccount()
    }
}
