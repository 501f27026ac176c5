import Foundation
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboTestSupport

/// The `weibo-notifier` executable, run as a user runs it.
@Suite(.endToEnd) struct TimelineCommandTests {
    static let sample = FixtureFiles.packageRoot().appendingPathComponent("Resources/sample-timeline.json").path
    static func fixture(_ name: String) -> String {
        FixtureFiles.packageRoot().appendingPathComponent("Tests/WeiboKitTests/Fixtures/\(name)").path
    }

    @Test func rendersTheSampleTimeline() throws {
        let result = try CommandRunner.run(["timeline", "--file", Self.sample, "--width", "60"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.lines.count > 50)
        #expect(result.standardOutput.contains("Repost") || result.standardOutput.contains("Comment"))
        #expect(!result.standardOutput.contains("\u{1B}"), "no colour into a pipe")
    }

    /// No line is wider than the width asked for, at any width from 20 to 200.
    @Test(arguments: Array(20...200))
    func noLineIsWiderThanTheWidth(_ width: Int) throws {
        let result = try CommandRunner.run(["timeline", "--file", Self.sample, "--width", String(width)])
        #expect(result.status == 0)
        for line in result.lines where DisplayWidth.of(line) > width {
            Issue.record("'\(line)' is \(DisplayWidth.of(line)) cells wide at --width \(width)")
        }
    }

    @Test func readsStandardInput() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.sample))
        let fromFile = try CommandRunner.run(["timeline", "--file", Self.sample, "--width", "50", "--count", "3"])
        let fromStdin = try CommandRunner.run(["timeline", "--file", "-", "--width=50", "--count=3"], input: data)
        #expect(fromStdin.status == 0)
        #expect(fromStdin.standardOutput == fromFile.standardOutput)
        #expect(fromStdin.lines.filter { $0 == String(repeating: "─", count: 50) }.count == 2, "three statuses")
    }

    /// One status with an unreadable time and one that cannot be read at all: the first shows
    /// without a time, the second is counted on standard error (and named under -v).
    @Test func oneBadStatusNeverHidesTheRest() throws {
        let page = #"""
            {"statuses":[{"id":1,"created_at":"yesterday","text":"没有时间也能看","user":{"id":5,"screen_name":"时间未知"}},
            {"id":2,"user":"bob"},
            {"id":3,"created_at":"Sun Jul 26 00:00:19 +0800 2020","text":"照常","user":{"id":6,"screen_name":"照常显示"}}]}
            """#
        let result = try CommandRunner.run(["timeline", "--file", "-", "--width", "60"], input: Data(page.utf8))
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("时间未知") && result.standardOutput.contains("没有时间也能看"))
        #expect(result.standardOutput.contains("照常显示"))
        #expect(result.standardError == "weibo-notifier: 1 status could not be read\n")
        let verbose = try CommandRunner.run(["timeline", "--file", "-", "--width", "60", "-v"], input: Data(page.utf8))
        #expect(verbose.standardError.contains("left out: id 2, at statuses[1].user"), "\(verbose.standardError)")
        // Bug: GLib's writer put debug messages on standard output, into what a bar or pipe reads.
        #expect(verbose.standardOutput == result.standardOutput, "-v logs on standard error only")
    }

    /// Each status is shown as soon as it is read: a saved page that breaks off shows the
    /// statuses before the break, then says where it breaks (exit 65); `--count` shows the first
    /// N of a page of any length.
    @Test func aPageThatBreaksOffShowsWhatCameBefore() throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.sample))
        let first = try CommandRunner.run(["timeline", "--file", "-", "--width", "60", "--count", "1"], input: whole)
        #expect(first.status == 0)
        let name = try #require(first.lines.first)
        let cut = whole.prefix(whole.count / 2)
        let result = try CommandRunner.run(["timeline", "--file", "-", "--width", "60"], input: Data(cut))
        #expect(result.status == 65)
        #expect(result.standardOutput.hasPrefix(first.standardOutput), "the statuses before the break are shown, in order")
        #expect(result.lines.filter { $0 == String(repeating: "─", count: 60) }.count >= 3)
        #expect(result.lines.first == name)
        #expect(result.standardError.contains("not valid JSON") && result.standardError.contains("unexpected end of the document"))
    }

    /// Bug: escape sequences in a server's error text reached the terminal (a window title set,
    /// the screen cleared). Every message printed is stripped of terminal controls.
    @Test func aServersWordsCannotDriveTheTerminal() throws {
        let hostile = #"{"error":"\u001b]0;pwned\u0007\u001b[2Jsystem error","error_code":10001,"request":"/2/statuses/home_timeline.json\u009b31m"}"#
        let result = try CommandRunner.run(["timeline", "--file", "-"], input: Data(hostile.utf8))
        #expect(result.status == 65)
        #expect(result.standardError.contains("system error"), "\(result.standardError)")
        #expect(
            !result.standardError.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B },
            "\(result.standardError.debugDescription)")
        #expect(TextSanitizer.terminalSafe("a\u{1B}[2Jb\tc\nd\u{7F}\u{85}") == "a[2Jb\tc\nd")
        // Bidirectional overrides and isolates would reorder what follows on the screen.
        #expect(TextSanitizer.terminalSafe("login: \u{202E}gnp.exe\u{202C} \u{2066}x\u{2069} 中文 עברית") == "login: gnp.exe x 中文 עברית")
    }

    /// Bug: a file named in Latin-1 (not UTF-8) was "No such file": paths go to the system as
    /// the bytes they were given as.
    @Test func aFileNameThatIsNotUTF8Opens() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weibo-notifier-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = #"name="$(printf '%s/\351t\351.json' "$1")"; "$0" sample --count 2 > "$name" && "$0" timeline --file "$name" --width 40"#
        let (status, text) = toolRun("/bin/bash", ["-c", script, CommandRunner.executable.path, folder])
        #expect(status == 0, "\(text)")
        #expect(text.contains("via"), "\(text)")
    }

    @Test func sampleCommandFeedsTheTimeline() throws {
        let sample = try CommandRunner.run(["sample", "--count", "4", "--seed", "9"])
        #expect(sample.status == 0)
        let page = try WeiboJSON.decode(TimelinePage.self, from: Array(sample.standardOutput.utf8))
        #expect(page.statuses.count == 4)
        let again = try CommandRunner.run(["sample", "--count", "4", "--seed", "9", "--now", "1795838400"])
        let twice = try CommandRunner.run(["sample", "--count", "4", "--seed", "9", "--now", "1795838400"])
        #expect(again.standardOutput == twice.standardOutput, "the same seed and time give the same data")
        let rendered = try CommandRunner.run(["timeline", "--file", "-", "--compact", "2", "--width", "40"], input: Data(sample.standardOutput.utf8))
        #expect(rendered.status == 0)
        #expect(rendered.lines.count <= 4 * 2 + 3)
    }

    @Test func colourFollowsTheChoice() throws {
        let always = try CommandRunner.run(["timeline", "--file", Self.sample, "--color", "always", "--count", "2"])
        #expect(always.standardOutput.contains("\u{1B}["))
        let never = try CommandRunner.run(["timeline", "--file", Self.sample, "--color", "never", "--count", "2"])
        #expect(!never.standardOutput.contains("\u{1B}"))
        let noColor = try CommandRunner.run(["timeline", "--file", Self.sample, "--count", "2"], environment: ["NO_COLOR": "1"])
        #expect(!noColor.standardOutput.contains("\u{1B}"))
    }

    @Test(
        arguments: [
            (["LANG": "zh_CN.UTF-8"], "转发"), (["LANG": "C"], "Repost"),
            (["LANG": "en_US.UTF-8", "LC_ALL": "zh_CN.UTF-8"], "转发"), ([:], "Repost"),
        ] as [([String: String], String)])
    func languageFollowsTheLocale(_ environment: [String: String], _ word: String) throws {
        let result = try CommandRunner.run(["timeline", "--file", Self.sample, "--width", "80"], environment: environment)
        #expect(result.standardOutput.contains(word))
    }

    @Test func defaultWidthIs80OutsideATerminal() throws {
        let result = try CommandRunner.run(["timeline", "--file", Self.sample])
        #expect(result.lines.contains(String(repeating: "─", count: 80)))
    }
}

/// Wrong input ends in one clear line and the right exit status, never a trace.
@Suite(.endToEnd) struct CommandErrorTests {
    @Test(
        arguments: [
            (["timeline", "--file", "/nonexistent/timeline.json"], Int32(66), "cannot read /nonexistent/timeline.json: No such file or directory"),
            (["timeline", "--file", "/"], 66, "cannot read /: Is a directory"),
            (["timeline", "--file", TimelineCommandTests.fixture("fail/timeline-statuses-object.json")], 65, "at statuses:"),
            (["timeline", "--file", TimelineCommandTests.fixture("fail/timeline-truncated.json")], 65, "not valid JSON"),
            (["timeline", "--file", TimelineCommandTests.fixture("fail/timeline-proxy-page.json")], 65, "not valid JSON"),
            (["timeline", "--file", TimelineCommandTests.fixture("fail/empty.json")], 65, "the response is empty"),
            (["timeline", "--file", TimelineCommandTests.fixture("pass/error-real.json")], 65, "expired_token (21327)"),
            (["timeline"], 77, "not logged in; run: weibo-notifier login"),
            (["timeline", "--file", "x", "--api-base", "http://127.0.0.1:1"], 64, "--file and --api-base do not go together"),
            (["unread", "--api-base", "ftp://x"], 64, "--api-base takes an http(s) URL"),
            (["timeline", "--file"], 64, "--file needs a value"),
            (["timeline", "--file", "x", "--width", "19"], 64, "--width takes a whole number from 20 to 1000, not '19'"),
            (["timeline", "--file", "x", "--width", "wide"], 64, "not 'wide'"),
            (["timeline", "--file", "x", "--color", "sometimes"], 64, "--color takes one of auto, always, never, not 'sometimes'"),
            (["popup", "--kind", "likes"], 64, "--kind takes one of posts, comments, mentions, not 'likes'"),
            (["watch", "--format", "xml"], 64, "--format takes one of waybar, polybar, i3blocks, json, plain, not 'xml'"),
            (["timeline", "--file", "x", "--bogus"], 64, "unknown option '--bogus'"),
            (["timeline", "stray"], 64, "unexpected argument 'stray'"),
            (["frobnicate"], 64, "unknown command 'frobnicate'"),
            (["--bogus"], 64, "weibo-notifier run: unknown option '--bogus'"),
            (["run", "--interval", "5"], 64, "an interval under 30 s is only for a sandbox on this machine"),
            (["sample", "--count", "0"], 64, "--count takes a whole number from 1 to 10000"),
        ] as [([String], Int32, String)])
    func failsClearly(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == status)
        #expect(result.standardError.contains(message), "stderr: \(result.standardError)")
        #expect(result.standardError.hasPrefix("weibo-notifier"))
        #expect(!result.standardError.contains("Fatal error"))
        #expect(!result.standardError.contains("Stack") && !result.standardError.contains("Backtrac"))
        if status == 64 && !arguments.isEmpty { #expect(result.standardError.contains("--help")) }
    }

    @Test func helpAndVersion() throws {
        let version = try CommandRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput == "weibo-notifier 0.1.0\n")
        let help = try CommandRunner.run(["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("timeline"))
        #expect(help.standardOutput.contains("Usage: weibo-notifier [<command>]"))
        let commands = try CommandRunner.commandNames()
        #expect(commands.count == 27)
        for command in commands {
            let commandHelp = try CommandRunner.run([command, "--help"])
            #expect(commandHelp.status == 0)
            #expect(
                commandHelp.standardOutput.hasPrefix("Usage: weibo-notifier \(command)")
                    || commandHelp.standardOutput.hasPrefix("Usage: weibo-notifier [\(command)]"))
            #expect(try CommandRunner.run(["help", command]).standardOutput == commandHelp.standardOutput)
        }
        let timelineHelp = try CommandRunner.run(["timeline", "--help"]).standardOutput
        for option in ["--file", "--width", "--count", "--color", "--compact"] {
            #expect(timelineHelp.contains(option))
        }
    }
}

/// `comments` and `mentions`: the same layouts as the bubbles' summaries, in the terminal.
@Suite(.endToEnd) struct ItemsCommandTests {
    @Test func commentsFromASavedResponseFitTheWidth() throws {
        var generator = StatusGenerator(seed: 5, now: Timestamp.now)
        let post = generator.statuses(count: 1)[0]
        let comments = (0..<3).map { _ in generator.comment(on: post, postedAt: Timestamp.now) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("comments-\(UUID().uuidString).json")
        try Data(WeiboJSON.encode(CommentsPage(comments: comments))).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CommandRunner.run(["comments", "--file", file.path, "--width", "50", "--color", "never"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.lines.allSatisfy { DisplayWidth.of($0) <= 50 })
        for comment in comments { #expect(result.standardOutput.contains(comment.user?.screenName ?? "?")) }
        let notComments = try CommandRunner.run(["comments", "--file", "/dev/null"])
        #expect(notComments.status == 65)
    }

    @Test func mentionsAreFetchedFromTheSandbox() throws {
        let sandbox = try SandboxProcess()
        let home = AccountCommandsTests.Home()
        _ = try home.run(["login", "--token-stdin", "--uid", "5712659759", "--api-base", sandbox.baseURL], input: sandbox.token + "\n")
        sandbox.control("/_sandbox/mentions", [("count", "2")])
        sandbox.control("/_sandbox/mentions", [("count", "1"), ("kind", "comment")])
        let result = try home.run(["mentions", "--api-base", sandbox.baseURL, "--width", "60"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.components(separatedBy: "@微博通知测试").count - 1 == 3, "\(result.standardOutput)")
    }
}

/// The man page and `--help` tell the same story.
@Suite(.endToEnd) struct ManPageTests {
    @Test func everyCommandAndOptionOfTheHelpIsInTheManPage() throws {
        let manPage = try String(contentsOf: FixtureFiles.packageRoot().appendingPathComponent("packaging/weibo-notifier.1"), encoding: .utf8)
            .replacingOccurrences(of: "\\-", with: "-")
        let commands = try CommandRunner.commandNames()
        #expect(commands.count == 27, "\(commands)")
        let help = try CommandRunner.run(["--help"]).standardOutput
        var checked = 0
        for command in commands {
            #expect(help.contains("  \(command) "), "--help lists \(command)")
            #expect(manPage.contains(".BR \(command)") || manPage.contains(".B \(command)"), "the man page describes \(command)")
            let options = try CommandRunner.run([command, "--help"]).standardOutput
                .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "[" || $0 == "]" || $0 == "|" || $0 == "," })
                .filter { $0.hasPrefix("--") && $0.count > 3 }
                .map { String($0.prefix { $0 == "-" || $0.isLetter }) }
            for option in Set(options) where option != "--help" {
                #expect(manPage.contains(option), "the man page mentions \(command) \(option)")
                checked += 1
            }
        }
        #expect(checked >= 25, "the options were found in the help texts")
    }

    /// The CONFIGURATION section is the settings table's, word for word (WEIBO_NOTIFIER_UPDATE_MAN=1
    /// writes it anew after a change to the table).
    @Test func theConfigurationSectionIsTheTables() throws {
        let path = FixtureFiles.packageRoot().appendingPathComponent("packaging/weibo-notifier.1").path
        let page = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(page.range(of: ".SH CONFIGURATION\n"), "the man page has a CONFIGURATION section")
        // The next section's header (the header's own line break may be the one before it).
        let end = page.range(of: "\n.SH ", range: page.index(before: start.upperBound)..<page.endIndex)?.lowerBound ?? page.endIndex
        let section = String(page[start.lowerBound..<end]) + "\n"
        if ProcessInfo.processInfo.environment["WEIBO_NOTIFIER_UPDATE_MAN"] == "1", section != SettingsTable.manualSection {
            try (page[..<start.lowerBound] + SettingsTable.manualSection.dropLast() + page[end...]).write(toFile: path, atomically: true, encoding: .utf8)
        } else {
            #expect(section == SettingsTable.manualSection, "make the section again: WEIBO_NOTIFIER_UPDATE_MAN=1 swift test --filter ManPageTests")
        }
    }

    /// Each command's line in COMMANDS is its usage line, which its options table makes: the
    /// command and its options in bold, the rest in roman, its forms joined by " | "
    /// (WEIBO_NOTIFIER_UPDATE_MAN=1 writes the lines anew).
    @Test func eachCommandsLineIsItsUsage() throws {
        let path = FixtureFiles.packageRoot().appendingPathComponent("packaging/weibo-notifier.1").path
        var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        let updating = ProcessInfo.processInfo.environment["WEIBO_NOTIFIER_UPDATE_MAN"] == "1"
        for command in try CommandRunner.commandNames() {
            let expected = Self.manLine(usage: try CommandRunner.run([command, "--help"]).standardOutput, command: command)
            let name = Self.roffEscaped(command)
            let index = try #require(lines.firstIndex { $0 == ".B " + name || $0.hasPrefix(".BR " + name + " ") }, "the man page's line of \(command)")
            if updating { lines[index] = expected }
            #expect(lines[index] == expected, "make the line again: WEIBO_NOTIFIER_UPDATE_MAN=1 swift test --filter ManPageTests")
        }
        if updating { try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8) }
    }

    /// The popup's and the settings window's OPTIONS are their `--help`'s options list, which
    /// their tables make (WEIBO_NOTIFIER_UPDATE_MAN=1 writes them anew).
    @Test(arguments: ["weibo-notifier-popup", "weibo-notifier-settings"])
    func theWindowsOptionsAreTheirTables(_ program: String) throws {
        let help = toolOutput(CommandRunner.executable.deletingLastPathComponent().appendingPathComponent(program).path, ["--help"], environment: ["LANG": "C"])
        try Self.check("OPTIONS", of: "\(program).1", is: Self.manOptions(help: help))
    }

    /// The main page's OPTIONS: the program's options list (its `--help`'s, which its table
    /// makes), then `--account`, with the commands whose options list has it.
    @Test func theProgramsOptionsAreItsTable() throws {
        let help = try CommandRunner.run(["--help"]).standardOutput
        var commands: [String] = []
        for command in try CommandRunner.commandNames() where try CommandRunner.run([command, "--help"]).standardOutput.contains("  --account ") {
            commands.append(command)
        }
        #expect(commands.count >= 8, "\(commands)")
        let names = commands.dropLast().map(Self.roffEscaped).joined(separator: " \", \" ") + " \" and \" " + Self.roffEscaped(commands.last ?? "")
        let account = """
            .TP
            .BI \\-\\-account " NAME"
            For
            .BR \(names) :
            the account to use, by screen name or uid, instead of the default (the first logged in).

            """
        try Self.check("OPTIONS", of: "weibo-notifier.1", is: Self.manOptions(help: help) + account)
    }

    /// Section `name` of `packaging/PAGE` is `.SH NAME` and `body`; WEIBO_NOTIFIER_UPDATE_MAN=1
    /// writes it so.
    static func check(_ name: String, of page: String, is body: String) throws {
        let path = FixtureFiles.packageRoot().appendingPathComponent("packaging/" + page).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let expected = ".SH \(name)\n" + body
        let start = try #require(text.range(of: ".SH \(name)\n"), "\(page) has a \(name) section")
        let end = text.range(of: "\n.SH ", range: text.index(before: start.upperBound)..<text.endIndex)?.lowerBound ?? text.endIndex
        let section = String(text[start.lowerBound..<end]) + "\n"
        if ProcessInfo.processInfo.environment["WEIBO_NOTIFIER_UPDATE_MAN"] == "1", section != expected {
            try (text[..<start.lowerBound] + expected.dropLast() + text[end...]).write(toFile: path, atomically: true, encoding: .utf8)
        } else {
            #expect(section == expected, "make the section again: WEIBO_NOTIFIER_UPDATE_MAN=1 swift test --filter ManPageTests")
        }
    }

    /// The roff of the options list in `help`: `.TP`, the names (bold) and value, the words.
    static func manOptions(help: String) -> String {
        var rows: [(left: String, words: String)] = []
        let lines = help.components(separatedBy: "\n").drop { $0 != "Options:" }.dropFirst().prefix { !$0.isEmpty }
        for line in lines {
            if line.hasPrefix("  -"), let gap = line.range(of: "  ", range: line.index(line.startIndex, offsetBy: 2)..<line.endIndex) {
                rows.append(
                    (String(line[line.index(line.startIndex, offsetBy: 2)..<gap.lowerBound]), line[gap.upperBound...].trimmingCharacters(in: .whitespaces)))
            } else if !rows.isEmpty {
                rows[rows.count - 1].words += " " + line.trimmingCharacters(in: .whitespaces)
            }
        }
        return rows.map { row in
            let parts = row.left.components(separatedBy: " ")
            let names = parts[0].hasSuffix(",") ? [String(parts[0].dropLast()), parts[1]] : [parts[0]]
            let value = parts.count > names.count ? parts[names.count] : nil
            var arguments = names.map(roffEscaped).joined(separator: " \", \" ")
            if let value { arguments += " \" " + roffEscaped(value) + "\"" }
            // An option named in the words is written as in roff ("\\-\\-help").
            let words = (row.words.hasSuffix(".") ? row.words : row.words + ".").replacingOccurrences(of: "--", with: "\\-\\-")
            return ".TP\n" + (names.count > 1 || value != nil ? ".BR " : ".B ") + arguments + "\n" + words + "\n"
        }.joined()
    }

    /// The roff line of the usage in `help`: `.BR refresh " [" \-\-account " NAME]"`.
    static func manLine(usage help: String, command: String) -> String {
        var forms: [String] = []
        for line in help.components(separatedBy: "\n").prefix(while: { !$0.isEmpty }) {
            let text = line.replacingOccurrences(of: "Usage: ", with: "").trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("weibo-notifier ") {
                forms.append(String(text.dropFirst("weibo-notifier ".count)).replacingOccurrences(of: "[\(command)]", with: command))
            } else {
                forms[forms.count - 1] += " " + text
            }
        }
        // The later forms without the command's name: `config list | get KEY`.
        let joined = forms.enumerated().map { $0 == 0 ? $1 : String($1.dropFirst(command.count + 1)) }.joined(separator: " | ")
        // Bold: the command and the options' names; roman: the rest, in between.
        var pieces: [(bold: Bool, text: String)] = []
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            let bold = pieces.isEmpty || (word.hasPrefix("--") && word.dropFirst(2).allSatisfy { $0.isLetter || $0 == "-" })
            if let last = pieces.last, last.bold == bold, !bold { pieces[pieces.count - 1].text += word } else { pieces.append((bold, word)) }
            word = ""
        }
        for character in joined {
            if character == " " || character == "[" || character == "]" || character == "|" {
                flush()
                if let last = pieces.last, !last.bold { pieces[pieces.count - 1].text.append(character) } else { pieces.append((false, String(character))) }
            } else {
                word.append(character)
            }
        }
        flush()
        let arguments = pieces.map { piece in
            let text = roffEscaped(piece.text)
            return text.contains(" ") ? "\"" + text + "\"" : text
        }
        return (arguments.count == 1 ? ".B " : ".BR ") + arguments.joined(separator: " ")
    }

    static func roffEscaped(_ text: String) -> String { text.replacingOccurrences(of: "-", with: "\\-") }

    func manPage() throws -> String {
        try String(contentsOf: FixtureFiles.packageRoot().appendingPathComponent("packaging/weibo-notifier.1"), encoding: .utf8)
            .replacingOccurrences(of: "\\-", with: "-")
    }

    /// The other way round: every option the man page gives a command is in its help.
    @Test func everyOptionOfTheManPageIsInTheHelp() throws {
        var checked = 0
        for line in try manPage().split(separator: "\n") where line.hasPrefix(".BR ") {
            let words = line.split(separator: " ")
            let command = String(words[1])
            guard try CommandRunner.commandNames().contains(command) else { continue }
            let help = try CommandRunner.run([command, "--help"]).standardOutput
            for word in words.dropFirst(2) {
                let option = word.drop { !($0 == "-") }.prefix { $0 == "-" || $0.isLetter }
                guard option.hasPrefix("--"), option.count > 3 else { continue }
                #expect(help.contains(option), "\(command) --help mentions \(option), as the man page does")
                checked += 1
            }
        }
        #expect(checked >= 25)
    }

    /// The D-Bus interface, signals, the systemd unit and the status-bar files: said alike in
    /// both, and help texts name installed files, never the source tree.
    @Test func theDaemonsInterfacesAndFilesAreToldAlike() throws {
        let manPage = try manPage()
        let interface = try String(
            contentsOf: FixtureFiles.packageRoot().appendingPathComponent("Sources/WeiboPlatform/DBus/DaemonInterface.swift"), encoding: .utf8)
        let members = interface.components(separatedBy: "name=\"").dropFirst().compactMap { chunk -> String? in
            let name = String(chunk.prefix { $0 != "\"" })
            return name.first?.isUppercase == true ? name : nil
        }
        #expect(members.count >= 15, "\(members)")
        let run = try CommandRunner.run(["run", "--help"]).standardOutput
        for member in Set(members) {
            #expect(run.contains(member), "run --help names \(member)")
            #expect(manPage.contains(member), "the man page names \(member)")
        }
        let sighup = "SIGHUP reads the configuration and the account again"
        #expect(run.replacingOccurrences(of: "\n", with: " ").contains(sighup) && manPage.contains(sighup))
        let autostart = try CommandRunner.run(["autostart", "--help"]).standardOutput
        #expect(autostart.contains("weibo-notifier.service") && manPage.contains("systemctl --user enable --now weibo-notifier.service"))
        let watch = try CommandRunner.run(["watch", "--help"]).standardOutput
        #expect(watch.contains("/usr/share/doc/weibo-notifier/status-bars/") && manPage.contains("/usr/share/doc/weibo-notifier/status-bars/"))
        for command in try CommandRunner.commandNames() + ["--help"] {
            let help = try CommandRunner.run(command == "--help" ? [command] : [command, "--help"]).standardOutput
            for sourcePath in ["packaging/", "Sources/", "Resources/", "Tests/"] {
                #expect(!help.contains(sourcePath), "\(command) --help names \(sourcePath) of the source tree")
            }
        }
    }
}
