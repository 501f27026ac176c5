import WeiboDesktop
import WeiboPlatform

/// `weibo-notifier completion SHELL`: the shell completion script, made from the commands'
/// option tables.
struct CompletionCommand: ParsedCommand {
    static let name = "completion"
    static var summary: String { tr("Print the completion script for bash, zsh or fish") }
    static var about: String {
        tr(
            """
            Prints the script that completes weibo-notifier's commands, options and their
            values in that shell. The package installs all three; after a build from source:
              bash: weibo-notifier completion bash > ~/.local/share/bash-completion/completions/weibo-notifier
              zsh:  weibo-notifier completion zsh > ~/.zfunc/_weibo-notifier  (with ~/.zfunc on fpath)
              fish: weibo-notifier completion fish > ~/.config/fish/completions/weibo-notifier.fish
            """)
    }

    static var operands: [String] { ShellCompletion.allCases.map(\.rawValue) }
    static var synopses: [String] { ["completion " + operands.joined(separator: "|")] }

    var shell: ShellCompletion?
    var showHelp = false

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        var reader = ArgumentReader(arguments, command: Self.name)
        var operand: String?
        showHelp = try reader.read([], into: &self, operand: &operand)
        guard !showHelp else { return }
        guard let operand else { throw reader.usage(tr("say bash, zsh or fish")) }
        guard let chosen = ShellCompletion(rawValue: operand) else { throw reader.usage(tr("'%s' is not bash, zsh or fish", operand)) }
        shell = chosen
    }

    func run() throws(CommandError) {
        guard let shell, !showHelp else { return try Terminal.write(lines: [Self.help]) }
        try Terminal.write(lines: [String(shell.script().dropLast())])
    }
}
