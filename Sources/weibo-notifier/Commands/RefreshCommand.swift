import WeiboDesktop
import WeiboPlatform

/// `weibo-notifier refresh`: the user has looked; the running notifier checks, then clears.
struct RefreshCommand: TableCommand {
    static let name = "refresh"
    static var summary: String { tr("Tell the running notifier you have looked (clears the notification)") }
    static var about: String {
        tr(
            """
            Tells the running notifier that you have looked at your timeline: it checks once
            more, counts everything up to now as seen and closes its notification; with
            --account, only for that account (a screen name or uid).
            """)
    }

    var account: String?

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .account(\.account, words: tr("Only this account (a screen name or uid; default: every account)"))
        ]
    }

    func perform(environment: [String: String]) throws(CommandError) {
        // The notifier answers once its check is done: a failed check marks nothing.
        let uid = try account.map { name throws(CommandError) in try CommandContext.uid(of: name, environment: environment) }
        let refusal: String? = try DaemonCall.with { connection throws(SessionBus.Failure) -> String? in
            do throws(SessionBus.Failure) {
                DaemonStatus.release(
                    try SessionBus.callDaemon(connection, uid == nil ? "Refresh" : "RefreshAccount", argument: uid, timeoutMilliseconds: 60_000))
                return nil
            } catch {
                guard error.isRefusal else { throw error }
                return error.message
            }
        }
        if let refusal { throw .unavailable(tr("could not check Weibo (%s); nothing was marked as seen", refusal)) }
        try Terminal.write(lines: [tr("Marked as seen.")])
    }
}
