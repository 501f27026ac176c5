import Foundation
import Glibc
import Testing
import WeiboTestSupport

/// The desktop's do-not-disturb from each place a desktop keeps it, followed by the running
/// daemon: KDE's `Inhibited` and dunst's `paused` on the notification server (dbusmock), GNOME's
/// `show-banners` in GSettings (the keyfile backend). While it is on, bubbles wait and the
/// counts go on; when it ends, one catch-up bubble. GNOME's hides the banners but keeps the
/// bubbles in its list: they are sent as usual there.
@Suite(.serialized, .endToEnd) struct DoNotDisturbDaemonTests {
    typealias Setup = DaemonTests.Setup

    /// Turns do-not-disturb on, checks a new comment arrives without a bubble, then off: the catch-up.
    func holdsBackThenSumsUp(_ setup: Setup, on: () -> Void, off: () -> Void) throws {
        let before = setup.bus.notifications().count
        on()
        #expect(waitUntil { setup.bus.daemonStatus()["dnd"] == "true" }, "GetStatus says dnd")
        setup.sandbox.control("/_sandbox/counts", [("cmt", "2")])
        #expect(setup.bus.checkNow())
        #expect(setup.bus.daemonStatus()["total"] == "2", "the counts go on")
        #expect(setup.bus.notifications().count == before, "no bubble, no sound")
        let status = try CommandRunner.run(["status"], environment: setup.environment)
        #expect(status.standardOutput.contains("do not disturb"), "\(status.standardOutput)")
        off()
        #expect(waitUntil { setup.bus.notifications().last?.body == "While you were away: 2 comments" }, "\(setup.bus.notifications().map(\.body))")
        #expect(setup.bus.daemonStatus()["dnd"] == "false")
    }

    @Test func kdesInhibited() throws {
        let setup = try Setup()
        try setup.start()
        try holdsBackThenSumsUp(
            setup, on: { setup.bus.setNotificationServerProperty("org.freedesktop.Notifications", "Inhibited", true) },
            off: { setup.bus.setNotificationServerProperty("org.freedesktop.Notifications", "Inhibited", false) })
    }

    @Test func dunstsPaused() throws {
        let setup = try Setup()
        try setup.start()
        try holdsBackThenSumsUp(
            setup, on: { setup.bus.setNotificationServerProperty("org.dunstproject.cmd0", "paused", true) },
            off: { setup.bus.setNotificationServerProperty("org.dunstproject.cmd0", "paused", false) })
    }

    /// Already on when the daemon starts: read at once, not only when it changes.
    @Test func onAtStart() throws {
        let setup = try Setup()
        setup.bus.setNotificationServerProperty("org.dunstproject.cmd0", "paused", true)
        setup.sandbox.control("/_sandbox/counts", [("dm", "1")])
        try setup.start()
        #expect(waitUntil { setup.bus.daemonStatus()["dnd"] == "true" })
        #expect(setup.bus.daemonStatus()["total"] == "1")
        #expect(setup.bus.notifications().isEmpty)
    }

    @Test func gnomesShowBannersKeepsWhoAndWhatInItsList() throws {
        let setup = try Setup()
        setup.extraEnvironment["GSETTINGS_BACKEND"] = "keyfile"
        try setup.start()
        func set(_ value: String) {
            _ = toolOutput("/usr/bin/gsettings", ["set", "org.gnome.desktop.notifications", "show-banners", value], environment: setup.environment)
        }
        set("false")
        #expect(waitUntil { setup.bus.daemonStatus()["dnd"] == "true" }, "GetStatus says dnd")
        setup.sandbox.control("/_sandbox/counts", [("cmt", "2")])
        #expect(setup.bus.checkNow())
        // GNOME hides the banner and keeps the bubble in its list: sent as usual, per kind.
        #expect(waitUntil { setup.bus.notifications().contains { $0.body.contains("2 comments") } }, "\(setup.bus.notifications().map(\.body))")
        let count = setup.bus.notifications().count
        set("true")
        #expect(waitUntil { setup.bus.daemonStatus()["dnd"] == "false" })
        #expect(setup.bus.checkNow())
        #expect(setup.bus.notifications().count == count, "nothing to sum up: \(setup.bus.notifications().map(\.body))")
    }

    @Test func swayncsDnd() throws {
        let setup = try Setup()
        let swaync = try setup.bus.startStandIn("swaync.py", name: "org.erikreider.swaync.cc")
        defer { swaync.stop(SIGKILL) }
        try setup.start()
        func set(_ value: String) {
            _ = setup.bus.gdbus(["call", "-d", "org.erikreider.swaync.cc", "-o", "/org/erikreider/swaync/cc", "-m", "org.erikreider.swaync.cc.SetDnd", value])
        }
        try holdsBackThenSumsUp(setup, on: { set("true") }, off: { set("false") })
    }

    @Test func notFollowedWhenTheConfigurationSaysSo() throws {
        let setup = try Setup()
        try setup.configure("follow_dnd=false\n")
        try setup.start()
        setup.bus.setNotificationServerProperty("org.freedesktop.Notifications", "Inhibited", true)
        setup.sandbox.control("/_sandbox/counts", [("dm", "1")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { setup.bus.notifications().last?.body == "1 new private message" })
        #expect(setup.bus.daemonStatus()["dnd"] == "false")
    }
}
