import Foundation
import Testing
import WeiboTestSupport

/// The commands a status bar's clicks run: show-summary, check-now, pause, resume.
@Suite(.serialized) struct DaemonRequestTests {
    @Test func barClicksReachTheRunningNotifier() throws {
        let setup = try DaemonTests.Setup()
        func run(_ arguments: [String]) throws -> CommandRunner.Result { try CommandRunner.run(arguments, environment: setup.environment) }
        let before = try run(["check-now"])
        #expect(before.status == 69, "none runs yet: \(before.standardError)")
        try setup.start()

        let polls = setup.bus.daemonPolls()
        #expect(try run(["check-now"]).status == 0)
        #expect(waitUntil { setup.bus.daemonPolls() > polls })

        setup.sandbox.control("/_sandbox/statuses", [("count", "1")])
        #expect(try run(["show-summary"]).status == 0)
        #expect(waitUntil { setup.bus.notifications().contains { $0.summary == "The newest post" } }, "\(setup.bus.notifications().map(\.summary))")

        let paused = try run(["pause", "2h30m"])
        #expect(paused.status == 0 && paused.standardOutput.hasPrefix("Notifications paused until "), "\(paused.standardOutput)")
        let until = Int(setup.bus.daemonStatus()["paused-until"]?.split(separator: " ").last ?? "") ?? 0
        #expect(abs(until - Int(Date().timeIntervalSince1970) - 9000) < 60, "\(setup.bus.daemonStatus())")
        #expect(try run(["resume"]).status == 0)
        #expect(waitUntil { (setup.bus.daemonStatus()["paused-until"] ?? "").hasSuffix(" 0") || setup.bus.daemonStatus()["paused-until"] == "0" })
        #expect(try run(["pause"]).status == 0, "an hour")

        let wrong = try run(["pause", "soon"])
        #expect(wrong.status == 64 && wrong.standardError.contains("'soon' is no duration"), "\(wrong.standardError)")
    }
}
