import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier status`: what the running notifier is doing.
struct StatusCommand: TableCommand {
    static let name = "status"
    static var summary: String { tr("What the running notifier is doing") }
    static var about: String {
        tr(
            """
            Asks the running notifier what it is doing: its state, the last and next check,
            the last error and the unread counts. Exit status 69 when none runs.
            """)
    }

    func perform(environment: [String: String]) throws(CommandError) {
        let status = try DaemonCall.with { connection throws(SessionBus.Failure) in try DaemonStatus.read(connection) }
        try Terminal.write(lines: status.lines(localizer: processLocalizer))
        // Not logged in is no error of the notifier's, but nothing is being checked: say so.
        if status.state == NotifierPhase.notLoggedIn.rawValue { throw .silent(.noPermission) }
    }
}
