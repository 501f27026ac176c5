public import Foundation

/// The notifier's daemon for a desktop test that prints what it said when a check fails: `run`
/// with `arguments`, its debug messages (and those of the popups it starts) written to a log.
public struct LoggedNotifier {
    public let process: Process
    let log: String

    /// Starts it; `log` is a file of the test's own folder.
    public init(_ arguments: [String], log: String, environment: [String: String]) throws {
        self.log = log
        process = try startProgram(
            "/bin/sh", ["-c", "log=$1; shift; exec \"$@\" 2>\"$log\"", "sh", log, CommandRunner.executable.path, "run"] + arguments,
            environment: environment.merging(["G_MESSAGES_DEBUG": "weibo-notifier"]) { $1 })
    }

    /// The last `lines` lines it said, the popups' frame timings left out.
    public func said(lines: Int = 15) -> String {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").filter { !$0.contains("frame") }.suffix(lines)
            .joined(separator: "\n")
    }
}
