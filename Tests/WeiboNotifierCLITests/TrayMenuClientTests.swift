import Foundation
import Glibc
import Testing
import WeiboTestSupport

/// The tray menu driven by the real libdbusmenu-glib client (`Tests/Support/dbusmenu-client.py`),
/// which XFCE's Status Tray and waybar's tray use: it reads the layout its own way and sends
/// every click as `EventGroup`, since the menu says `Version` 3.
@Suite(.serialized, .endToEnd) struct TrayMenuClientTests {
    typealias Setup = DaemonTests.Setup

    /// Runs the client on the daemon's menu: its JSON layout, and whether a click was answered.
    private func client(_ setup: Setup, _ item: String, click labels: String? = nil) -> (layout: String, clicked: Bool) {
        let script = FixtureFiles.packageRoot().appendingPathComponent("Tests/Support/dbusmenu-client.py").path
        let output = toolOutput("/usr/bin/python3", [script, item, "/MenuBar"] + (labels.map { [$0] } ?? []), environment: setup.environment)
        let lines = output.split(separator: "\n").map(String.init)
        return (lines.first ?? "", lines.contains("clicked"))
    }

    @Test func everyItemClickedThroughTheRealClientHasItsEffect() throws {
        let setup = try Setup()
        let opened = try ActivationTokenTests.recordOpenedAddresses(setup)
        setup.sandbox.control("/_sandbox/counts", [("status", "3")])
        let item = try setup.startWithTray()

        // The layout as the client reads it: labels, the radio items unchecked, Resume greyed out.
        let layout = client(setup, item).layout
        let labels = [
            "Show timeline", "Mark all read", "Check now", "Open Weibo", "Hot search", "Pause notifications", "For 1 hour", "Until tomorrow", "Resume", "Quit",
        ]
        for label in labels {
            #expect(layout.contains("\"label\": \"\(label)\""), "\(label): \(layout)")
        }
        #expect(layout.contains("{\"label\": \"Resume\", \"type\": \"\", \"enabled\": false"), "\(layout)")
        #expect(layout.contains("{\"label\": \"For 1 hour\", \"type\": \"\", \"enabled\": true, \"toggle-state\": 0"), "\(layout)")

        // Check now polls.
        let polls = setup.bus.daemonPolls()
        #expect(client(setup, item, click: "Check now").clicked)
        #expect(waitUntil { setup.bus.daemonPolls() > polls }, "Check now through EventGroup polls")

        // Open Weibo and Hot search open their pages in the desktop's browser.
        #expect(client(setup, item, click: "Open Weibo").clicked)
        #expect(waitUntil { opened().contains("https://weibo.com ") }, "\(opened())")
        #expect(client(setup, item, click: "Hot search").clicked)
        #expect(waitUntil { opened().contains("https://s.weibo.com/top/summary ") }, "\(opened())")

        // Pause for an hour pauses, and the client reads the radio item checked and Resume enabled.
        #expect(client(setup, item, click: "Pause notifications/For 1 hour").clicked)
        #expect(waitUntil { setup.bus.daemonStatus()["quiet"] == "true" }, "Pause through EventGroup pauses")
        let paused = client(setup, item).layout
        #expect(paused.contains("{\"label\": \"For 1 hour\", \"type\": \"\", \"enabled\": true, \"toggle-state\": 1"), "\(paused)")
        #expect(paused.contains("{\"label\": \"Resume\", \"type\": \"\", \"enabled\": true"), "\(paused)")

        // A pause asked over D-Bus is not "For 1 hour": the radio item is no longer checked.
        #expect(setup.bus.callDaemon("Pause", seconds: 600))
        #expect(
            waitUntil { client(setup, item).layout.contains("{\"label\": \"For 1 hour\", \"type\": \"\", \"enabled\": true, \"toggle-state\": 0") },
            "the radio follows a D-Bus Pause")

        // Resume resumes.
        #expect(client(setup, item, click: "Pause notifications/Resume").clicked)
        #expect(waitUntil { setup.bus.daemonStatus()["quiet"] == "false" }, "Resume through EventGroup resumes")

        // Mark all read clears.
        #expect(setup.bus.daemonStatus()["total"] != "0")
        #expect(client(setup, item, click: "Mark all read").clicked)
        #expect(waitUntil { setup.bus.daemonStatus()["total"] == "0" }, "Mark all read through EventGroup clears")

        // Quit quits.
        #expect(client(setup, item, click: "Quit").clicked)
        let daemon = try #require(setup.daemon)
        #expect(waitUntil { !daemon.isRunning }, "Quit through EventGroup quits")
        #expect(daemon.terminationStatus == 0)
    }

    /// `EventGroup` answers the ids it does not know and runs the rest; all unknown is an error.
    /// A host's libdbusmenu crashed when the layout changed while it read it. The menu changes
    /// every 10 ms (a pause, a resume) while the real client reads it 1,000 times: every call
    /// answered, no CRITICAL in the client or the daemon, and the daemon still runs.
    @Test func theMenuChangingWhileAClientReadsItHarmsNoOne() throws {
        let setup = try Setup()
        let log = setup.home.folder + "/daemon.log"
        setup.extraEnvironment["G_DEBUG"] = "fatal-criticals"
        try setup.startTrayWatcher()
        try setup.start(errorLog: log)
        let item = "org.kde.StatusNotifierItem-\(setup.daemon?.processIdentifier ?? 0)-1"
        #expect(waitUntil { setup.bus.registeredTrayItems().contains(item) })
        let stress = Process()
        stress.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        stress.arguments = [FixtureFiles.packageRoot().appendingPathComponent("Tests/Support/dbusmenu-stress.py").path, item, "/MenuBar", "1000"]
        stress.environment = setup.environment
        let output = Pipe()
        let errors = Pipe()
        stress.standardOutput = output
        stress.standardError = errors
        try stress.run()
        var changes = 0
        while stress.isRunning, changes < 6000 {
            _ = setup.bus.callDaemon("Pause", seconds: changes % 2 == 0 ? 3600 : 0)
            changes += 1
            usleep(10_000)
        }
        stress.waitUntilExit()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complaints = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stress.terminationReason == .exit && stress.terminationStatus == 0, "the client: \(complaints)")
        #expect(said.contains("\"calls\": 1000") && said.contains("\"failed\": 0"), "\(said) \(complaints)")
        #expect(!said.contains("\"items\": 0"), "the client reads the menu at the end: \(said)")
        #expect(changes > 20, "the menu changed \(changes) times meanwhile")
        #expect(setup.daemon?.isRunning == true)
        let daemonLog = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(!daemonLog.contains("CRITICAL") && !complaints.contains("CRITICAL"), "\(daemonLog)")
    }

    @Test func eventGroupRunsEveryEventAndNamesTheUnknownOnes() throws {
        let setup = try Setup()
        let item = try setup.startWithTray()
        let polls = setup.bus.daemonPolls()
        let answer = setup.bus.gdbus([
            "call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.EventGroup", "--",
            "[(3, 'clicked', <0>, 0), (4242, 'clicked', <0>, 0), (7, 'clicked', <0>, 0)]",
        ])
        #expect(answer.contains("([4242],)"), "\(answer)")
        #expect(waitUntil { setup.bus.daemonPolls() > polls })
        #expect(waitUntil { setup.bus.daemonStatus()["quiet"] == "true" }, "the second known event ran too")
        let unknown = toolRun(
            "/usr/bin/gdbus",
            [
                "call", "--address", setup.bus.address, "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.EventGroup", "--",
                "[(4242, 'clicked', <0>, 0)]",
            ])
        #expect(unknown.status != 0 && unknown.output.contains("do not refer to any menu items"), "\(unknown.output)")
        let shown = setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.AboutToShowGroup", "--", "[0, 6, 4242]"])
        #expect(shown.contains("[], [4242])"), "\(shown)")
    }
}
