import Foundation
import Glibc
import Testing
import WeiboTestSupport

/// Never someone else's bubble: after the notification server restarted, another program's
/// notifications hold the ids the notifier saved; the notifier replaces and closes none of them.
@Suite(.serialized, .endToEnd) struct BubbleServerDaemonTests {
    typealias Setup = DaemonTests.Setup

    /// `Notify` from another program; the id the server gave.
    static func notifyAsAnotherProgram(_ bus: PrivateSessionBus, _ summary: String) -> UInt32 {
        let reply = bus.gdbus([
            "call", "-d", "org.freedesktop.Notifications", "-o", "/org/freedesktop/Notifications", "-m", "org.freedesktop.Notifications.Notify",
            "--", "other-app", "0", "''", "'\(summary)'", "'body'", "[]", "{}", "-1",
        ])
        // "(uint32 1,)"
        return UInt32(reply.split(separator: " ").last?.filter(\.isNumber) ?? "") ?? 0
    }

    @Test func savedIDsOfAnEarlierServerAreNeverReplacedOrClosed() throws {
        let setup = try Setup()
        let ours = try setup.startWithOneBubble("/_sandbox/counts", [("dm", "1")])
        #expect(setup.stop() == 0, "the state, with the bubble's id, is saved")

        // A new server instance (a new session, a reboot, a restart): another program's
        // notifications take the first ids, ours among them.
        setup.bus.stopNotificationServer()
        try setup.bus.startNotificationServer()
        let others = (1...3).map { Self.notifyAsAnotherProgram(setup.bus, "someone else's \($0)") }
        #expect(others.contains(ours), "the saved id \(ours) now names another program's notification: \(others)")

        setup.sandbox.control("/_sandbox/counts", [("dm", "2")])
        try setup.start()
        #expect(waitUntil { setup.bus.notifications().contains { $0.appName == "Weibo Notifier" } })
        let shown = setup.bus.notifications().filter { $0.appName == "Weibo Notifier" }
        #expect(shown.allSatisfy { $0.replacesID == 0 }, "replaces nothing: \(shown.map(\.replacesID))")
        #expect(try CommandRunner.run(["mark-read"], environment: setup.environment).status == 0)
        #expect(waitUntil { !setup.bus.closedIDs().isEmpty })
        #expect(Set(setup.bus.closedIDs()).isDisjoint(with: others), "closes only its own: \(setup.bus.closedIDs()) others \(others)")
    }

    @Test func theSameServerKeepsTheBubbleAcrossARestartOfTheNotifier() throws {
        let setup = try Setup()
        let ours = try setup.startWithOneBubble("/_sandbox/counts", [("dm", "1")])
        #expect(setup.stop() == 0)
        setup.sandbox.control("/_sandbox/counts", [("dm", "2")])
        try setup.start()
        #expect(waitUntil { setup.bus.notifications().count == 2 })
        #expect(setup.bus.notifications().last?.replacesID == ours, "replaced in place")
    }
}
