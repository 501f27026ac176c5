import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// The requests' ledger on its own: when a check's answer is the current one, a queued check
/// taken once, waiting refreshes answered together, a summary remembered for the gap.
@Suite struct RequestLedgerTests {
    let t0 = TestTime.now

    /// Table: the last check's start (seconds before now), whether it worked → until when its
    /// answer is the current one (seconds after the start), with a gap of 10 s.
    @Test(arguments: [(nil, true, nil), (3.0, true, 10.0), (3.0, false, nil), (10.0, true, nil), (12.0, true, nil)] as [(Double?, Bool, Double?)])
    func aCheckThatWorkedIsTheAnswerForTheGap(_ startedAgo: Double?, _ worked: Bool, _ until: Double?) {
        var ledger = RequestLedger()
        if let startedAgo { ledger.checkStarted(at: t0.adding(-startedAgo)) }
        let start = t0.adding(-(startedAgo ?? 0))
        #expect(ledger.currentUntil(t0, checkWorked: worked, gap: 10) == until.map { start.adding($0) })
    }

    @Test func aQueuedCheckAndTheWaitingRefreshesAreTakenOnce() {
        var ledger = RequestLedger()
        let none = ledger.takeQueuedCheck()
        ledger.checkQueued = true
        let first = ledger.takeQueuedCheck()
        let again = ledger.takeQueuedCheck()
        #expect(!none && first && !again)
        ledger.refreshWaits(RequestID(1))
        ledger.refreshWaits(RequestID(2))
        let answered = ledger.takeRefreshes()
        let left = ledger.takeRefreshes()
        #expect(answered == [RequestID(1), RequestID(2)] && left.isEmpty)
    }

    /// Posts, messages and everything share one summary; comments and mentions each have theirs.
    @Test(arguments: [
        (BubbleKind.posts, BubbleKind.all, 5.0, true), (.posts, .messages, 5, true), (.posts, .posts, 10, false),
        (.comments, .mentions, 1, false), (.comments, .comments, 9, true), (.posts, .comments, 1, false),
    ])
    func aSummaryAnswersForTheGap(_ shown: BubbleKind, _ asked: BubbleKind, _ after: Double, _ answered: Bool) {
        var ledger = RequestLedger()
        ledger.summaryShown(Bubble(summary: "s", body: "b"), of: shown, at: t0)
        #expect((ledger.recentSummary(asked, at: t0.adding(after), gap: 10) != nil) == answered)
    }
}
