import Foundation
import Glibc
import Testing
import WeiboTestSupport

/// No GLib CRITICAL or WARNING on a normal start of any command, and no log line in what a
/// command prints: the log writer is set up before anything can start a thread (it printed
/// `g_log_writer_default_set_use_stderr: assertion 'g_thread_n_created () == 0' failed` at
/// every start, and with `G_DEBUG=fatal-criticals` `run` and `watch` died).
@Suite(.serialized, .endToEnd) struct StartupLogTests {
    typealias Setup = DaemonTests.Setup

    /// GLib's strictest settings: a CRITICAL ends the process, every debug line is written.
    static let strict = ["G_DEBUG": "fatal-criticals", "G_MESSAGES_DEBUG": "all", "LANG": "C"]

    static func complaints(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.contains("-CRITICAL **") || $0.contains("-WARNING **") }
    }

    @Test func everyCommandsHelpStartsCleanly() throws {
        let names = try CommandRunner.commandNames()
        #expect(names.count >= 20, "\(names)")
        for name in names {
            let result = try CommandRunner.run([name, "--help"], environment: Self.strict)
            #expect(result.status == 0, "\(name): \(result.standardError)")
            #expect(Self.complaints(result.standardError).isEmpty, "\(name): \(result.standardError)")
            #expect(!result.standardOutput.contains("-DEBUG: "), "\(name): a log line in the output")
        }
    }

    /// The commands that start the bus, the HTTP client and threads, each started for real.
    @Test func theDaemonAndTheCommandsAroundItStartCleanly() throws {
        let setup = try Setup()
        for (name, value) in Self.strict { setup.extraEnvironment[name] = value }
        let daemonLog = setup.home.folder + "/daemon.err"
        try setup.start(errorLog: daemonLog)
        let daemon = try #require(setup.daemon)
        #expect(daemon.isRunning, "run survived fatal-criticals")

        for arguments in [
            ["status"], ["unread", "--api-base", setup.sandbox.baseURL], ["doctor"], ["check-now"],
            ["timeline", "--api-base", setup.sandbox.baseURL, "--count", "1"], ["-v", "status"],
        ] {
            let result = try CommandRunner.run(arguments, environment: setup.environment)
            #expect(Self.complaints(result.standardError).isEmpty, "\(arguments): \(result.standardError)")
            #expect(!result.standardOutput.contains("-DEBUG: ") && !result.standardOutput.contains("-INFO: "), "\(arguments): \(result.standardOutput)")
        }

        // watch's standard output is a status bar's stream: JSON lines only.
        let (watch, output) = try DaemonTests().watch(setup, ["--format", "waybar"])
        #expect(waitUntil { !DaemonTests().lines(output).isEmpty })
        #expect(watch.isRunning, "watch survived fatal-criticals")
        kill(watch.processIdentifier, SIGTERM)
        watch.waitUntilExit()
        #expect(DaemonTests().lines(output).allSatisfy { $0.hasPrefix("{\"text\":") }, "\(DaemonTests().lines(output))")

        #expect(setup.stop() == 0)
        let log = (try? String(contentsOfFile: daemonLog, encoding: .utf8)) ?? ""
        #expect(Self.complaints(log).isEmpty, "\(log)")
        #expect(log.contains("-DEBUG: "), "GLib's debug lines went to standard error")
    }
}
