import WeiboDesktop
import WeiboPlatform

/// `weibo-notifier autostart enable|disable|status`.
struct AutostartCommand: ParsedCommand {
    static let name = "autostart"
    static var summary: String { tr("Start the notifier with the desktop session (enable, disable, status)") }
    static var about: String {
        tr(
            """
            Starts the notifier with your desktop session, or stops doing so, through an XDG
            autostart entry in $XDG_CONFIG_HOME/autostart/io.github.WeiboNotifier.desktop.
            'disable' also masks an entry installed for all users (Hidden=true).
            With a systemd user session you may use the installed user unit instead (not
            both): systemctl --user enable --now weibo-notifier.service
            """)
    }

    enum Action: String, CaseIterable { case enable, disable, status }

    static var operands: [String] { Action.allCases.map(\.rawValue) }
    static var synopses: [String] { ["autostart " + operands.joined(separator: "|")] }

    var action: Action?
    var showHelp = false
    let environment: [String: String]

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        self.environment = environment
        var rest = arguments
        if let first = rest.first, !first.hasPrefix("-") {
            guard let chosen = Action(rawValue: first) else {
                throw .usage(tr("weibo-notifier autostart: '%s' is not enable, disable or status\nTry 'weibo-notifier autostart --help'.", first))
            }
            action = chosen
            rest.removeFirst()
        }
        var reader = ArgumentReader(rest, command: Self.name)
        showHelp = try reader.read([], into: &self)
        if action == nil && !showHelp { throw reader.usage(tr("say enable, disable or status")) }
    }

    func run() throws(CommandError) {
        if showHelp { return try Terminal.write(lines: [Self.help]) }
        let entry = AutostartEntry(environment: environment)
        do {
            switch action {
            case .enable:
                try entry.enable(command: "weibo-notifier run")
                try Terminal.write(lines: [tr("The notifier will start with your session (%s).", entry.userFile)])
            case .disable:
                try entry.disable()
                try Terminal.write(lines: [tr("The notifier will no longer start with your session.")])
            case .status, nil:
                try Terminal.write(lines: [Self.describe(entry.state)])
            }
        } catch let error as PrivateFile.Failure {
            throw .failed(error.description)
        } catch let error as CommandError {
            throw error
        } catch {
            throw .failed("\(error)")
        }
    }

    static func describe(_ state: AutostartEntry.State) -> String {
        switch state {
        case .enabled(let file): return tr("enabled (%s)", file)
        case .disabled(let file): return file.map { tr("disabled (%s)", $0) } ?? tr("disabled")
        }
    }
}
