import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// A saved bubble id is used again only while the notification server instance that gave it
/// runs: after a new session, a reboot or a server restart the id names another program's
/// notification, which must never be replaced (`replaces_id`) or closed.
@Suite struct BubbleServerTests {
    /// A state saved by a process whose bubble (id 41) is on `server`'s screen.
    static func saved(on server: String) -> UnreadState {
        var first = NotifierDriver(firstBubbleID: 41)
        first.start(counts: UnreadCounts(dm: 2), server: server)
        #expect(first.notifier.state.notificationServer == server)
        return first.notifier.state
    }

    @Test func theSameServerInstanceKeepsItsBubble() {
        var second = NotifierDriver(firstBubbleID: 90)
        let started = second.start(Self.saved(on: "bus-1/:1.7"), counts: UnreadCounts(dm: 3), server: "bus-1/:1.7")
        #expect(started.contains(.adoptBubble(.all, id: 41)))
        #expect(started.replacedIDs == [41])
    }

    @Test(arguments: ["bus-1/:1.9", "bus-2/:1.7"])
    func anotherServerOrBusGetsANewBubbleAndNothingOfItsOwnClosed(_ other: String) {
        var second = NotifierDriver(firstBubbleID: 90)
        let started = second.start(Self.saved(on: "bus-1/:1.7"), counts: UnreadCounts(dm: 3), server: other)
        #expect(!started.contains { if case .adoptBubble = $0 { true } else { false } }, "\(started)")
        #expect(started.replacedIDs.compactMap { $0 }.isEmpty, "never replaces another program's notification 41")
        #expect(started.shownBodies == ["3 new private messages"])
        let zero = second.check(UnreadCounts())
        #expect(zero.contains(.closeUnread(.all, id: 90)), "its own bubble closes")
        #expect(!zero.contains(.closeUnread(.all, id: 41)))
        #expect(second.notifier.state.notificationServer == other)
    }

    /// The server is known only after the state was read: the saved id waits for it.
    @Test func theIDWaitsUntilTheServerIsKnown() {
        var second = NotifierDriver(firstBubbleID: 90)
        let started = second.start(Self.saved(on: "bus-1/:1.7"), counts: nil, server: nil)
        #expect(started.isEmpty == false && !started.contains { if case .adoptBubble = $0 { true } else { false } })
        let other = second.send(.notificationServerChanged("bus-1/:1.8", at: second.now))
        #expect(!other.contains { if case .adoptBubble = $0 { true } else { false } })
        #expect(second.check(UnreadCounts()).allSatisfy { if case .closeUnread(_, id: .some) = $0 { false } else { true } }, "nothing closed by id")
    }

    @Test func aStateOfAnEarlierVersionHasNoServerAndItsIDIsDropped() throws {
        var state = Self.saved(on: "bus-1/:1.7")
        state.notificationServer = nil
        var second = NotifierDriver()
        let started = second.start(state, counts: UnreadCounts(dm: 3))
        #expect(started.replacedIDs.compactMap { $0 }.isEmpty)
    }

    /// While running: the server restarts (dunst killed and started again).
    @Test func aServerRestartWhileRunningDropsTheIDs() {
        var driver = NotifierDriver(firstBubbleID: 5)
        driver.start(counts: UnreadCounts(dm: 1))
        #expect(driver.notifier.state[.all].id == 5)
        driver.send(.notificationServerChanged(nil, at: driver.now))
        driver.send(.notificationServerChanged("bus-1/:1.30", at: driver.now))
        let rose = driver.check(UnreadCounts(dm: 2))
        #expect(rose.replacedIDs.compactMap { $0 }.isEmpty, "id 5 belongs to the old server")
        #expect(driver.notifier.state.notificationServer == "bus-1/:1.30")
    }

    @Test func theServerIsSavedAndReadBack() throws {
        let state = Self.saved(on: "bus-1/:1.7")
        let data = try WeiboJSON.encode(state)
        #expect(try WeiboJSON.decodeDocument(UnreadState.self, from: data).notificationServer == "bus-1/:1.7")
    }
}

extension BubbleServerTests {
    /// A show that waits for its avatar replaces the bubble the server named meanwhile, else the
    /// one it asked to replace.
    @Test func aLateShowReplacesTheBubbleTheServerNamedMeanwhile() {
        var driver = NotifierDriver(firstBubbleID: 90)
        #expect(driver.notifier.bubbleToReplace(.all, asked: nil) == nil)
        #expect(driver.notifier.bubbleToReplace(.all, asked: 7) == 7)
        driver.start(counts: UnreadCounts(dm: 2), server: "bus-1/:1.7")
        #expect(driver.notifier.bubbleToReplace(.all, asked: nil) == 90)
        #expect(driver.notifier.bubbleToReplace(.all, asked: 7) == 90)
    }
}
