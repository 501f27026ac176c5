import Foundation
import Glibc
import Testing
import WeiboKit
import WeiboTestSupport

/// The settings window under Xvfb, driven through AT-SPI as a screen reader user drives it,
/// beside a running notifier: a change is written to its key only (the user's comments kept)
/// and applied at once (`GetStatus`), a bad value is refused at its row and never written,
/// Reset removes the line, and `ShowSettings` brings the window to a page.
@Suite(.serialized, .enabled(if: PopupDesktop.present, "needs Xvfb, xdotool, at-spi2-core and python3-pyatspi (make deps installs them)"))
struct SettingsWindowTests {
    @Test func changesAreWrittenAtOnceAndBadOnesRefusedAtTheRow() throws {
        let desktop = try PopupDesktop()
        defer { toolOutput("/usr/bin/pkill", ["-KILL", "-f", "weibo-notifier-settings"], environment: nil) }
        let setup = desktop.setup
        try setup.configure("# Mine: the defaults, but quiet.\n")
        try setup.start(interval: nil)
        defer { setup.stop() }
        #expect(setup.bus.daemonStatus()["interval"] == "60", "\(setup.bus.daemonStatus())")

        let opened = try CommandRunner.run(["settings", "--page", "general"], environment: setup.environment)
        #expect(opened.status == 0, "\(opened.standardError)")
        #expect(waitUntil(timeout: 45) { Self.control(desktop, "Check interval")?.value == "60" }, "\(Self.read(desktop))")
        let before = try String(contentsOfFile: setup.home.configFile, encoding: .utf8)

        // A number: that key's line only, the comment kept; the notifier applies it at once.
        #expect(Self.drive(desktop, ["number", "Check interval", "120"]))
        #expect(waitUntil { (try? String(contentsOfFile: setup.home.configFile, encoding: .utf8)) == before + "interval=120\n" })
        #expect(waitUntil { setup.bus.daemonStatus()["interval"] == "120" }, "\(setup.bus.daemonStatus())")

        // ShowSettings brings the open window to the Notifications page.
        _ = setup.bus.gdbus([
            "call", "--dest", "io.github.WeiboNotifier", "--object-path", "/io/github/WeiboNotifier", "--method",
            "io.github.WeiboNotifier1.ShowSettings", "notifications",
        ])
        #expect(waitUntil { Self.control(desktop, "Quiet hours") != nil }, "\(Self.read(desktop))")
        let written = try String(contentsOfFile: setup.home.configFile, encoding: .utf8)

        // A bad time range: said at the row, the file untouched.
        #expect(Self.drive(desktop, ["text", "Quiet hours", "25:00-99:00"]))
        #expect(waitUntil { Self.control(desktop, "Quiet hours")?.description.hasPrefix("Not saved:") == true }, "\(Self.read(desktop))")
        #expect(try String(contentsOfFile: setup.home.configFile, encoding: .utf8) == written)

        // A good one is written; Reset takes the line out again.
        #expect(Self.drive(desktop, ["text", "Quiet hours", "23:00-07:00"]))
        #expect(waitUntil { (try? String(contentsOfFile: setup.home.configFile, encoding: .utf8)) == written + "quiet_hours=23:00-07:00\n" })
        #expect(Self.control(desktop, "Quiet hours")?.description.hasPrefix("Not saved:") == false)
        #expect(Self.drive(desktop, ["press", "Reset Quiet hours"]))
        #expect(waitUntil { (try? String(contentsOfFile: setup.home.configFile, encoding: .utf8)) == written }, "reset")
        #expect(waitUntil { Self.control(desktop, "Quiet hours")?.value == "" })

        // A page that does not exist is refused.
        let refused = toolOutput(
            "/bin/sh",
            [
                "-c",
                "gdbus call --address \"$DBUS_SESSION_BUS_ADDRESS\" --dest io.github.WeiboNotifier --object-path /io/github/WeiboNotifier "
                    + "--method io.github.WeiboNotifier1.ShowSettings colours 2>&1",
            ], environment: setup.environment)
        #expect(refused.contains("no page colours"), "\(refused)")
        desktop.shot("settings-notifications")
    }

    struct Control {
        var name: String
        var role: String
        var value: String?
        var description: String
    }

    static var script: String { FixtureFiles.packageRoot().appendingPathComponent("Tests/Support/atspi-settings.py").path }

    /// The controls a screen reader finds on the page shown.
    static func read(_ desktop: PopupDesktop) -> [Control] {
        let output = toolOutput("/usr/bin/timeout", ["20", script, "read"], environment: desktop.setup.environment)
        guard let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] else { return [] }
        return (object["controls"] as? [[String: Any]] ?? []).map {
            Control(
                name: $0["name"] as? String ?? "", role: $0["role"] as? String ?? "", value: $0["value"] as? String,
                description: $0["description"] as? String ?? "")
        }
    }

    static func control(_ desktop: PopupDesktop, _ name: String) -> Control? {
        read(desktop).first { $0.name == name && $0.role != "push button" && $0.role != "toggle button" }
    }

    /// Sets a number, types into a field or presses a button; whether the control was there.
    static func drive(_ desktop: PopupDesktop, _ arguments: [String]) -> Bool {
        toolOutput("/usr/bin/timeout", ["20", script] + arguments, environment: desktop.setup.environment).contains("\"done\": true")
    }
}
