import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier accounts`: every saved login, the default first.
struct AccountsCommand: TableCommand {
    static let name = "accounts"
    static var summary: String { tr("List the accounts logged in") }
    static var about: String {
        tr(
            """
            Lists the accounts logged in, the default one first (marked *): screen name, uid,
            until when the login lasts, and where its token is kept. Add one with
            weibo-notifier login --switch-account, remove one with weibo-notifier logout NAME.
            Commands take --account NAME (a screen name or uid) to use another than the default.
            """)
    }

    var json = false

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .json(\.json).described(tr("One JSON array: uid, screen_name, default, expires_at, token_in"))
        ]
    }

    func perform(environment: [String: String]) throws(CommandError) {
        let context = try CommandContext(environment: environment, apiBase: nil)
        let saved: [AccountStore.Saved]
        do {
            saved = try context.accountStore.loadAll()
        } catch {
            throw .account(error.description)
        }
        for file in context.accountStore.setAsideFiles() {
            Terminal.writeError(tr("weibo-notifier: logins that could not be read were set aside in %s (see weibo-notifier doctor)", file))
        }
        for uid in context.accountStore.duplicateUIDs() {
            Terminal.writeError(tr("weibo-notifier: %s names uid %s more than once; the first entry is used", context.accountStore.path, String(uid)))
        }
        if json { return try Terminal.write(lines: [Self.json(saved)]) }
        guard !saved.isEmpty else { throw .account(tr("Not logged in: run weibo-notifier login")) }
        let now = Timestamp.now
        try Terminal.write(
            lines: saved.enumerated().map { index, entry in
                let login = entry.account(token: "")
                let expiry = Terminal.localDate(login.expiresAt)
                let days = Int(login.secondsLeft(at: now) / 86_400)
                let validity =
                    login.isExpired(at: now)
                    ? tr("expired on %s", expiry) : trn("valid until %s (%d day left)", "valid until %s (%d days left)", days, expiry, days)
                let place = entry.place == .keyring ? tr("token in the keyring") : tr("token in %s", context.directories.accountsFile)
                let name = entry.screenName.isEmpty ? "" : entry.screenName + "  "
                return (index == 0 ? "* " : "  ") + name + tr("uid %d", entry.uid) + "  " + validity + "  " + place
            })
    }

    /// The accounts as one JSON array, for scripts.
    static func json(_ saved: [AccountStore.Saved]) -> String {
        let objects = saved.enumerated().map { index, entry in
            let expiresAt = Int64(entry.account(token: "").expiresAt.secondsSince1970.rounded(.down))
            return "{\"uid\":\(entry.uid),\"screen_name\":\(StatusBarLine.jsonString(entry.screenName)),\"default\":\(index == 0),"
                + "\"expires_at\":\(expiresAt),\"token_in\":\"\(entry.place.rawValue)\"}"
        }
        return "[" + objects.joined(separator: ",") + "]"
    }
}
