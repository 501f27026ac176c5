import WeiboDesktop
import WeiboPlatform

/// `weibo-notifier mark-read`: everything the running notifier knows of counts as seen.
struct MarkReadCommand: TableCommand {
    static let name = "mark-read"
    static var summary: String { tr("Count everything as seen without checking again") }
    static var about: String {
        tr(
            """
            Tells the running notifier to count everything it knows of as seen, and to close
            its notification (no new check); with --account, only for that account (a screen
            name or uid).
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
        let uid = try account.map { name throws(CommandError) in try CommandContext.uid(of: name, environment: environment) }
        try DaemonCall.with { connection throws(SessionBus.Failure) in
            DaemonStatus.release(try SessionBus.callDaemon(connection, uid == nil ? "MarkRead" : "MarkReadAccount", argument: uid))
        }
        try Terminal.write(lines: [tr("Marked as seen.")])
    }
}
