import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// Storms of requests from a local program spend nothing that belongs to the user: requests
/// join the one under way, and within ten seconds of an answer they get that answer. (An
/// adversarial run made 4,586 API requests with a 10 s `CheckNow` storm, 999 bubbles and 849
/// rate-limit failures with 1,000 `ShowSummary` calls, and spent the day's 60 detail calls in
/// seconds with `ShowComments`.)
@Suite struct RequestStormTests {
    /// The product's gap.
    static let gap = NotifierSettings(interval: 60).requestGap
    static let post = Status(id: 1, createdAt: TestTime.now, text: "今天天气很好", user: User(id: 2, screenName: "小明"))

    /// 1,500 `CheckNow` over 15 s, each check answered at once: one more check, not thousands.
    @Test func aCheckNowStormMakesOneCheckEveryTenSeconds() {
        var driver = NotifierDriver(requestGap: Self.gap)
        driver.start(counts: UnreadCounts(cmt: 1))
        var checks = 0
        var planned: Timestamp?
        for _ in 0..<1500 {
            driver.advance(0.01)
            if let due = planned, driver.now >= due {
                planned = nil
                if driver.send(.pollTimerFired(at: driver.now)).startsPoll { checks += 1 }
                driver.send(.pollSucceeded(UnreadCounts(cmt: 1), at: driver.now))
            }
            let effects = driver.send(.checkRequested(at: driver.now))
            if effects.startsPoll {
                checks += 1
                driver.send(.pollSucceeded(UnreadCounts(cmt: 1), at: driver.now))
            }
            if case .schedulePoll(let at)? = effects.last(where: { if case .schedulePoll = $0 { true } else { false } }) { planned = at }
        }
        #expect(checks == 1, "after the start's check, one when its 10 s were up")
        #expect(planned.map { abs($0.seconds(since: TestTime.now) - 20) < 0.02 } == true, "the next, 10 s after that: \(String(describing: planned))")
    }

    /// After a failed check, the user's check goes out at once.
    @Test func aCheckAfterAFailureIsNotHeldBack() {
        var driver = NotifierDriver(requestGap: Self.gap)
        driver.start(counts: nil)
        driver.send(.pollFailed(PollFailure(.transient, "HTTP 502"), at: driver.now))
        driver.advance(1)
        #expect(driver.send(.checkRequested(at: driver.now)).startsPoll)
    }

    /// 1,000 `ShowSummary`: one fetch, and every request answered with the summary it fetched.
    @Test func aSummaryStormFetchesOnceAndAnswersEveryRequest() {
        var driver = NotifierDriver(requestGap: Self.gap)
        driver.start(counts: UnreadCounts(status: 3))
        var fetches = 0
        var answers = 0
        for _ in 0..<1000 {
            driver.advance(0.005)
            var effects = driver.send(.summaryRequested(.posts, at: driver.now))
            if effects.contains(where: { if case .fetchSummary = $0 { true } else { false } }) {
                fetches += 1
                effects += driver.send(.summaryFetched([Self.post], at: driver.now))
            }
            answers += effects.transientBodies.filter { $0.contains("今天天气很好") }.count
        }
        #expect(Self.gap == 10)
        #expect(fetches == 1)
        #expect(answers == 1000)
        driver.advance(10)
        #expect(driver.send(.summaryRequested(.posts, at: driver.now)).contains(.fetchSummary(count: 1)), "ten seconds later, a new fetch")
    }

    /// A `ShowComments` storm spends one detail call in ten seconds, not the day's budget.
    @Test func aCommentsStormSpendsOneCallInTenSeconds() {
        var driver = NotifierDriver(mode: .perKind, requestGap: Self.gap)
        driver.start(counts: UnreadCounts())
        var fetched = 0
        for _ in 0..<200 {
            driver.advance(0.05)
            for source in driver.send(.summaryRequested(.comments, at: driver.now)).fetches {
                fetched += 1
                let comment = DetailItem(
                    source: source, id: 9, authorName: "王五", authorID: 3, text: "说得对", createdAt: driver.now, statusID: 1, statusAuthorID: 2)
                driver.send(.detailsFetched(source, [comment], at: driver.now))
            }
        }
        #expect(fetched == 1)
        #expect(driver.notifier.state.detailCalls.spent(on: driver.now) == 1)
    }
}
