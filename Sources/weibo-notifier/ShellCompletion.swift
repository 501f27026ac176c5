import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// The completion scripts for bash, zsh and fish, made from `CommandTable` and each command's
/// options table, so that a new command or option is offered without a script to edit:
/// what `weibo-notifier completion SHELL` prints and the package installs
/// (`packaging/completions/`, which a test keeps equal to this).
enum ShellCompletion: String, CaseIterable {
    case bash, zsh, fish

    /// What completion knows of one command.
    struct Entry {
        var name: String
        var summary: String
        var options: [OptionShape]
        var operands: [String]
    }

    /// Every command's entry, `--help` added to its options.
    static var entries: [Entry] {
        CommandTable.commands.map { command in
            let help = OptionShape(names: ["-h", "--help"], takesValue: false)
            return Entry(name: command.name, summary: command.summary, options: command.optionShapes + [help], operands: command.operands)
        }
    }

    /// The script for this shell.
    func script(_ entries: [Entry] = ShellCompletion.entries) -> String {
        switch self {
        case .bash: Self.bash(entries)
        case .zsh: Self.zsh(entries)
        case .fish: Self.fish(entries)
        }
    }

    /// The program's own options, `-h, --help` first, with their words.
    private static var programOptions: [OptionShape] {
        var help = OptionShape(names: ["-h", "--help"], takesValue: false)
        help.words = tr("Show the help")
        return [help] + CommandLineTool.options
    }

    private static func bash(_ entries: [Entry]) -> String {
        var lines = [
            "# bash completion for weibo-notifier, made by `weibo-notifier completion bash`.",
            "_weibo_notifier() {",
            "    local current=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}",
            "    if [ \"$COMP_CWORD\" -eq 1 ]; then",
            "        COMPREPLY=($(compgen -W '\((entries.map(\.name) + programOptions.compactMap { $0.names.last }).joined(separator: " "))' -- \"$current\"))",
            "        return",
            "    fi",
            "    # The value after an option: its few values, files, or nothing (a number, a name).",
            "    case \"${COMP_WORDS[1]} $previous\" in",
        ]
        for entry in entries {
            for option in entry.options where option.takesValue {
                let patterns = option.names.map { "'\(entry.name) \($0)'" }.joined(separator: "|")
                let reply =
                    !option.values.isEmpty
                    ? "COMPREPLY=($(compgen -W '\(option.values.joined(separator: " "))' -- \"$current\")); "
                    : option.files ? "" : "compopt +o default; "
                lines.append("        \(patterns)) \(reply)return ;;")
            }
        }
        lines += ["    esac", "    local options='' operands=''", "    case ${COMP_WORDS[1]} in"]
        for entry in entries {
            let operands = entry.operands.isEmpty ? "" : " operands='\(entry.operands.joined(separator: " "))'"
            lines.append("        \(entry.name)) options='\(entry.options.flatMap(\.names).joined(separator: " "))'\(operands) ;;")
        }
        lines += [
            "    esac",
            "    if [[ $current == -* ]]; then",
            "        COMPREPLY=($(compgen -W \"$options\" -- \"$current\"))",
            "    else",
            "        COMPREPLY=($(compgen -W \"$operands\" -- \"$current\"))",
            "    fi",
            "}",
            "complete -o default -F _weibo_notifier weibo-notifier",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func zsh(_ entries: [Entry]) -> String {
        // In a single-quoted word ' ends the word; in _describe's "name:summary" a : ends the name.
        let quoted = { (text: String) in "'" + text.replacingText("'", with: "'\\''") + "'" }
        var lines = [
            "#compdef weibo-notifier",
            "# zsh completion for weibo-notifier, made by `weibo-notifier completion zsh`.",
            "_weibo_notifier() {",
            "  local -a commands options operands",
            "  commands=(",
        ]
        lines += entries.map { "    " + quoted($0.name + ":" + $0.summary.replacingText(":", with: "\\:")) }
        lines += [
            "  )",
            "  if (( CURRENT == 2 )); then",
            "    _describe -t commands \(quoted(tr("weibo-notifier command"))) commands",
            "    return",
            "  fi",
            "  # The value after an option: its few values, files, or what it is (a number, a name).",
            "  case \"$words[2] $words[CURRENT-1]\" in",
        ]
        for entry in entries {
            for option in entry.options where option.takesValue {
                let patterns = option.names.map { quoted(entry.name + " " + $0) }.joined(separator: "|")
                let reply =
                    !option.values.isEmpty
                    ? "compadd -- " + option.values.joined(separator: " ") : option.files ? "_files" : "_message " + quoted(tr("a value"))
                lines.append("    (\(patterns)) \(reply); return ;;")
            }
        }
        lines += ["  esac", "  case $words[2] in"]
        for entry in entries {
            let operands = entry.operands.isEmpty ? "" : " operands=(\(entry.operands.joined(separator: " ")))"
            lines.append("    (\(entry.name)) options=(\(entry.options.flatMap(\.names).joined(separator: " ")))\(operands) ;;")
        }
        lines += [
            "  esac",
            "  if [[ $PREFIX == -* ]]; then",
            "    compadd -a options",
            "  else",
            "    compadd -a operands",
            "  fi",
            "}",
            "_weibo_notifier \"$@\"",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fish(_ entries: [Entry]) -> String {
        let quoted = { (text: String) in "'" + text.replacingText("\\", with: "\\\\").replacingText("'", with: "\\'") + "'" }
        var lines = [
            "# fish completion for weibo-notifier, made by `weibo-notifier completion fish`.",
            "complete -c weibo-notifier -f",
        ]
        for option in programOptions {
            let names = option.names.map { $0.hasPrefix("--") ? "-l " + $0.dropFirst(2) : "-s " + $0.dropFirst() }.joined(separator: " ")
            lines.append("complete -c weibo-notifier -n __fish_use_subcommand \(names) -d \(quoted(option.words ?? ""))")
        }
        for entry in entries {
            lines.append("complete -c weibo-notifier -n __fish_use_subcommand -a \(entry.name) -d \(quoted(entry.summary))")
            let condition = "-n '__fish_seen_subcommand_from \(entry.name)'"
            for option in entry.options {
                let names = option.names.map { $0.hasPrefix("--") ? "-l " + $0.dropFirst(2) : "-s " + $0.dropFirst() }.joined(separator: " ")
                let value =
                    !option.takesValue
                    ? "" : !option.values.isEmpty ? " -x -a " + quoted(option.values.joined(separator: " ")) : option.files ? " -r -F" : " -x"
                lines.append("complete -c weibo-notifier \(condition) \(names)\(value)")
            }
            if !entry.operands.isEmpty {
                lines.append("complete -c weibo-notifier \(condition) -a \(quoted(entry.operands.joined(separator: " ")))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
