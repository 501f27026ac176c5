import Glibc
import WeiboDesktop
import WeiboKit

/// `weibo-notifier watch`: one line per change, for waybar, polybar, i3blocks or scripts.
struct WatchCommand: Command {
    static let name = "watch"
    static var summary: String { tr("One line per change of the unread count, for status bars") }
    static var help: String {
        tr(
            """
            Usage: weibo-notifier watch [--format FORMAT] [--hide-zero] [--interval N] [--api-base URL]

            Prints the unread count for a status bar: once at start, then one line whenever it
            or the notifier's state (offline, login expired) changes. Follows the running
            notifier over D-Bus; when none runs, checks Weibo by itself every interval.
            Ends with status 0 on SIGTERM or when the bar closes the pipe.

            Formats:
              plain      Weibo 3                                         (the default)
              waybar     {"text": …, "tooltip": …, "class": …, "alt": …}  (return-type json)
              polybar    Weibo 3, '%%{' escaped                          (tail = true)
              i3blocks   {"full_text": …, "color": …, "urgent": …}       (interval=persist, format=json)
              json       {"total": 3, "status": 2, …, "state": "unread"}

            Options:
              --format FORMAT   One of the formats above
              --hide-zero       An empty text while nothing is unread (waybar hides the module)
              --interval N      Seconds between checks when no notifier runs (default: the
                                configuration's, 60)
              --api-base URL    Check this server instead of Weibo (a sandbox)
              -h, --help        Show this help

            Ready-made bar configurations: /usr/share/doc/weibo-notifier/status-bars/.
            """)
    }

    var format = StatusBarLine.Format.plain
    var hideZero = false
    var interval: Int?
    var apiBase: String?
    var showHelp = false
    let environment: [String: String]

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        self.environment = environment
        var reader = ArgumentReader(arguments, command: Self.name)
        showHelp = try reader.readOptions { reader, option throws(CommandError) in
            switch option.name {
            case "--format":
                let value = try reader.value(for: option)
                guard let chosen = StatusBarLine.Format(rawValue: value) else {
                    let names = StatusBarLine.Format.allCases.map(\.rawValue).joined(separator: ", ")
                    throw reader.usage(tr("--format takes one of %s, not '%s'", names, value))
                }
                format = chosen
            case "--interval": interval = try reader.integer(for: option, in: 1...86_400)
            case "--hide-zero": hideZero = true
            case "--api-base": apiBase = try reader.apiBase(for: option)
            default: return false
            }
            return true
        }
    }

    func run() throws(CommandError) {
        if showHelp { return try Terminal.write(lines: [Self.help]) }
        // A bar that goes away closes the pipe: a write error to end on, not a signal.
        signal(SIGPIPE, SIG_IGN)
        let context = try CommandContext(environment: environment, apiBase: apiBase)
        let seconds = try RunCommand.checkedInterval(interval ?? context.configuration.interval, configuration: context.configuration)
        var lines = StatusBarLine(format: format, localizer: context.localizer)
        lines.hideZero = hideZero
        let client = WeiboClient(endpoints: context.configuration.endpoints, http: HTTPClient(totalTimeout: RunCommand.requestTimeout(seconds)))
        let accounts = context.accountStore
        let connection = try? SessionBus.connect()
        let loop = MainLoop()
        var last: String?
        var closed = false

        let watcher = DaemonWatcher(
            connection: connection, interval: UInt32(seconds),
            pollBySelf: { report in
                let account: Account
                do {
                    account = try accounts.load()
                } catch {
                    // Never logged in (or logged out) is not an expired login.
                    if case AccountStore.Failure.notLoggedIn = error { return report(UnreadCounts(), .loginNeeded) }
                    return report(UnreadCounts(), .loginExpired)
                }
                client.unreadCounts(for: account) { result in
                    switch result {
                    case .success(let counts):
                        var watched = UnreadCounts()
                        for counter in UnreadCounter.allCases { watched[counter] = counts[counter] }
                        report(watched, watched == UnreadCounts() ? .none : .unread)
                    case .failure(.api(let error)) where error.kind == .auth:
                        report(UnreadCounts(), .loginExpired)
                    case .failure:
                        report(UnreadCounts(), .offline)
                    }
                }
            },
            update: { unread, state, accounts in
                let line = lines.line(unread: unread, state: state, accounts: accounts)
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
        loop.quitOnTermination()
        // A closed pipe is noticed at once, not at the next change: the write end reports an error.
        loop.quitWhenClosed(STDOUT_FILENO)
        if !closed { loop.run() }
        withExtendedLifetime(watcher) {}
        if let connection { SessionBus.release(connection) }
    }
}
