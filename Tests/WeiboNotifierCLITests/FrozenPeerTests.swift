import Foundation
import Glibc
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboTestSupport

/// Peers that take a call and do not answer it (`Tests/Support/frozen-peer.py`): the daemon's
/// loop must not wait for them. Measured from outside: `GetCounts` every 50 ms while the daemon
/// checks and tries to show bubbles; the longest answer is printed and must stay under half a
/// second (typically 10 to 50 ms; a machine busy compiling reached 113), far from what one
/// synchronous call would hold it for: its whole timeout, 2 to 25 s.
@Suite(.serialized, .endToEnd) struct FrozenPeerTests {
    typealias Setup = DaemonTests.Setup

    /// While it is measured, a new comment and a check every second: each check tries a bubble.
    func measure(_ setup: Setup, _ label: String) -> (longest: Double, calls: Int, allAnswered: Bool) {
        let pollsBefore = setup.bus.daemonPolls()
        let result = setup.bus.longestDaemonAnswer(over: 6) {
            setup.sandbox.control("/_sandbox/counts", [("cmt", "1")])
            setup.bus.callDaemon("CheckNow")
        }
        print("frozen \(label): longest GetCounts answer \(Int(result.longest * 1000)) ms over \(result.calls) calls")
        #expect(setup.bus.daemonPolls() >= pollsBefore + 3, "polls go on")
        return result
    }

    @Test(arguments: [["never"], ["notify-never"], ["late", "30"]])
    func aNotificationServerThatDoesNotAnswerHoldsNothing(_ mode: [String]) throws {
        let setup = try Setup(notificationServer: false)
        let peer = try setup.bus.startFrozenPeer(["notifications"] + mode)
        defer { peer.stop(SIGKILL) }
        try setup.start()
        let result = measure(setup, "notification server (\(mode.joined(separator: " ")))")
        #expect(result.allAnswered)
        #expect(result.longest < 0.5, "the loop was held for \(result.longest) s")
        #expect(setup.bus.daemonStatus()["state"] == "'ok'")

        // The server comes back: the next check's bubble reaches it.
        setup.bus.recoverFrozenPeer()
        setup.sandbox.control("/_sandbox/counts", [("dm", "1")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { setup.bus.frozenPeerShown().contains { $0.contains("message") } }, "\(setup.bus.frozenPeerShown())")

        let stopping = Timestamp.now
        #expect(setup.stop() == 0)
        let stopSeconds = Timestamp.now.seconds(since: stopping)
        print("frozen notification server: SIGTERM answered in \(Int(stopSeconds * 1000)) ms")
        #expect(stopSeconds < 5)
    }

    /// A bubble whose show is under way when the notifier quits is closed as its id comes (in
    /// GNOME's list one stayed, a click on it reaching no one): a server that answers every
    /// call 0.3 s late, SIGTERM as the Notify arrives there.
    @Test func aBubbleUnderWayAtQuitIsClosedAsItsIdComes() throws {
        let setup = try Setup(notificationServer: false)
        let peer = try setup.bus.startFrozenPeer(["notifications", "late", "0.3"])
        defer { peer.stop(SIGKILL) }
        setup.sandbox.control("/_sandbox/counts", [("status", "3")])
        try setup.start(waitForPoll: false)
        #expect(waitUntil { setup.bus.frozenPeerReceived().contains("Notify") }, "\(setup.bus.frozenPeerReceived())")
        #expect(setup.stop() == 0)
        #expect(setup.bus.frozenPeerClosed() == [1], "the bubble the server numbered 1 closed: \(setup.bus.frozenPeerReceived())")
    }

    @Test func aTrayWatcherThatDoesNotAnswerHoldsNothing() throws {
        let setup = try Setup()
        let peer = try setup.bus.startFrozenPeer(["tray-watcher", "never"])
        defer { peer.stop(SIGKILL) }
        try setup.start()
        let result = measure(setup, "tray watcher")
        #expect(result.allAnswered)
        #expect(result.longest < 0.5, "the loop was held for \(result.longest) s")
        #expect(waitUntil { setup.bus.notifications().count >= 1 }, "bubbles go on")
    }

    /// A Secret Service that never answers: the daemon says it waits for the keyring after one
    /// timeout (5 s), not two (a lookup, then a search, took 11 s), and it is a wait, not an
    /// expired login.
    @Test func aKeyringThatDoesNotAnswerIsAWaitAfterOneTimeout() throws {
        let setup = try Setup()
        try setup.tokenInKeyringOnly()
        let peer = try setup.bus.startFrozenPeer(["secrets", "never"])
        defer { peer.stop(SIGKILL) }
        let started = Timestamp.now
        try setup.start(waitForPoll: false)
        #expect(waitUntil(timeout: 20) { setup.bus.daemonStatus()["state"] == "'waiting-for-keyring'" }, "\(setup.bus.daemonStatus())")
        let seconds = Timestamp.now.seconds(since: started)
        print("frozen keyring: waiting for the keyring after \(String(format: "%.1f", seconds)) s")
        #expect(seconds < 8.5, "\(seconds) s")
        #expect(setup.bus.notifications().filter { $0.body.contains("login has expired") }.isEmpty)
    }
}
