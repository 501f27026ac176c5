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
            Terminal.writeError("weibo-notifier: \(error)")
            return error.exitCode
        }
    }

    private func dispatch() throws(CommandError) {
        guard let first = arguments.first else {
            Terminal.writeError(Self.help)
            throw .usage("no command given")
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
        case "timeline":
            try TimelineCommand(arguments: rest, environment: environment).run()
        case "sample":
            try SampleCommand(arguments: rest).run()
        default:
            throw .usage("unknown command '\(first)'\nTry 'weibo-notifier --help'.")
        }
    }

    static func commandHelp(_ command: String) -> String? {
        switch command {
        case "timeline": return TimelineCommand.help
        case "sample": return SampleCommand.help
        default: return nil
        }
    }

    static let help = """
        weibo-notifier \(version): Weibo's unread counts and timeline on the Linux desktop.

        Usage: weibo-notifier <command> [options]

        Commands:
          timeline   Lay out a saved home timeline (JSON) for the terminal
          sample     Print a generated home timeline (JSON) to try things with

        Options:
          -h, --help      Show this help; 'weibo-notifier <command> --help' for a command
          -V, --version   Show the version

        Environment:
          LC_ALL, LC_MESSAGES, LANG   zh_* gives Chinese, anything else English
          NO_COLOR                    when set, no colours with --color auto

        Example:
          weibo-notifier sample --count 5 | weibo-notifier timeline --file - --width 60
        """
}
