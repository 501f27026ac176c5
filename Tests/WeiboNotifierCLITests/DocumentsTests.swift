import Foundation
import Testing
import WeiboDesktop
import WeiboPlatform
import WeiboTestSupport

/// What the documents claim, checked against what the code has.
@Suite(.endToEnd) struct DocumentsTests {
    /// Every method and signal the daemon exports has its row in docs/dbus.md.
    @Test func everyMethodAndSignalOfTheDaemonIsInItsPage() throws {
        let page = try String(contentsOfFile: FixtureFiles.packageRoot().appendingPathComponent("docs/dbus.md").path, encoding: .utf8)
        let names = DaemonInterface.introspection.split(separator: "<").compactMap { tag -> String? in
            guard tag.hasPrefix("method name=\"") || tag.hasPrefix("signal name=\"") else { return nil }
            return tag.split(separator: "\"")[1].description
        }
        #expect(names.count >= 25, "\(names)")
        for name in names {
            #expect(page.contains("`\(name)(") || page.contains("signal `\(name)("), "docs/dbus.md does not say what \(name) does")
        }
    }

    /// The README's demo transcript is what the demo prints: its command is run as written,
    /// with no session bus, and its output (the port of the sandbox aside) is the transcript's,
    /// line for line. The sandbox's news are seeded and come on the whole second as the checks
    /// do, so the lines are the same each run; a machine that stalls for over a second can
    /// still move a post into the next check, so a second run is allowed before it fails.
    @Test func theREADMEsDemoTranscriptIsWhatTheDemoPrints() throws {
        let readme = try String(contentsOfFile: FixtureFiles.packageRoot().appendingPathComponent("README.md").path, encoding: .utf8)
        let fenced: [String]? = readme.components(separatedBy: "```console\n").dropFirst().first?.components(separatedBy: "\n```")
        let block = try #require(fenced?.first)
        var lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let command = lines.removeFirst()
        #expect(command.hasPrefix("$ weibo-notifier demo "), "the transcript's first line is its command: \(command)")
        let arguments = command.split(separator: " ").dropFirst(2).map(String.init)
        // The bubbles go to standard error (each `demo:` line and the lines indented under it),
        // the rest to standard output.
        var expectedOutput: [String] = []
        var expectedErrors: [String] = []
        var underABubble = false
        for line in lines {
            underABubble = line.hasPrefix("demo:") || (underABubble && line.hasPrefix(" "))
            if underABubble { expectedErrors.append(line) } else { expectedOutput.append(line) }
        }
        let portless = { (text: String) -> [String] in
            text.replacingOccurrences(of: #"127\.0\.0\.1:[0-9]+"#, with: "127.0.0.1:PORT", options: .regularExpression)
                .split(separator: "\n").map(String.init)
        }
        let expected = (output: expectedOutput.flatMap(portless), errors: expectedErrors)
        let run = { try CommandRunner.run(arguments, environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "DISPLAY": ""]) }
        var result = try run()
        if portless(result.standardOutput) != expected.output || portless(result.standardError) != expected.errors { result = try run() }
        #expect(result.status == 0, "\(result.standardError)")
        #expect(portless(result.standardOutput) == expected.output)
        #expect(portless(result.standardError) == expected.errors, "README.md's transcript is not what the demo prints:\n\(result.standardError)")
    }
}
