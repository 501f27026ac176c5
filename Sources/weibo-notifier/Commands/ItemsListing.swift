import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// What `comments` and `mentions` share: their options, fetching or reading the items, and
/// laying them out with `CommentFrameLayout`, in the same cells and colours as `timeline`.
struct ItemsListing {
    /// Comments on the user's posts, or mentions of the user.
    let kind: BubbleKind
    var path: String?
    var width: Int?
    var count = 20
    var color = ColorChoice.auto
    var apiBase: String?
    var account: String?
    var showHelp = false
    let environment: [String: String]

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .savedResponse(\.path),
            .columns(\.width),
            .integer("--count", \.count, in: 1...200).described(tr("Show at most N, 1 to 200 (default: 20)")),
            .color(\.color).described(tr("auto, always or never (default: auto)")),
            .account(\.account),
            .apiBase(\.apiBase).described(tr("Fetch from this server instead of Weibo (a sandbox)")),
        ]
    }

    init(_ kind: BubbleKind, command: String, arguments: [String], environment: [String: String]) throws(CommandError) {
        self.kind = kind
        self.environment = environment
        var reader = ArgumentReader(arguments, command: command)
        showHelp = try reader.read(Self.options, into: &self)
        if path != nil && apiBase != nil { throw reader.usage(tr("--file and --api-base do not go together")) }
    }

    func run() throws(CommandError) {
        let all: [DetailItem]
        if let path { all = try read(path) } else { all = try fetch() }
        let items = Array(all.prefix(count))
        let localizer = processLocalizer
        if items.isEmpty { return try Terminal.write(lines: [localizer.text(.nothingUnread)]) }
        let columns = width ?? min(max(Terminal.columns ?? 80, 20), 1000)
        let layout = CommentFrameLayout(
            localizer: localizer, timeZone: SystemTimeZone.snapshot(), now: Timestamp.now, emoticons: CommandContext.emoticons(environment: environment))
        let frames = items.map { layout.frame(for: $0, width: columns, maxLines: 12) }
        try Terminal.write(lines: FrameRenderer(usesColor: color.usesColor(environment: environment)).lines(of: frames))
    }

    /// A saved `comments/to_me.json`, `comments/mentions.json` or `statuses/mentions.json`.
    private func read(_ path: String) throws(CommandError) -> [DetailItem] {
        let name = path == "-" ? tr("standard input") : path
        let data = try Terminal.read(path: path)
        let source: DetailSource = kind == .comments ? .commentsToMe : .commentMentions
        do {
            let page = try WeiboJSON.decode(CommentsPage.self, from: data)
            report(page.skipped)
            return page.comments.map { DetailItem($0, source: source) }
        } catch {
            // Mentions may be statuses; anything else says what is wrong as comments.
            if kind == .mentions, case .malformed = error, let page = try? WeiboJSON.decode(MentionsPage.self, from: data) {
                report(page.skipped)
                return page.statuses.map(DetailItem.init(mention:))
            }
            switch error {
            case .api(let apiError): throw .apiError(path: name, description: apiError.explanation(processLocalizer))
            case .malformed(let failure): throw .malformed(path: name, reason: failure.explanation(processLocalizer))
            }
        }
    }

    /// The newest items, fetched with the saved login; mentions merge posts and comments.
    private func fetch() throws(CommandError) -> [DetailItem] {
        let context = try CommandContext(environment: environment, apiBase: apiBase, account: account)
        let account = try context.loadAccount()
        let client = context.makeClient()
        if kind == .comments {
            let page: CommentsPage = try context.wait { client.commentsToMe(for: account, count: count, completion: $0) }
            report(page.skipped)
            return page.comments.map { DetailItem($0, source: .commentsToMe) }
        }
        let statuses: MentionsPage = try context.wait { client.statusMentions(for: account, count: count, completion: $0) }
        let comments: CommentsPage = try context.wait { client.commentMentions(for: account, count: count, completion: $0) }
        report(statuses.skipped + comments.skipped)
        let items = statuses.statuses.map(DetailItem.init(mention:)) + comments.comments.map { DetailItem($0, source: .commentMentions) }
        return items.sorted { $0.id > $1.id }
    }

    /// Items left out: how many, on standard error, with where and why under `-v`.
    private func report(_ skipped: [DecodingFailure]) {
        guard !skipped.isEmpty else { return }
        for failure in skipped { Log.debug("left out: \(failure)") }
        Terminal.writeError(trn("weibo-notifier: %d item could not be read", "weibo-notifier: %d items could not be read", skipped.count, skipped.count))
    }

    /// What the help of `comments` or `mentions` says under its usage line.
    static func about(_ what: String) -> String {
        tr(
            """
            %s Fetched from Weibo with the saved login (each fetch is one of
            the about 100 calls a day Weibo allows), or read from a saved response.
            """, what)
    }

    /// What its `--help` says under the options.
    static var epilogue: String {
        tr(
            """
            Exit status as for timeline: 65 for a file that is no such response, 66 when it
            cannot be read, 69 when Weibo cannot be reached, 75 when rate limited, 77 when
            the login is missing or expired.
            """)
    }
}
