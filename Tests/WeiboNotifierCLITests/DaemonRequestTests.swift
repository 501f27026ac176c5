import Foundation
import Glibc
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboTestSupport

/// The commands a status bar's clicks run: show-summary, check-now, pause, resume.
@Suite(.serialized, .endToEnd) struct DaemonRequestTests {
    @Test func barClicksReachTheRunningNotifier() throws {
        let setup = try DaemonTests.Setup()
        func run(_ arguments: [String]) throws -> CommandRunner.Result { try CommandRunner.run(arguments, environment: setup.environment) }
        let before = try run(["check-now", "--verbose"])
        #expect(before.status == 69, "none runs yet, and -v after the command is debug logging: \(before.standardError)")
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
        #expect(abs(until - Int(Timestamp.now.secondsSince1970) - 9000) < 60, "\(setup.bus.daemonStatus())")
        let status = try run(["status"])
        #expect(status.lines.contains { $0.hasPrefix("notifications paused until ") }, "\(status.lines)")
        #expect(try run(["resume"]).status == 0)
        #expect(waitUntil { (setup.bus.daemonStatus()["paused-until"] ?? "").hasSuffix(" 0") || setup.bus.daemonStatus()["paused-until"] == "0" })
        #expect(try run(["pause"]).status == 0, "an hour")

        let wrong = try run(["pause", "soon"])
        #expect(wrong.status == 64 && wrong.standardError.contains("'soon' is no duration"), "\(wrong.standardError)")
    }

    /// i3blocks writes a persistent block's clicks to its standard input: the left button
    /// opens the popup (here, with no display, its fallback: the newest posts as a bubble), the
    /// middle one checks now, the wheel and a line that is no click do nothing.
    @Test func i3blocksClicksOnTheWatchedLineReachTheNotifier() throws {
        let setup = try DaemonTests.Setup()
        try setup.start()
        setup.sandbox.control("/_sandbox/statuses", [("count", "1")])
        let clicks = Pipe()
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["watch", "--format", "i3blocks", "--api-base", setup.sandbox.baseURL]
        process.environment = setup.environment
        process.standardInput = clicks
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let polls = setup.bus.daemonPolls()
        clicks.fileHandleForWriting.send(Data("{\"name\":\"weibo\",\"button\":4}\nnot json\n{\"name\":\"weibo\",\"button\":2,\"x\":5}\n".utf8))
        #expect(waitUntil { setup.bus.daemonPolls() > polls }, "the middle button checks")
        #expect(!setup.bus.notifications().contains { $0.summary == "The newest post" }, "the wheel opens nothing")
        clicks.fileHandleForWriting.send(Data("{\"name\":\"weibo\",\"instance\":\"\",\"button\":1}\n".utf8))
        #expect(
            waitUntil { setup.bus.notifications().contains { $0.summary == "The newest post" } }, "\(setup.bus.notifications().map(\.summary))")
        #expect(process.isRunning, "the line goes on")
    }

    @Test func launchingItBareAgainShowsTheNewestPostsAndRunSaysItRuns() throws {
        let setup = try DaemonTests.Setup()
        try setup.start()
        setup.sandbox.control("/_sandbox/statuses", [("count", "1")])
        let again = try CommandRunner.run([], environment: setup.environment)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(waitUntil { setup.bus.notifications().contains { $0.summary == "The newest post" } })
        // Options without a command are still no command (it exited 1).
        let withOptions = try CommandRunner.run(["--api-base", setup.sandbox.baseURL], environment: setup.environment)
        #expect(withOptions.status == 0, "\(withOptions.standardError)")
        let run = try CommandRunner.run(["run"], environment: setup.environment)
        #expect(run.status == 1 && run.standardError.contains("already running"), "\(run.standardError)")
    }

    @Test func aBarClickStartsTheNotifierThroughDBusActivation() throws {
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0"])
        let home = AccountCommandsTests.Home()
        #expect(try home.run(["login", "--token-stdin", "--uid", "5712659759", "--api-base", sandbox.baseURL], input: sandbox.token + "\n").status == 0)
        let services = home.folder + "/dbus-services"
        try FileManager.default.createDirectory(atPath: services, withIntermediateDirectories: true)
        // The installed file, with this build's binary and the sandbox.
        let installed = try String(
            contentsOfFile: FixtureFiles.packageRoot().appendingPathComponent("packaging/io.github.WeiboNotifier.service").path, encoding: .utf8)
        let exec = "Exec=\(CommandRunner.executable.path) run --api-base \(sandbox.baseURL) --interval 20"
        try installed.split(separator: "\n").map { $0.hasPrefix("Exec=") ? exec : String($0) }.joined(separator: "\n")
            .write(toFile: services + "/io.github.WeiboNotifier.service", atomically: true, encoding: .utf8)
        let bus = try PrivateSessionBus(
            services: services, activationEnvironment: home.environment.merging(["LANG": "C", "PATH": "/usr/bin:/bin"]) { $1 })
        let environment = home.environment.merging(bus.environment) { $1 }.merging(["LANG": "C"]) { $1 }
        let owner = ["call", "-d", "org.freedesktop.DBus", "-o", "/org/freedesktop/DBus", "-m", "org.freedesktop.DBus.NameHasOwner", "io.github.WeiboNotifier"]
        #expect(bus.gdbus(owner).contains("false"), "none runs")
        let click = try CommandRunner.run(["show-summary"], environment: environment)
        #expect(click.status == 0, "\(click.standardError)")
        #expect(bus.gdbus(owner).contains("true"), "the click started it")
        #expect(waitUntil { bus.daemonStatus()["state"] == "'ok'" }, "started by the bus: \(bus.daemonStatus())")
        #expect(waitUntil { bus.notifications().contains { $0.summary.hasPrefix("The newest post") } }, "\(bus.notifications().map(\.summary))")
        let status = try CommandRunner.run(["status"], environment: environment)
        if let pid = status.lines.first.flatMap({ $0.split(separator: "(pid ").last?.split(separator: ")").first }).flatMap({ Int32($0) }) {
            kill(pid, SIGTERM)
        }
    }

    @Test func statusSaysQuietHoursAndTheirEnd() throws {
        let setup = try DaemonTests.Setup()
        // Quiet from an hour ago to two hours from now, in the machine's own time.
        var now = time(nil)
        var local = tm()
        localtime_r(&now, &local)
        let start = (Int(local.tm_hour) + 23) % 24
        let end = (Int(local.tm_hour) + 2) % 24
        try setup.configure(String(format: "quiet_hours = %02d:00-%02d:00", start, end))
        try setup.start()
        let status = try CommandRunner.run(["status"], environment: setup.environment)
        #expect(status.lines.contains(String(format: "quiet hours until %02d:00", end)), "\(status.lines)")
    }
}
