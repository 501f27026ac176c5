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

/// The first check can come back before the shell says which notification server runs (load
/// orders a start so): the bubbles wait for that word, so that the saved bubble is replaced or
/// closed on the server that showed it, and nothing of another program's is touched.
extension BubbleServerTests {
    struct FirstWord: CustomTestStringConvertible, Sendable {
        var name: String
        /// The server the shell names after the check (nil: none runs).
        var server: String?
        var counts: UnreadCounts
        /// What the word brings: the ids replaced by the bubbles shown, and closed by id.
        var replaced: [UInt32?]
        var closed: [UInt32?]
        var testDescription: String { name }
    }

    static let firstWords: [FirstWord] = [
        FirstWord(name: "the server that showed it: replaced", server: "bus-1/:1.7", counts: UnreadCounts(dm: 3), replaced: [41], closed: []),
        FirstWord(name: "another server: a bubble of its own", server: "bus-1/:1.9", counts: UnreadCounts(dm: 3), replaced: [nil], closed: []),
        FirstWord(name: "none runs: a bubble of its own", server: nil, counts: UnreadCounts(dm: 3), replaced: [nil], closed: []),
        FirstWord(name: "the server that showed it, read meanwhile: closed", server: "bus-1/:1.7", counts: UnreadCounts(), replaced: [], closed: [41]),
        FirstWord(name: "another server, read meanwhile: nothing closed by id", server: "bus-1/:1.9", counts: UnreadCounts(), replaced: [], closed: [nil]),
    ]

    @Test(arguments: firstWords)
    func aCheckBeforeTheServerIsKnownWaitsForIt(_ word: FirstWord) {
        var second = NotifierDriver(firstBubbleID: 90)
        let answered = second.start(Self.saved(on: "bus-1/:1.7"), counts: word.counts, server: nil)
        #expect(answered.replacedIDs.isEmpty && answered.closedKinds.isEmpty, "\(answered)")
        let told = second.send(.notificationServerChanged(word.server, at: second.now))
        #expect(told.replacedIDs == word.replaced)
        #expect(told.compactMap { if case .closeUnread(_, let id) = $0 { id } else { nil } } == word.closed)
        // Once told, the bubbles no longer wait.
        let later = second.check(UnreadCounts(dm: 5))
        #expect(later.replacedIDs == [word.counts.dm > 0 ? word.replaced[0] ?? 90 : nil])
    }
}
