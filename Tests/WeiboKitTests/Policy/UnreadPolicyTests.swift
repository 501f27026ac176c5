import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

@Suite struct UnreadPolicyTests {
    /// Each bubble kind's counters, as the per-counter table (`UnreadCounter.bubble`) makes them:
    /// every counter raises one bubble of its own kind; the single bubble, all.
    @Test(arguments: [
        (BubbleKind.posts, [UnreadCounter.status, .follower, .attitude]), (.comments, [.cmt]), (.mentions, [.mentionStatus, .mentionCmt]),
        (.messages, [.dm, .msgbox]), (.all, UnreadCounter.allCases),
    ])
    func eachBubbleRisesWithItsCounters(_ kind: BubbleKind, _ counters: [UnreadCounter]) {
        #expect(kind.counters == counters)
        if kind != .all { #expect(counters.allSatisfy { $0.bubble == kind }) }
    }

    let policy = UnreadPolicy()
    let now = TestTime.now

    /// One poll, for the one bubble of everything: the counts observed, the bubble decided.
    func poll(_ counts: UnreadCounts, _ state: inout UnreadState, policy: UnreadPolicy? = nil, counters: [UnreadCounter] = UnreadCounter.allCases)
        -> UnreadPolicy.Decision
    {
        let policy = policy ?? self.policy
        policy.observe(counts, at: now, state: &state)
        let (bubble, decision) = policy.decide(policy.unread(state.lastCounts, baseline: state.baseline), counters: counters, bubble: state[.all])
        state[.all] = bubble
        return decision
    }

    @Test func firstUnreadShowsThenRisingReplacesAndSameIsNothing() {
        var state = UnreadState()
        #expect(poll(UnreadCounts(), &state) == .nothing)
        #expect(poll(UnreadCounts(status: 3, cmt: 2), &state) == .show(UnreadCounts(status: 3, cmt: 2)))
        #expect(poll(UnreadCounts(status: 3, cmt: 2), &state) == .nothing)
        #expect(poll(UnreadCounts(status: 5, cmt: 2), &state) == .show(UnreadCounts(status: 5, cmt: 2)))
        #expect(state.lastSuccessfulPoll == now)
    }

    @Test func changedWithoutRisingUpdatesQuietly() {
        var state = UnreadState()
        _ = poll(UnreadCounts(status: 3, cmt: 2), &state)
        #expect(poll(UnreadCounts(status: 3, cmt: 1), &state) == .update(UnreadCounts(status: 3, cmt: 1)))
    }

    @Test func zeroCloses() {
        var state = UnreadState()
        _ = poll(UnreadCounts(dm: 1), &state)
        #expect(poll(UnreadCounts(), &state) == .close)
        #expect(state[.all].shown == nil)
    }

    @Test func markingSeenSetsTheBaselineSoTheServerMayKeepCounting() {
        var state = UnreadState()
        _ = poll(UnreadCounts(status: 4, cmt: 1), &state)
        policy.markSeen(UnreadCounter.allCases, state: &state)
        #expect(state.baseline == UnreadCounts(status: 4, cmt: 1))
        // The server still says 4 and 1: nothing new, and the open bubble closes.
        #expect(poll(UnreadCounts(status: 4, cmt: 1), &state) == .close)
        // One more comment: only that one is unread.
        #expect(poll(UnreadCounts(status: 4, cmt: 2), &state) == .show(UnreadCounts(cmt: 1)))
    }

    @Test func markingOneKindSeenLeavesTheOthers() {
        var state = UnreadState()
        _ = poll(UnreadCounts(status: 4, cmt: 2), &state)
        policy.markSeen(BubbleKind.comments.counters, state: &state)
        #expect(policy.unread(state.lastCounts, baseline: state.baseline) == UnreadCounts(status: 4))
    }

    @Test func aServerResetLowersTheBaseline() {
        var state = UnreadState()
        _ = poll(UnreadCounts(status: 4), &state)
        policy.markSeen(UnreadCounter.allCases, state: &state)
        // Reading the timeline elsewhere reset `status` on the server; then 2 new ones arrive.
        _ = poll(UnreadCounts(status: 0), &state)
        #expect(poll(UnreadCounts(status: 2), &state) == .show(UnreadCounts(status: 2)))
    }

    @Test func aDismissedBubbleComesBackOnlyWhenACounterRisesAboveIt() {
        var state = UnreadState()
        _ = poll(UnreadCounts(status: 3, dm: 1), &state)
        state[.all] = policy.bubbleClosed(state[.all])
        #expect(state[.all].dismissed == UnreadCounts(status: 3, dm: 1))
        #expect(poll(UnreadCounts(status: 3, dm: 1), &state) == .nothing)
        #expect(poll(UnreadCounts(status: 2, dm: 1), &state) == .nothing)
        #expect(poll(UnreadCounts(status: 3, dm: 2), &state) == .show(UnreadCounts(status: 3, dm: 2)))
    }

    @Test func countOnlyCountersNeverRaiseABubble() {
        let policy = UnreadPolicy(notify: [.cmt, .dm], countOnly: [.status])
        var state = UnreadState()
        #expect(poll(UnreadCounts(status: 9), &state, policy: policy) == .nothing)
        #expect(policy.total(policy.unread(state.lastCounts, baseline: state.baseline)) == 9)
        #expect(poll(UnreadCounts(status: 9, cmt: 1), &state, policy: policy) == .show(UnreadCounts(status: 9, cmt: 1)))
        #expect(poll(UnreadCounts(status: 12, cmt: 1), &state, policy: policy) == .nothing, "a count-only counter rising changes no bubble")
    }

    @Test func aBubbleOfOneKindWatchesOnlyItsCounters() {
        var state = UnreadState()
        #expect(poll(UnreadCounts(status: 5), &state, counters: BubbleKind.comments.counters) == .nothing)
        #expect(poll(UnreadCounts(status: 5, cmt: 1), &state, counters: BubbleKind.comments.counters) == .show(UnreadCounts(status: 5, cmt: 1)))
    }

    @Test func stateSurvivesTheFile() throws {
        var state = UnreadState()
        _ = poll(UnreadCounts(status: 3, cmt: 2), &state)
        state[.all] = policy.bubbleClosed(state[.all])
        state[.comments] = BubbleState(shown: UnreadCounts(cmt: 2), id: 7)
        state.newestSeen[.commentsToMe] = 4_530_000_000_000_009
        state.detailCalls = DetailCalls(day: 20_000, spent: 3)
        let data = try WeiboJSON.encode(state)
        #expect(try JSONDecoder().decode(UnreadState.self, from: Data(data)) == state)
    }

    /// A state file of the version before kinds: its one bubble becomes the bubble of everything.
    @Test func anOlderStateFileIsRead() throws {
        let old = "{\"baseline\":{\"cmt\":1},\"shown\":{\"dm\":2},\"bubble_id\":41,\"dismissed\":{\"status\":1}}"
        let state = try WeiboJSON.decodeDocument(UnreadState.self, from: Array(old.utf8))
        #expect(state[.all] == BubbleState(shown: UnreadCounts(dm: 2), dismissed: UnreadCounts(status: 1), id: 41))
    }
}

@Suite struct PollScheduleTests {
    @Test func backoffDoublesUpToFifteenMinutes() {
        var schedule = PollSchedule(interval: 60)
        let delays = (0..<8).map { _ in schedule.next(after: .transientFailure) }
        #expect(delays == [60, 120, 240, 480, 900, 900, 900, 900])
        #expect(schedule.next(after: .success) == 60)
        #expect(schedule.next(after: .transientFailure) == 60, "a success starts the backoff over")
    }

    @Test func rateLimitAndExpiredLogin() {
        var schedule = PollSchedule(interval: 60)
        #expect(schedule.next(after: .rateLimited(resetIn: 1415)) == 1415)
        #expect(schedule.next(after: .rateLimited(resetIn: nil)) == 3600)
        #expect(schedule.next(after: .rateLimited(resetIn: 5)) == 60, "never sooner than the interval")
        #expect(schedule.next(after: .loginExpired) == nil)
    }

    /// Without logind, a resume shows as a tick far later by the wall clock than planned.
    @Test func aClockJumpAtATickStartsAfresh() {
        var schedule = PollSchedule(interval: 60)
        for _ in 0..<3 { _ = schedule.next(after: .transientFailure) }
        let planned = TestTime.now
        let late = schedule.noticeClockJump(planned: planned, now: planned.adding(2))
        #expect(!late, "a timer a little late")
        #expect(schedule.next(after: .transientFailure) == 480, "the backoff goes on")
        let asleep = schedule.noticeClockJump(planned: planned, now: planned.adding(3 * 3600))
        #expect(asleep, "a night asleep")
        #expect(schedule.next(after: .transientFailure) == 60, "the backoff starts over")
    }
}

@Suite struct QuietHoursTests {
    @Test(arguments: ["23:00-08:00", "12:30-13:45", " 22:00 - 06:00 "])
    func parses(_ text: String) {
        #expect(QuietHours(parsing: text) != nil)
    }

    @Test(arguments: ["", "23:00", "23-08", "25:00-08:00", "23:00-08:60", "08:00-08:00", "8:0-9:00", "night"])
    func refusesTheRest(_ text: String) {
        #expect(QuietHours(parsing: text) == nil)
    }

    @Test func acrossMidnight() throws {
        let quiet = try #require(QuietHours(parsing: "23:00-08:00"))
        #expect(quiet.description == "23:00-08:00")
        #expect(quiet.contains(TestTime.date(2026, 11, 29, 23, 30), zone: TestTime.zone))
        #expect(quiet.contains(TestTime.date(2026, 11, 29, 7, 59), zone: TestTime.zone))
        #expect(!quiet.contains(TestTime.date(2026, 11, 29, 8, 0), zone: TestTime.zone))
        #expect(!quiet.contains(TestTime.date(2026, 11, 29, 14, 0), zone: TestTime.zone))
        #expect(quiet.end(after: TestTime.date(2026, 11, 29, 23, 30), zone: TestTime.zone) == TestTime.date(2026, 11, 30, 8, 0))
        #expect(quiet.end(after: TestTime.date(2026, 11, 29, 7, 15, 30), zone: TestTime.zone) == TestTime.date(2026, 11, 29, 8, 0))
        #expect(quiet.end(after: TestTime.now, zone: TestTime.zone) == TestTime.now, "not quiet now")
    }

    @Test func withinADay() throws {
        let quiet = try #require(QuietHours(parsing: "12:30-13:45"))
        #expect(quiet.contains(TestTime.date(2026, 11, 29, 13, 0), zone: TestTime.zone))
        #expect(!quiet.contains(TestTime.date(2026, 11, 29, 13, 45), zone: TestTime.zone))
    }
}
