import Foundation
import Testing
import WeiboTestSupport

/// The completion scripts, made from the commands' option tables, tried in the shells that run
/// them: bash (its `complete -F` function), fish (`complete -C`), and zsh (the script run by
/// zsh with its completion builtins standing in, since they need a terminal).
@Suite(.endToEnd) struct ShellCompletionTests {
    static let files = ["bash": "weibo-notifier.bash", "zsh": "_weibo-notifier", "fish": "weibo-notifier.fish"]

    static func script(_ shell: String) throws -> String {
        let result = try CommandRunner.run(["completion", shell])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    /// What `shell` offers after `words` (the last is the word being completed).
    static func offered(_ shell: String, _ words: [String]) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weibo-completion-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/" + (files[shell] ?? shell)
        try script(shell).write(toFile: file, atomically: true, encoding: .utf8)
        let output: String
        switch shell {
        case "bash":
            output = toolOutput(
                "/bin/bash",
                ["-c", #"source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); _weibo_notifier; printf '%s\n' "${COMPREPLY[@]}""#, "bash", file]
                    + words)
        case "fish":
            let line = words.map { $0.isEmpty ? "" : $0 }.joined(separator: " ")
            output = toolOutput("/usr/bin/fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2] | string replace -r '\\t.*' ''", file, line])
        default:
            // compadd and _describe print what they are given; _files says "FILES".
            let stand =
                #"compadd() { [[ $1 == -a ]] && print -rl -- ${(P)2} || print -rl -- "${@:2}"; }; "#
                + #"_describe() { print -rl -- ${${(P)4}%%:*}; }; _files() { print FILES; }; _message() { print MESSAGE; }; "#
                + #"source "$1" >/dev/null; shift; words=("$@"); CURRENT=$#; PREFIX=${words[CURRENT]}; _weibo_notifier"#
            output = toolOutput("/usr/bin/zsh", ["-f", "-c", stand, "zsh", file] + words)
        }
        // bash and zsh print all they offer; only those starting with the word count.
        let current = words.last ?? ""
        return output.split(separator: "\n").map(String.init).filter { $0.hasPrefix(current) }
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func theInstalledScriptIsTheOneTheTablesMake(_ shell: String) throws {
        let path = FixtureFiles.packageRoot().appendingPathComponent("packaging/completions/" + (Self.files[shell] ?? shell)).path
        let made = try Self.script(shell)
        if ProcessInfo.processInfo.environment["WEIBO_NOTIFIER_UPDATE_COMPLETIONS"] == "1" { try made.write(toFile: path, atomically: true, encoding: .utf8) }
        let installed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(installed == made, "make them again: WEIBO_NOTIFIER_UPDATE_COMPLETIONS=1 swift test --filter ShellCompletionTests")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func commandsOptionsAndValuesAreOffered(_ shell: String) throws {
        let cases: [([String], [String])] = [
            (["weibo-notifier", "tim"], ["timeline"]),
            (["weibo-notifier", "mark"], ["mark-read"]),
            (["weibo-notifier", "timeline", "--wi"], ["--width"]),
            (["weibo-notifier", "login", "--no-"], ["--no-autostart", "--no-browser"]),
            (["weibo-notifier", "watch", "--format", "p"], ["plain", "polybar"]),
            (["weibo-notifier", "timeline", "--color", "a"], ["always", "auto"]),
            (["weibo-notifier", "settings", "--page", ""], ["account", "advanced", "general", "notifications"]),
            (["weibo-notifier", "autostart", ""], ["disable", "enable", "status"]),
            (["weibo-notifier", "completion", "z"], ["zsh"]),
            (["weibo-notifier", "login", "--tok"], ["--token-stdin"]),  // --token is refused, never offered
        ]
        for (words, expected) in cases {
            #expect(try Self.offered(shell, words).sorted() == expected, "\(words)")
        }
    }

    /// A file's path is completed as one; a number or a name is not (no list of files).
    @Test func filesOnlyWhereAPathGoes() throws {
        // zsh's stand-ins say which: _files prints FILES, _message MESSAGE.
        #expect(try Self.offered("zsh", ["weibo-notifier", "timeline", "--file", ""]) == ["FILES"])
        #expect(try Self.offered("zsh", ["weibo-notifier", "timeline", "--width", ""]) == ["MESSAGE"])
        #expect(try Self.offered("zsh", ["weibo-notifier", "sandbox", "--port", ""]) == ["MESSAGE"])
        // fish in a folder with one file.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weibo-completion-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "{}".write(toFile: folder + "/page.json", atomically: true, encoding: .utf8)
        let script = folder + "/weibo-notifier.fish"
        try Self.script("fish").write(toFile: script, atomically: true, encoding: .utf8)
        let fish = { (line: String) in
            toolOutput("/usr/bin/fish", ["--no-config", "-c", "cd $argv[2]; source $argv[1]; complete -C $argv[3]", script, folder, line])
                .split(separator: "\n").map(String.init)
        }
        #expect(fish("weibo-notifier timeline --file pa") == ["page.json"])
        #expect(fish("weibo-notifier timeline --width ").isEmpty)
        #expect(fish("weibo-notifier sandbox --port ").isEmpty)
    }

    /// Every option completion offers has its row in the command's `--help` options list (both
    /// come from the table, and each row of the table has its words): none is offered unsaid.
    @Test func everyOptionOfferedIsInItsCommandsHelp() throws {
        let commands = try Self.offered("bash", ["weibo-notifier", ""]).filter { !$0.hasPrefix("-") }
        #expect(commands.count >= 27)
        for command in commands {
            let help = try CommandRunner.run([command, "--help"]).standardOutput
            let rows = help.components(separatedBy: "\n").drop { $0 != "Options:" }.filter { $0.hasPrefix("  -") }
            for option in try Self.offered("bash", ["weibo-notifier", command, "--"]) where option != "--colour" {
                #expect(
                    rows.contains { $0.hasPrefix("  \(option) ") || $0.contains(", \(option) ") || $0.contains(", \(option)") },
                    "\(command) --help has no row for \(option)")
            }
        }
    }
}
