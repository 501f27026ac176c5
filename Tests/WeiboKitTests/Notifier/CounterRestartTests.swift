import FoundationEssentials
import Testing
import WeiboTestSupport

@testable import WeiboKit

/// Weibo starts its `status` counter again when the timeline is read (a click's popup reads
/// it): the posts that come next are news, however many a bubble showed before. Before, a
/// bubble's shown or dismissed amount (23 posts) held back every bubble until more than that
/// came after the read: a post while the popup was open at posts brought none.
@Suite struct CounterRestartTests {
    /// How the posts bubble of 23 ended (nil: still open), whether the notifier read the
    /// timeline itself (else Weibo's counter simply went down), and the counts after.
    @Test(arguments: [
        (BubbleCloseReason?.some(.closedByProgram), true, [22], "22 new posts"),
        (.some(.dismissed), true, [1], "1 new post"),
        (.some(.expired), false, [0, 2], "2 new posts"),
        (nil, true, [5], "5 new posts"),
        (nil, false, [0, 3], "3 new posts"),
    ])
    func postsAfterTheCounterStartsAgainRaiseABubble(_ ended: BubbleCloseReason?, _ readByTheNotifier: Bool, _ counts: [Int], _ said: String) {
        var driver = NotifierDriver(mode: .perKind)
        driver.start(counts: UnreadCounts(status: 18))
        driver.send(.markReadRequested(.posts, at: driver.now))
        #expect(driver.check(UnreadCounts(status: 41), after: 20).shownBodies == ["23 new posts"])
        if let ended { driver.send(.bubbleClosed(.posts, ended, at: driver.now)) }
        if readByTheNotifier { PopupNotifierTests.fetch(&driver, .posts, count: 100, PopupNotifierTests.posts) }
        var shown: [String] = []
        for count in counts { shown += driver.check(UnreadCounts(status: count), after: 20).shownBodies }
        #expect(shown == [said], "the news after the counter started again: \(shown)")
    }

    /// A counter that did not start again keeps what was dismissed dismissed: no bubble until it
    /// rises above it.
    @Test func aDismissedBubbleStaysDismissedWhileTheCounterGoesOn() {
        var driver = NotifierDriver(mode: .perKind)
        driver.start(counts: UnreadCounts(status: 18))
        driver.send(.markReadRequested(.posts, at: driver.now))
        #expect(driver.check(UnreadCounts(status: 41), after: 20).shownBodies == ["23 new posts"])
        driver.send(.bubbleClosed(.posts, .dismissed, at: driver.now))
        #expect(driver.check(UnreadCounts(status: 41), after: 20).shownBodies.isEmpty)
        #expect(driver.check(UnreadCounts(status: 42), after: 20).shownBodies == ["24 new posts"])
    }
}
