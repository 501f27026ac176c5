import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier account`: who is logged in and until when.
struct AccountCommand: TableCommand {
    static let name = "account"
    static var summary: String { tr("Show who is logged in and until when") }
    static var about: String {
        tr(
            """
            Shows the saved login (the default one, or NAME: a screen name or uid): the uid,
            when it expires and how many days are left. All of them: weibo-notifier accounts.
            Exit status 77 when there is no valid login.
            """)
    }

    var account: String?

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .account(\.account)
        ]
    }

    func perform(environment: [String: String]) throws(CommandError) {
        let context = try CommandContext(environment: environment, apiBase: nil, account: account)
        let account = try context.loadAccount()
        let now = Timestamp.now
        let expiry = Terminal.localDate(account.expiresAt)
        if account.isExpired(at: now) {
            throw .account(tr("the login of uid %d expired on %s; run: weibo-notifier login", account.uid, expiry))
        }
        let days = Int(account.secondsLeft(at: now) / 86_400)
        try Terminal.write(lines: [
            tr("uid %d", account.uid), trn("login valid until %s (%d day left)", "login valid until %s (%d days left)", days, expiry, days),
        ])
    }
}
