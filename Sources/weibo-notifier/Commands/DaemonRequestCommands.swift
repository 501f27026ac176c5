import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// Asks the running notifier to do something that needs no answer, for status-bar click
/// commands and scripts: exits 0 when it took the request, 69 when none runs.
/// `startingIt`: D-Bus may start the notifier for it (installed activation file); its first
/// check can take a while then.
private func request(
    _ method: String, argument: String? = nil, number: UInt32? = nil, arguments: [String] = [], startingIt: Bool = false
) throws(CommandError) {
    try DaemonCall.with { connection throws(SessionBus.Failure) in
        DaemonStatus.release(
            try SessionBus.callDaemon(
                connection, method, argument: argument, number: number, timeoutMilliseconds: startingIt ? 30_000 : 10_000, startingIt: startingIt,
                arguments: arguments))
    }
}

/// `weibo-notifier popup`: the running notifier opens its popup at a section.
struct PopupCommand: TableCommand {
    static let name = "popup"
    static var summary: String { tr("Open the popup with the newest posts, comments and mentions") }
    static var about: String {
        tr(
            """
            Asks the notifier to open its popup (what a click on its tray icon or notification
            does): a small window with the newest posts, comments and mentions, at the section
            given (default: posts), of the default account or of the one --account names (a
            screen name or uid). Asked again for the section it shows, it closes. Where no
            window can open (no display, the popup not installed) the notifier shows the
            section as a notification instead. With the installed D-Bus activation file, this
            starts the notifier when none runs.
            """)
    }

    var kind = PopupSectionKind.posts
    var account: String?

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .choice("--kind", sets: \.kind, placeholder: "KIND").described(tr("The section to show: posts, comments or mentions (default: posts)")),
            .account(\.account),
        ]
    }

    func perform(environment: [String: String]) throws(CommandError) {
        guard let account else { return try request("ShowPopup", argument: kind.rawValue, startingIt: true) }
        let uid = try CommandContext.uid(of: account, environment: environment)
        try request("ShowPopupAccount", arguments: [kind.rawValue, String(uid)], startingIt: true)
    }
}

/// `weibo-notifier pause [DURATION]`: no notifications for a while.
struct PauseCommand: ParsedCommand {
    static let name = "pause"
    static var summary: String { tr("Pause the running notifier's notifications for a while") }
    static var about: String {
        tr(
            """
            Asks the running notifier to show no notifications for DURATION: 30m, 1h, 2h30m
            (hours and minutes, at most a week), or tomorrow (until 08:00); one hour when none
            is given. The counts keep updating; one notification sums up afterwards.
            weibo-notifier resume ends the pause sooner.
            """)
    }

    static var synopses: [String] { ["pause [DURATION]"] }

    var seconds = PauseDuration.defaultSeconds
    var showHelp = false

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        var reader = ArgumentReader(arguments, command: Self.name)
        var operand: String?
        showHelp = try reader.read([], into: &self, operand: &operand)
        if let operand {
            guard let parsed = PauseDuration.seconds(operand, now: Timestamp.now, zone: SystemTimeZone()) else {
                throw reader.usage(tr("'%s' is no duration; write 30m, 1h, 2h30m or tomorrow", operand))
            }
            seconds = parsed
        }
    }

    func run() throws(CommandError) {
        if showHelp { return try Terminal.write(lines: [Self.help]) }
        try request("Pause", number: UInt32(seconds))
        let until = Terminal.localDate(Timestamp.now.adding(Double(seconds)))
        try Terminal.write(lines: [tr("Notifications paused until %s.", until)])
    }
}

/// `show-summary`, `check-now` and `resume`: one request each, with nothing to set.
struct ShowSummaryCommand: RequestCommand { static let sent = SimpleRequest.showSummary }
struct CheckNowCommand: RequestCommand { static let sent = SimpleRequest.checkNow }
struct ResumeCommand: RequestCommand { static let sent = SimpleRequest.resume }

/// The requests that take no argument, with their commands' words.
enum SimpleRequest {
    /// The newest posts as a notification.
    case showSummary
    /// A check at once.
    case checkNow
    /// Notifications again at once, ending a pause.
    case resume

    var name: String {
        switch self {
        case .showSummary: "show-summary"
        case .checkNow: "check-now"
        case .resume: "resume"
        }
    }

    /// The daemon's method, and whether D-Bus may start the notifier for it.
    var method: (name: String, startingIt: Bool) {
        switch self {
        case .showSummary: ("ShowSummary", true)
        case .checkNow: ("CheckNow", true)
        case .resume: ("Resume", false)
        }
    }

    var summary: String {
        switch self {
        case .showSummary: tr("Ask the running notifier to show the newest posts")
        case .checkNow: tr("Ask the running notifier to check now")
        case .resume: tr("End a pause of the running notifier")
        }
    }

    var about: String {
        switch self {
        case .showSummary:
            tr(
                """
                Asks the running notifier to show the newest posts as a notification; they count as
                seen. A click on the notifier's tray icon, a notification or a status bar opens the
                popup instead (weibo-notifier popup); this is the fallback where no window can open.
                With the installed D-Bus activation file, this starts the notifier when none runs.
                """)
        case .checkNow:
            tr(
                """
                Asks the running notifier to check the unread counts at once (a middle click on its
                tray icon does the same).
                """)
        case .resume:
            tr(
                """
                Asks the running notifier to show notifications again at once, ending a pause (one
                notification sums up what arrived meanwhile).
                """)
        }
    }
}

/// A command that sends one `SimpleRequest`.
protocol RequestCommand: TableCommand {
    static var sent: SimpleRequest { get }
}

extension RequestCommand {
    static var name: String { sent.name }
    static var summary: String { sent.summary }
    static var about: String { sent.about }

    func perform(environment: [String: String]) throws(CommandError) {
        try request(Self.sent.method.name, startingIt: Self.sent.method.startingIt)
    }
}
