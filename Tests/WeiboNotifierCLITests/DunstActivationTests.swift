import Foundation
import Glibc
import Testing
import WeiboTestSupport

extension RealDesktopTests {
    /// On sway or i3 dunst is often not running when the notifier starts: the bus starts it,
    /// through the activation file its package installs, for the first `Notify`. The bubbles
    /// wait until the notifier knows which server runs; "none" must let them go, or dunst is
    /// never started and no bubble ever shows.
    @Test func theFirstBubbleStartsDunstThroughTheBus() throws {
        let display = try VirtualDisplay()
        let folder = NSTemporaryDirectory() + "weibo-dunst-activation-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/services", withIntermediateDirectories: true)
        defer {
            killProcesses(mentioning: folder)
            try? FileManager.default.removeItem(atPath: folder)
        }
        try FileManager.default.copyItem(
            atPath: "/usr/share/dbus-1/services/org.knopwob.dunst.service", toPath: folder + "/services/org.knopwob.dunst.service")
        let bus = try PrivateSessionBus(
            notificationServer: false, services: folder + "/services", activationEnvironment: ["DISPLAY": display.name, "HOME": folder])
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0"])
        let home = AccountCommandsTests.Home()
        var environment = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }.merging(bus.environment) { $1 }
        environment["DISPLAY"] = display.name
        environment["LANG"] = "C"
        #expect(try home.run(["login", "--token-stdin", "--uid", "5712659759", "--api-base", sandbox.baseURL], input: sandbox.token + "\n").status == 0)
        sandbox.control("/_sandbox/counts", [("dm", "1")])

        let daemon = try startProgram(CommandRunner.executable.path, ["run", "--api-base", sandbox.baseURL, "--interval", "20"], environment: environment)
        defer { daemon.stop() }
        #expect(waitUntil { bus.hasOwner("io.github.WeiboNotifier") })
        #expect(!bus.hasOwner("org.freedesktop.Notifications"), "dunst is not running yet")
        // The popup asking starts the checks at once (else the notifier waits 30 s for a server).
        #expect(bus.daemonItems("posts", count: 1) != nil)
        // dunstctl would start dunst itself: asked only once the bubble did.
        #expect(waitUntil(timeout: 15) { bus.hasOwner("org.freedesktop.Notifications") }, "the bubble started dunst")
        let displayed = { toolOutput("/usr/bin/dunstctl", ["count", "displayed"], environment: environment).trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(waitUntil { displayed() == "1" }, "the bubble shows on it")
        #expect(bus.daemonPolls() >= 1)
    }
}
