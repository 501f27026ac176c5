import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier unread`: the unread counts, once.
struct UnreadCommand: TableCommand {
    static let name = "unread"
    static var summary: String { tr("Show the unread counts once") }
    static var about: String {
        tr(
            """
            Asks Weibo once for the unread counts (new posts, comments, @mentions, direct
            messages, followers) and prints those that are not zero.
            """)
    }

    var json = false
    var apiBase: String?
    var account: String?

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .json(\.json).described(tr("One JSON object with every counter and the total")),
            .account(\.account),
            .apiBase(\.apiBase).described(tr("Talk to this server instead of Weibo (a sandbox)")),
        ]
    }

    func perform(environment: [String: String]) throws(CommandError) {
        let context = try CommandContext(environment: environment, apiBase: apiBase, account: account)
        let account = try context.loadAccount()
        let client = context.makeClient()
        let counts: UnreadCounts = try context.wait { client.unreadCounts(for: account, completion: $0) }
        if json {
            let fields = counts.carriedCounters.map { "\"\($0.rawValue)\":\(counts[$0])" }
            return try Terminal.write(lines: ["{" + fields.joined(separator: ",") + ",\"total\":\(counts.total)}"])
        }
        let lines = UnreadPresenter(localizer: context.localizer).counterWords(counts)
        try Terminal.write(lines: lines.isEmpty ? [context.localizer.text(.nothingUnread)] : lines)
    }
}
