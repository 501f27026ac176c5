import WeiboDesktop
import WeiboKit

/// Picks the command named by the first argument and maps what it throws to an exit code.
struct CommandLineTool {
    static let version = "0.1.0"

    let arguments: [String]
    let environment: [String: String]

    func run() -> ExitCode {
        do {
            try dispatch()
            return .success
        } catch {
            // Usage messages name the command themselves ("weibo-notifier timeline: …").
            if case .silent = error {
                // Already said.
            } else if case .usage(let message) = error, message.hasPrefix("weibo-notifier") {
                Terminal.writeError(message)
            } else {
                Terminal.writeError(tr("weibo-notifier: %s", error.description))
            }
            return error.exitCode
        }
    }

    private func dispatch() throws(CommandError) {
        var arguments = self.arguments
        // `-v` before the command: debug logging (never the token).
        while let first = arguments.first, first == "-v" || first == "--verbose" {
            Log.enableDebug()
            arguments.removeFirst()
        }
        // No command, or options only: the daemon.
        guard let first = arguments.first, !first.hasPrefix("--") || first == "--help" || first == "--version" else {
            return try RunCommand(arguments: arguments, environment: environment).run()
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help", "help":
            if let topic = rest.first, let help = Self.commandHelp(topic) {
                try Terminal.write(lines: [help])
            } else {
                try Terminal.write(lines: [Self.help])
            }
        case "-V", "--version":
            try Terminal.write(lines: ["weibo-notifier \(Self.version)"])
        case "run":
            try RunCommand(arguments: rest, environment: environment).run()
        case "demo":
            try DemoCommand(arguments: rest, environment: environment).run()
        case "status":
            try DaemonControlCommand(.status, arguments: rest, environment: environment).run()
        case "refresh":
            try DaemonControlCommand(.refresh, arguments: rest, environment: environment).run()
        case "mark-read":
            try DaemonControlCommand(.markRead, arguments: rest, environment: environment).run()
        case "watch":
            try WatchCommand(arguments: rest, environment: environment).run()
        case "autostart":
            try AutostartCommand(arguments: rest, environment: environment).run()
        case "doctor":
            try DoctorCommand(arguments: rest, environment: environment).run()
        case "timeline":
            try TimelineCommand(arguments: rest, environment: environment).run()
        case "sample":
            try SampleCommand(arguments: rest).run()
        case "sandbox":
            try SandboxCommand(arguments: rest).run()
        case "login":
            try LoginCommand(arguments: rest, environment: environment).run()
        case "logout":
            try LogoutCommand(arguments: rest, environment: environment).run()
        case "account":
            try AccountCommand(arguments: rest, environment: environment).run()
        case "unread":
            try UnreadCommand(arguments: rest, environment: environment).run()
        default:
            throw .usage(tr("unknown command '%s'\nTry 'weibo-notifier --help'.", first))
        }
    }

    static func commandHelp(_ command: String) -> String? {
        switch command {
        case "run": return RunCommand.help
        case "demo": return DemoCommand.help
        case "status": return DaemonControlCommand.help(.status)
        case "refresh": return DaemonControlCommand.help(.refresh)
        case "mark-read": return DaemonControlCommand.help(.markRead)
        case "watch": return WatchCommand.help
        case "autostart": return AutostartCommand.help
        case "doctor": return DoctorCommand.help
        case "timeline": return TimelineCommand.help
        case "sample": return SampleCommand.help
        case "sandbox": return SandboxCommand.help
        case "login": return LoginCommand.help
        case "logout": return LogoutCommand.help
        case "account": return AccountCommand.help
        case "unread": return UnreadCommand.help
        default: return nil
        }
    }

    static var help: String {
        tr("""
        weibo-notifier %s: Weibo's unread counts and timeline on the Linux desktop.

        Usage: weibo-notifier [<command>] [options]

        Commands:
          run        The notifier in the desktop session (the default)
          demo       The notifier against a built-in sandbox, to see it at work
          status     What the running notifier is doing
          refresh    Tell the running notifier you have looked (clears the notification)
          mark-read  Count everything as seen without checking again
          watch      One line per change of the unread count, for status bars
          autostart  Start the notifier with the desktop session (enable, disable, status)
          doctor     Check the desktop, the configuration and the login, with fixes
          login      Log in to Weibo (in the browser), or import a token
          logout     Revoke the login and delete it here
          account    Show who is logged in and until when
          unread     Show the unread counts once
          timeline   Lay out the home timeline (fetched, or a saved JSON file)
          sandbox    Run a stand-in for the Weibo API on 127.0.0.1, for trying things
          sample     Print a generated home timeline (JSON) to try things with

        Options:
          -h, --help      Show this help; 'weibo-notifier <command> --help' for a command
          -V, --version   Show the version
          -v, --verbose   Log debug messages (before the command)

        Files:
          $XDG_CONFIG_HOME/weibo-notifier/config    settings (written with defaults on first use)
          $XDG_CONFIG_HOME/weibo-notifier/account   the login, readable by you only

        Environment:
          LANGUAGE, LC_ALL, LC_MESSAGES, LANG
                                      the language: zh_CN gives Chinese, anything else English
          NO_COLOR                    when set, no colours with --color auto

        Examples:
          weibo-notifier sandbox --port 8080        (in one terminal)
          weibo-notifier unread --api-base http://127.0.0.1:8080
          weibo-notifier sample --count 5 | weibo-notifier timeline --file - --width 60
        """, version)
    }
}
