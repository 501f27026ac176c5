import WeiboDesktop
import WeiboKit
import WeiboPlatform

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
            guard var run = try RunCommand.reading(arguments) else { return }
            // No command (what the menu entry runs, options or not): while an instance runs, it
            // is asked to show the newest posts, as the help says.
            run.launchedBare = true
            return try run.perform(environment: environment)
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "-h", "--help", "help":
            if let topic = rest.first, let command = CommandTable.command(named: topic) {
                try Terminal.write(lines: [command.help])
            } else {
                try Terminal.write(lines: [Self.help])
            }
        case "-V", "--version":
            try Terminal.write(lines: ["weibo-notifier \(Self.version)"])
        default:
            guard let command = CommandTable.command(named: first) else {
                throw .usage(tr("unknown command '%s'\nTry 'weibo-notifier --help'.", first))
            }
            try command.main(rest, environment: environment)
        }
    }

    /// The program's own options (before a command, `-v` after it too), with their words: the
    /// help's options list, shell completion's first word and the man page's OPTIONS.
    static var options: [OptionShape] {
        var version = OptionShape(names: ["-V", "--version"], takesValue: false)
        version.words = tr("Show the version")
        var verbose = OptionShape(names: ["-v", "--verbose"], takesValue: false)
        verbose.words = tr("Log debug messages, never a token (before or after the command)")
        return [version, verbose]
    }

    /// The words of the program's `-h, --help`.
    static var helpWords: String { tr("Show this help; 'weibo-notifier <command> --help' for a command") }

    static var help: String {
        let head: String = tr(
            """
            weibo-notifier %s: Weibo's unread counts and timeline on the Linux desktop.

            Usage: weibo-notifier [<command>] [options]

            Commands:
            """, version)
        let tail: String = tr(
            """
            Files:
              $XDG_CONFIG_HOME/weibo-notifier/config          settings (written with defaults on first use)
              $XDG_CONFIG_HOME/weibo-notifier/accounts.json   the logins, readable by you only (the
                                                              tokens in the keyring when one runs)

            Environment:
              LANGUAGE, LC_ALL, LC_MESSAGES, LANG
                                          the language: zh_CN gives Chinese, anything else English
              NO_COLOR                    when set, no colours with --color auto

            Examples:
              weibo-notifier sandbox --port 8080        (in one terminal)
              weibo-notifier unread --api-base http://127.0.0.1:8080
              weibo-notifier sample --count 5 | weibo-notifier timeline --file - --width 60
            """)
        return ([head] + CommandTable.summaryLines + ["", OptionList.text(options, help: helpWords), "", tail]).joined(separator: "\n")
    }
}
