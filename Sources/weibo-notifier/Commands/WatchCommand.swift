import Glibc
import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier watch`: one line per change, for waybar, polybar, i3blocks or scripts.
struct WatchCommand: TableCommand {
    static let name = "watch"
    static var summary: String { tr("One line per change of the unread count, for status bars") }
    static var about: String {
        tr(
            """
            Prints the unread count for a status bar: once at start, then one line whenever it
            or the notifier's state changes. Follows the running notifier over D-Bus; when none
            runs, checks Weibo by itself every interval. A failed check keeps the last count
            (marked stale after 3 failures in a row); only the network monitor makes it offline.
            Ends with status 0 on SIGTERM or when the bar closes the pipe.

            Formats:
              plain      Weibo 3                                         (the default)
              waybar     {"text": …, "tooltip": …, "class": [states], "alt": main state}
                                                                         (return-type json)
              polybar    Weibo 3, '%%{' escaped                          (tail = true)
              i3blocks   {"full_text": …, "short_text": …, "urgent": …}  (interval=persist, format=json)
              json       {"total": 3, "status": 2, …, "state": "unread", "states": […]}

            States (waybar's classes; the first that holds is the main one, `alt`):
              login-needed, offline, rate-limited, stale, dnd, paused, quiet, urgent (a private
              message or an @mention), unread, none
            """)
    }

    /// What its `--help` says under the options.
    static var epilogue: String? {
        tr(
            """
            Ready-made bar configurations: /usr/share/doc/weibo-notifier/status-bars/.
            """)
    }

    var format = StatusBarLine.Format.plain
    var hideZero = false
    var template: String?
    var zeroColor: String?
    var polybarColors = false
    var interval: Int?
    var apiBase: String?

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .choice("--format", sets: \.format, placeholder: "FORMAT").described(tr("One of the formats above")),
            .custom("--text", placeholder: "TEMPLATE") { reader, option, command throws(CommandError) in
                let value = try reader.value(for: option)
                if let unknown = StatusBarLine.unknownPlaceholder(in: value) {
                    let names = StatusBarLine.placeholders.map { "{\($0)}" }.joined(separator: ", ")
                    throw reader.usage(tr("--text: unknown placeholder {%s}; the placeholders are %s", unknown, names))
                }
                command.template = value
            }.described(tr("The text, with {total}, {posts}, {comments}, {mentions}, {messages}, {followers} and {icon} (default: \"Weibo {total}\")")),
            .flag("--hide-zero", sets: \.hideZero).described(
                tr("An empty text while nothing is unread (waybar hides the module; i3blocks and polybar print an empty line)")),
            .custom("--color-zero", placeholder: "COLOR") { reader, option, command throws(CommandError) in
                let value = try reader.value(for: option)
                guard Self.isColor(value) else { throw reader.usage(tr("--color-zero takes a colour such as #FFFFFF, not '%s'", value)) }
                command.zeroColor = value
            }.described(tr("i3blocks: this colour at zero (by default none, so the bar's own colour shows)")),
            .flag("--polybar-colors", sets: \.polybarColors).described(
                tr("polybar: colour the text with %%{F…} tags (orange with something unread, grey when the count may be old, red when a login is needed)")),
            .integer("--interval", \.interval, in: 1...86_400).described(tr("Seconds between checks when no notifier runs (default: the configuration's, 60)")),
            .apiBase(\.apiBase).described(tr("Check this server instead of Weibo (a sandbox)")),
        ]
    }

    /// `#RGB`, `#RRGGBB` or `#AARRGGBB`.
    static func isColor(_ text: String) -> Bool {
        text.first == "#" && [4, 7, 9].contains(text.count) && text.dropFirst().allSatisfy(\.isHexDigit)
    }

    func perform(environment: [String: String]) throws(CommandError) {
        // A bar that goes away closes the pipe: a write error to end on, not a signal.
        signal(SIGPIPE, SIG_IGN)
        let context = try CommandContext(environment: environment, apiBase: apiBase)
        let seconds = try RunCommand.checkedInterval(interval ?? context.configuration.interval, configuration: context.configuration)
        var lines = StatusBarLine(format: format, localizer: context.localizer)
        lines.hideZero = hideZero
        lines.template = template
        lines.zeroColor = zeroColor
        lines.polybarColors = polybarColors
        let client = WeiboClient(
            endpoints: context.configuration.endpoints, http: context.httpClient(totalTimeout: RunCommand.requestTimeout(seconds), pollInterval: seconds))
        let accounts = context.accountStore
        let connection = try? SessionBus.connect()
        let loop = MainLoop()
        var last: String?
        var closed = false

        let watcher = DaemonWatcher(
            connection: connection, interval: UInt32(seconds), needsNetwork: context.needsNetwork,
            pollBySelf: { report in
                let account: Account
                do {
                    account = try accounts.load()
                } catch {
                    // Never logged in (or logged out) is not an expired login.
                    if case AccountStore.Failure.notLoggedIn = error { return report(UnreadCounts(), .notLoggedIn) }
                    return report(UnreadCounts(), .loginExpired)
                }
                client.unreadCounts(for: account) { result in
                    switch result {
                    case .success(let counts): report(counts, .ok)
                    case .failure(.api(let error)) where error.kind == .auth: report(UnreadCounts(), .loginExpired)
                    case .failure(.api(let error)) where error.kind == .rateLimit: report(nil, .rateLimited)
                    case .failure: report(nil, .offline)
                    }
                }
            },
            update: { unread, states, accounts in
                let line = lines.line(unread: unread, states: states, accounts: accounts)
                guard line != last else { return }
                last = line
                do {
                    try Terminal.write(lines: [line])
                } catch {
                    closed = true
                    loop.quit()
                }
            })
        watcher.start()
        // i3blocks writes a persistent block's clicks to its standard input, one JSON line each.
        let clicks =
            format == .i3blocks
            ? InputLines(descriptor: STDIN_FILENO) { line in
                guard let click = StatusBarClick(i3blocksLine: line), let connection else { return }
                SessionBus.askDaemon(connection, click.method.name, argument: click.method.argument)
            } : nil
        loop.quitOnTermination()
        // A closed pipe is noticed at once, not at the next change: the write end reports an error.
        loop.quitWhenClosed(STDOUT_FILENO)
        if !closed { loop.run() }
        withExtendedLifetime((watcher, clicks)) {}
        if let connection { SessionBus.release(connection) }
    }
}
