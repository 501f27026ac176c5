import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// The desktop's do-not-disturb: bubbles wait (the counts do not), kinds let through come as
/// urgent bubbles, and one catch-up bubble when it ends.
@Suite struct DoNotDisturbTests {
    func driver(mode: BubbleMode = .perKind, _ configure: (inout NotifierSettings) -> Void = { _ in }) -> NotifierDriver {
        var settings = NotifierSettings(interval: 60)
        settings.detailCallsPerDay = 0
        configure(&settings)
        var driver = NotifierDriver(settings: settings, mode: mode)
        driver.start()
        return driver
    }

    @Test func bubblesWaitTheCountsGoOnAndOneCatchUpFollows() {
        var driver = driver()
        #expect(driver.send(.doNotDisturbChanged(true, at: driver.now)).isEmpty, "nothing closes: the server keeps what it has")
        #expect(driver.notifier.followsDoNotDisturb)
        let held = driver.check(UnreadCounts(status: 2, dm: 1))
        #expect(held.shownBubbles.isEmpty, "no bubble, no sound")
        #expect(held.contains(.countsChanged(UnreadCounts(status: 2, dm: 1))), "the counts, tray, badge and bars go on")
        #expect(driver.notifier.state.heldBack)
        #expect(driver.send(.doNotDisturbChanged(true, at: driver.now)).isEmpty, "the same state again changes nothing")
        let over = driver.send(.doNotDisturbChanged(false, at: driver.now))
        #expect(over.shownBodies == ["While you were away: 2 new posts · 1 new private message"])
        #expect(driver.check(UnreadCounts(status: 2, dm: 1)).shownBubbles.isEmpty, "what the catch-up told is not told again")
    }

    /// GNOME's do-not-disturb hides banners and keeps its list: the bubbles go there as usual,
    /// with who and what, and nothing is summed up when it ends.
    @Test func aServerThatKeepsItsListGetsTheBubblesAsUsual() {
        var driver = driver()
        driver.send(.doNotDisturbChanged(true, keepsList: true, at: driver.now))
        #expect(driver.notifier.status(at: driver.now).doNotDisturb, "the tray and the bars still say it")
        let sent = driver.check(UnreadCounts(status: 2, dm: 1))
        #expect(sent.shownBubbles.count == 2, "one per kind: \(sent.shownBodies)")
        #expect(!driver.notifier.state.heldBack)
        #expect(driver.send(.doNotDisturbChanged(false, at: driver.now)).shownBubbles.isEmpty, "no sum")
        // Another server's do-not-disturb joins in (dunst paused): held back again.
        driver.send(.doNotDisturbChanged(true, keepsList: false, at: driver.now))
        #expect(driver.check(UnreadCounts(status: 3, dm: 1)).shownBubbles.isEmpty)
    }

    @Test func nothingHeldBackNoCatchUp() {
        var driver = driver()
        driver.send(.doNotDisturbChanged(true, at: driver.now))
        driver.check(UnreadCounts())
        #expect(driver.send(.doNotDisturbChanged(false, at: driver.now)).shownBubbles.isEmpty)
    }

    @Test(arguments: [
        // dnd_allow, what arrives, the kinds shown during do-not-disturb
        ([BubbleKind.messages], UnreadCounts(status: 1, dm: 1), [BubbleKind.messages]),
        ([.messages, .mentions], UnreadCounts(status: 1, mentionStatus: 1), [.mentions]),
        ([], UnreadCounts(status: 1, dm: 1), []),
    ])
    func kindsLetThroughComeAsUrgentBubbles(_ allowed: [BubbleKind], _ counts: UnreadCounts, _ shown: [BubbleKind]) {
        var driver = driver { $0.doNotDisturbAllows = Set(allowed) }
        driver.send(.doNotDisturbChanged(true, at: driver.now))
        let during = driver.check(counts)
        #expect(during.shownBubbles.map(\.0) == shown)
        #expect(during.shownBubbles.allSatisfy { $0.1.isUrgent })
        #expect(driver.notifier.state.heldBack, "the posts wait")
        let over = driver.send(.doNotDisturbChanged(false, at: driver.now))
        #expect(over.shownBodies.count == 1 && over.shownBodies[0].hasPrefix("While you were away: 1 new post"))
        driver.check(UnreadCounts(status: 1, dm: 2))
        #expect(driver.notifier.state[.messages].id != nil)
    }

    @Test func theOneBubbleForAllComesThroughWhenItTellsOfAKindLetThrough() {
        var driver = driver(mode: .single) { $0.doNotDisturbAllows = [.messages] }
        driver.send(.doNotDisturbChanged(true, at: driver.now))
        #expect(driver.check(UnreadCounts(status: 1)).shownBubbles.isEmpty)
        let message = driver.check(UnreadCounts(status: 1, dm: 1))
        #expect(message.shownBodies == ["1 new post · 1 new private message"])
        #expect(message.shownBubbles.first?.1.isUrgent == true)
    }

    @Test func notFollowedItChangesNothing() {
        var driver = driver { $0.followDoNotDisturb = false }
        driver.send(.doNotDisturbChanged(true, at: driver.now))
        #expect(!driver.notifier.followsDoNotDisturb)
        let shown = driver.check(UnreadCounts(dm: 1))
        #expect(shown.shownBodies == ["1 new private message"])
        #expect(shown.shownBubbles.first?.1.isUrgent == false)
    }

    @Test func aPauseEndingDuringDoNotDisturbWaitsForItToEnd() {
        var driver = driver()
        driver.send(.pauseRequested(seconds: 60, at: driver.now))
        driver.check(UnreadCounts(cmt: 2), after: 10)
        driver.send(.doNotDisturbChanged(true, at: driver.now))
        driver.advance(50)
        #expect(driver.send(.quietTimerFired(at: driver.now)).shownBubbles.isEmpty, "the pause is over, do-not-disturb is not")
        #expect(driver.send(.doNotDisturbChanged(false, at: driver.now)).shownBodies == ["While you were away: 2 comments"])
    }
}
