import Foundation
import Testing
import WeiboTestSupport

/// Strangers' messages and likes through the running notifier, the sandbox and dbusmock's
/// notification server: counted on the bus (`GetCounts` keys `msgbox`, `attitude`) without a
/// bubble by default; likes only where the sandbox gives them (`--likes`).
@Suite(.serialized, .endToEnd) struct StrangersAndLikesDaemonTests {
    typealias Setup = DaemonTests.Setup

    @Test func strangersMessagesAreCountedWithoutABubbleAndLikesNeverAppearWithoutWeibo() throws {
        let setup = try Setup(bubbles: "per-kind")
        setup.sandbox.control("/_sandbox/counts", [("msgbox", "3"), ("attitude", "2")])
        try setup.start()
        #expect(waitUntil { setup.bus.daemonStatus()["msgbox"] == "3" }, "\(setup.bus.daemonStatus())")
        #expect(setup.bus.daemonStatus()["total"] == "3")
        #expect(setup.bus.daemonStatus()["attitude"] == nil, "no likes where Weibo gives none: no key, no zero")
        // A message from someone followed raises the messages bubble, which names it alone.
        setup.sandbox.control("/_sandbox/counts", [("dm", "1")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { !setup.bus.notifications().isEmpty })
        #expect(setup.bus.notifications().map(\.body) == ["1 new private message"], "the strangers' 3 raised no bubble")
        #expect(setup.bus.daemonStatus()["total"] == "4")
    }

    @Test func strangersMessagesNotifyWhenAsked() throws {
        let setup = try Setup(bubbles: "per-kind")
        try setup.configure("strangers_messages=notify")
        try setup.startWithOneBubble("/_sandbox/counts", [("msgbox", "3")])
        #expect(setup.bus.notifications().map(\.body) == ["3 messages from strangers"])
    }

    @Test func likesAreCountedWhenWeiboGivesThem() throws {
        let setup = try Setup(bubbles: "per-kind", sandbox: ["--likes"])
        try setup.start()
        #expect(setup.bus.daemonStatus()["attitude"] == "0", "given: a count, even of none")
        setup.sandbox.control("/_sandbox/counts", [("attitude", "4")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { setup.bus.daemonStatus()["attitude"] == "4" }, "\(setup.bus.daemonStatus())")
        #expect(setup.bus.daemonStatus()["total"] == "4")
        #expect(setup.bus.notifications().isEmpty, "counted, not announced, by default")
        // The state remembers that Weibo gives likes: the settings window's row reads it there.
        let folder = setup.home.folder + "/state/weibo-notifier/"
        func state() -> String {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("state-") }
            return names.first.flatMap { try? String(contentsOfFile: folder + $0, encoding: .utf8) } ?? ""
        }
        #expect(waitUntil { state().contains("\"attitude\":4") }, "\(state())")
    }
}
