import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier timeline`: lays out the home timeline, fetched or saved.
struct TimelineCommand: ParsedCommand {
    static let name = "timeline"
    static var summary: String { tr("Lay out the home timeline (fetched, or a saved JSON file)") }
    static var about: String {
        tr(
            """
            Lays out the home timeline as the notifier's popup and timeline do: name, VIP
            mark, time, source, text, pictures, retweet, toolbar. Fetches it from Weibo with
            the saved login, or reads a saved statuses/home_timeline.json response.
            """)
    }

    /// What its `--help` says under the options.
    static var epilogue: String? {
        tr(
            """
            Exit status: 0 on success, 64 for a wrong command line, 65 when the file is not
            a timeline (malformed JSON, wrong shape, or an API error body), 66 when it
            cannot be read, 69 when Weibo cannot be reached, 75 when rate limited, 77 when
            the login is missing or expired.
            """)
    }

    var path: String?
    var width: Int?
    var count: Int?
    var color = ColorChoice.auto
    var compactLines: Int?
    var showHelp = false
    var apiBase: String?
    var account: String?
    let environment: [String: String]

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .savedResponse(\.path),
            .columns(\.width),
            .integer("--count", \.count, in: 1...100_000).described(tr("Show at most N statuses (default: all of a file; 20 fetched, at most 100)")),
            .color(\.color).described(tr("auto, always or never (default: auto: colour on a terminal unless NO_COLOR is set)")),
            .integer("--compact", \.compactLines, in: 1...100).described(
                tr("The popup's compact style: no avatar, source or toolbar, at most N lines per status")),
            .account(\.account),
            .apiBase(\.apiBase).described(tr("Fetch from this server instead of Weibo (a sandbox)")),
        ]
    }

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        self.environment = environment
        var reader = ArgumentReader(arguments, command: Self.name)
        showHelp = try reader.read(Self.options, into: &self)
        if path != nil && apiBase != nil { throw reader.usage(tr("--file and --api-base do not go together")) }
    }

    /// Lays out and prints each status as soon as it is read (a saved page of any length is
    /// never held whole), then counts what was left out.
    func run() throws(CommandError) {
        if showHelp { return try Terminal.write(lines: [Self.help]) }
        let columns = width ?? min(max(Terminal.columns ?? 80, 20), 1000)
        let localizer = processLocalizer
        let layout = StatusFrameLayout(
            localizer: localizer, timeZone: SystemTimeZone.snapshot(), now: Timestamp.now, emoticons: CommandContext.emoticons(environment: environment))
        let style: LayoutStyle = compactLines.map { .compact(maxLines: $0) } ?? .full
        let renderer = FrameRenderer(usesColor: color.usesColor(environment: environment))
        var shown = 0
        var outputFailure: CommandError?
        func show(_ status: Status) {
            guard outputFailure == nil, shown < count ?? .max else { return }
            let frame = layout.frame(for: status, width: columns, style: style)
            var lines = renderer.lines(of: frame)
            if shown > 0 { lines.insert(renderer.separator(before: frame, rule: compactLines == nil), at: 0) }
            do {
                try Terminal.write(lines: lines)
            } catch {
                outputFailure = error
            }
            shown += 1
        }

        let skipped: [DecodingFailure]
        if let path {
            skipped = try Self.readPage(path, each: show).skipped
        } else {
            let page = try fetchPage()
            page.statuses.forEach(show)
            skipped = page.skipped
        }
        if let outputFailure { throw outputFailure }
        if !skipped.isEmpty {
            // The rest is shown; what was left out is counted, and named under -v.
            for failure in skipped { Log.debug("left out: \(failure)") }
            Terminal.writeError(
                trn("weibo-notifier: %d status could not be read", "weibo-notifier: %d statuses could not be read", skipped.count, skipped.count))
        }
        if shown == 0 { try Terminal.write(lines: [localizer.text(.nothingUnread)]) }
    }

    /// A saved response, from a file or standard input, each status handed to `each` as it is read.
    static func readPage(_ path: String, each: (Status) -> Void) throws(CommandError) -> TimelinePage {
        let name = path == "-" ? tr("standard input") : path
        let data = try Terminal.read(path: path)
        do {
            return try TimelinePage.read(from: data, each: each)
        } catch {
            switch error {
            case .api(let apiError): throw .apiError(path: name, description: apiError.explanation(processLocalizer))
            case .malformed(let failure): throw .malformed(path: name, reason: failure.explanation(processLocalizer))
            }
        }
    }

    /// The newest statuses, fetched with the saved login.
    private func fetchPage() throws(CommandError) -> TimelinePage {
        let context = try CommandContext(environment: environment, apiBase: apiBase, account: account)
        let account = try context.loadAccount()
        let client = context.makeClient()
        return try context.wait { client.homeTimeline(for: account, count: min(count ?? 20, 100), completion: $0) }
    }
}
