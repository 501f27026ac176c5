import FoundationEssentials
import Testing
import WeiboTestSupport

@testable import WeiboKit

/// The popup's decisions on the pure core: what `GetItems` answers, what it fetches, within
/// which limits, and where a click goes.
@Suite struct PopupNotifierTests {
    static let posts = PopupItems(statuses: StatusFactory.generated(count: 3))

    static func answers(_ effects: [NotifierEffect]) -> [(PopupSectionKind, PopupItems)] {
        effects.compactMap { if case .answerPopupItems(let kind, let items) = $0 { (kind, items) } else { nil } }
    }

    static func fetches(_ effects: [NotifierEffect]) -> [PopupFetch] {
        effects.compactMap { if case .fetchPopupItems(let fetch) = $0 { fetch } else { nil } }
    }

    /// Asks for `count` of `kind`, and answers the fetch that starts with `items` after `requests`.
    @discardableResult
    static func fetch(_ driver: inout NotifierDriver, _ kind: PopupSectionKind, count: Int, _ items: PopupItems, requests: Int = 1) -> PopupFetch? {
        guard let fetch = fetches(driver.send(.itemsRequested(kind, count: count, at: driver.now))).first else { return nil }
        driver.send(.popupItemsFetched(fetch, items, requests: requests, at: driver.now))
        return fetch
    }

    static func statuses(_ count: Int) -> PopupItems { PopupItems(statuses: StatusFactory.generated(count: count)) }

    @Test func postsAreFetchedThenAnsweredFromTheLastPageForAMinute() throws {
        var driver = NotifierDriver()
        driver.start()
        let asked = driver.send(.itemsRequested(.posts, count: 100, at: driver.now))
        let fetch = try #require(Self.fetches(asked).first)
        #expect(fetch.kind == .posts && fetch.count == 100 && fetch.olderThan == nil && fetch.requests == 2)
        #expect(Self.answers(asked).isEmpty, "the answer waits for the fetch")
        #expect(Self.fetches(driver.send(.itemsRequested(.posts, count: 20, at: driver.now))).isEmpty, "one fetch at a time: the second waits")
        let fetched = driver.send(.popupItemsFetched(fetch, Self.posts, requests: 1, at: driver.now))
        let answer = try #require(Self.answers(fetched).first)
        #expect(answer.0 == .posts && answer.1.statuses.count == 3 && answer.1.fetchedAt == driver.now && answer.1.failure == nil)
        #expect(driver.notifier.state.detailCalls.spent(on: driver.now) == 0, "the home timeline is not a detail call")

        driver.advance(59)
        let cached = driver.send(.itemsRequested(.posts, count: 100, at: driver.now))
        #expect(Self.fetches(cached).isEmpty, "at most one fetch a minute")
        #expect(Self.answers(cached).first?.1.statuses.count == 3)
        driver.advance(2)
        #expect(Self.fetches(driver.send(.itemsRequested(.posts, count: 100, at: driver.now))).map(\.kind) == [.posts])
    }

    /// A check that finds more of a section's news than the last one makes what is held for it
    /// old: the next request fetches within the minute (an open popup's pill comes with the
    /// count), once; news of another section leaves it be.
    @Test func newsFoundByACheckIsFetchedWithinTheMinute() {
        var driver = NotifierDriver()
        driver.start(counts: UnreadCounts(status: 1))
        Self.fetch(&driver, .posts, count: 100, Self.posts)
        Self.fetch(&driver, .comments, count: 100, PopupItems())
        driver.check(UnreadCounts(status: 1, cmt: 2), after: 20)
        #expect(Self.fetches(driver.send(.itemsRequested(.posts, count: 100, at: driver.now))).isEmpty, "no news of posts")
        #expect(Self.fetches(driver.send(.itemsRequested(.comments, count: 100, at: driver.now))).map(\.kind) == [.comments])
        driver.check(UnreadCounts(status: 3, cmt: 2), after: 20)
        let fetch = Self.fetches(driver.send(.itemsRequested(.posts, count: 100, at: driver.now)))
        #expect(fetch.map(\.kind) == [.posts], "40 s after the last fetch")
        if let fetch = fetch.first { driver.send(.popupItemsFetched(fetch, Self.posts, requests: 1, at: driver.now)) }
        #expect(Self.fetches(driver.send(.itemsRequested(.posts, count: 100, at: driver.now))).isEmpty, "fetched: fresh again")
    }

    /// Weibo may reset its `status` counter when the timeline is read: a check after the
    /// notifier read it that finds the counter lower counts what it says as news (following it
    /// down took a post that came meanwhile into the baseline), and the posts are fetched anew;
    /// where the counter is not reset, nothing changes.
    @Test(arguments: [(6, 1, 1, true), (6, 0, 0, false), (6, 6, 0, false), (6, 7, 1, true)])
    func aPostAfterTheNotifierReadTheTimelineIsNews(_ before: Int, _ after: Int, _ unread: Int, _ fetchedAnew: Bool) {
        var driver = NotifierDriver()
        driver.start(counts: UnreadCounts(status: before))
        driver.send(.markReadRequested(.posts, at: driver.now))
        Self.fetch(&driver, .posts, count: 100, Self.posts)
        driver.check(UnreadCounts(status: after), after: 20)
        let state = driver.notifier.state
        #expect(driver.notifier.settings.policy.unread(state.lastCounts, baseline: state.baseline).status == unread)
        let fetches = Self.fetches(driver.send(.itemsRequested(.posts, count: 100, at: driver.now)))
        #expect(fetches.isEmpty == !fetchedAnew)
    }

    /// "Load more" within the minute fetches only what is older than the oldest held, and is
    /// answered with both; a list that ended is not asked again.
    @Test func loadingMoreWithinTheMinuteFetchesOnlyOlderItems() throws {
        var driver = NotifierDriver()
        driver.start()
        let page = Self.statuses(250)
        Self.fetch(&driver, .posts, count: 100, page.prefix(100))
        let more = try #require(Self.fetches(driver.send(.itemsRequested(.posts, count: 200, at: driver.now.adding(10)))).first)
        #expect(more.count == 100 && more.olderThan?.statuses == page.statuses[99].id, "from the oldest held on")
        let answered = driver.send(.popupItemsFetched(more, PopupItems(statuses: Array(page.statuses[100..<200])), requests: 1, at: driver.now))
        #expect(Self.answers(answered).first?.1.statuses.map(\.id) == page.statuses.prefix(200).map(\.id))
        // The list ends at 250: 300 asked gives 50 more, and 400 then asks for nothing.
        let last = try #require(Self.fetches(driver.send(.itemsRequested(.posts, count: 300, at: driver.now))).first)
        driver.send(.popupItemsFetched(last, PopupItems(statuses: Array(page.statuses[200...])), requests: 2, at: driver.now))
        let ended = driver.send(.itemsRequested(.posts, count: 400, at: driver.now))
        #expect(Self.fetches(ended).isEmpty && Self.answers(ended).first?.1.statuses.count == 250)
        // Past the minute: from the newest again, and what was held beyond a page is let go.
        driver.advance(61)
        driver.send(.checkRequested(at: driver.now))
        #expect(driver.notifier.popup.sections[.posts]?.items.statuses.count == PopupItems.pageSize)
        #expect(Self.fetches(driver.send(.itemsRequested(.posts, count: 100_000, at: driver.now))).map(\.count) == [500])
    }

    /// Any program on the bus may call `GetItems`: a storm of calls for 500 costs one fetch of
    /// each section a minute (its pages), never one per call.
    @Test(arguments: PopupSectionKind.allCases)
    func aStormOfRequestsFetchesASectionOnceAMinute(_ kind: PopupSectionKind) {
        var settings = NotifierSettings(interval: 60)
        settings.detailCallsPerDay = 100
        var driver = NotifierDriver(settings: settings)
        driver.start()
        var fetches: [PopupFetch] = []
        for call in 0..<687 {
            let at = driver.now.adding(Double(call) * 10 / 687)
            for fetch in Self.fetches(driver.send(.itemsRequested(kind, count: 500, at: at))) {
                fetches.append(fetch)
                let items = kind == .comments ? PopupItems() : Self.statuses(fetch.count)
                driver.send(.popupItemsFetched(fetch, items, requests: fetch.requests, at: at))
            }
        }
        #expect(fetches.count == 1, "\(fetches.count) fetches")
        #expect(fetches.map(\.requests).reduce(0, +) <= 6, "the pages of 500 items at most")
    }

    /// After a failure a section waits (a minute, doubling), answering what it holds and why;
    /// a storm while Weibo fails costs one request a wait, not one a call.
    @Test func afterAFailureTheSectionWaitsItsBackoff() throws {
        var driver = NotifierDriver()
        driver.start()
        var requests: [Timestamp] = []
        for second in stride(from: 0.0, to: 400, by: 0.25) {
            let at = driver.now.adding(second)
            for fetch in Self.fetches(driver.send(.itemsRequested(.posts, count: 100, at: at))) {
                requests.append(at)
                let failed = driver.send(.popupItemsFailed(fetch, PollFailure(.transient, "HTTP 500"), requests: 1, at: at))
                #expect(Self.answers(failed).first?.1.failure == PollFailure(.transient, "HTTP 500"))
            }
        }
        let offsets = requests.map { $0.seconds(since: driver.now) }
        #expect(offsets == [0, 60, 180], "a minute, then two: \(offsets)")
        let waiting = driver.send(.itemsRequested(.posts, count: 100, at: driver.now.adding(200)))
        #expect(Self.answers(waiting).first?.1.failure?.message == "HTTP 500", "why, while it waits")
    }

    @Test(arguments: [(PopupSectionKind.comments, 1), (.mentions, 2)])
    func commentsAndMentionsSpendTheDaysDetailCalls(_ kind: PopupSectionKind, _ calls: Int) {
        var settings = NotifierSettings(interval: 60)
        settings.detailCallsPerDay = 3
        var driver = NotifierDriver(settings: settings)
        driver.start()
        let first = Self.fetches(driver.send(.itemsRequested(kind, count: 100, at: driver.now)))
        #expect(first.map(\.kind) == [kind])
        #expect(driver.notifier.state.detailCalls.spent(on: driver.now) == calls)
        if let fetch = first.first { driver.send(.popupItemsFetched(fetch, PopupItems(), requests: calls, at: driver.now)) }
        driver.advance(61)
        let second = driver.send(.itemsRequested(kind, count: 100, at: driver.now))
        if calls * 2 <= 3 {
            #expect(Self.fetches(second).count == 1)
        } else {
            // No calls left: what is known, and why it is not fresh.
            #expect(Self.fetches(second).isEmpty)
            #expect(Self.answers(second).first?.1.failure?.kind == .budgetSpent)
            #expect(driver.notifier.state.detailCalls.spent(on: driver.now) == calls, "nothing spent beyond the budget")
        }
    }

    /// A call gives at most 200 comments or mentions: a fetch may make a request a page, and
    /// the day's budget is charged for the requests made, not for the pages it might have needed.
    @Test(arguments: [
        (PopupSectionKind.comments, 200, 1, 1), (.comments, 201, 2, 2), (.comments, 500, 3, 1), (.mentions, 300, 4, 2), (.mentions, 500, 6, 2),
        (.mentions, 100, 2, 2),
    ])
    func theBudgetIsChargedPerRequestMade(_ kind: PopupSectionKind, _ count: Int, _ reserved: Int, _ made: Int) throws {
        var settings = NotifierSettings(interval: 60)
        settings.detailCallsPerDay = 60
        var driver = NotifierDriver(settings: settings)
        driver.start()
        let fetch = try #require(Self.fetches(driver.send(.itemsRequested(kind, count: count, at: driver.now))).first)
        #expect(fetch.count == count && fetch.requests == reserved)
        #expect(driver.notifier.state.detailCalls.spent(on: driver.now) == reserved, "reserved while it runs")
        driver.send(.popupItemsFetched(fetch, PopupItems(), requests: made, at: driver.now))
        #expect(driver.notifier.state.detailCalls.spent(on: driver.now) == made)
    }

    /// Seven pairs of 500 (the round's case): the budget of 60 pays for what was made.
    @Test func loadingMoreRepeatedlyLeavesTheBudgetForBubbles() {
        var settings = NotifierSettings(interval: 60)
        settings.detailCallsPerDay = 60
        var driver = NotifierDriver(settings: settings)
        driver.start()
        for _ in 0..<7 {
            for kind in [PopupSectionKind.comments, .mentions] {
                // Short lists: one request a list.
                Self.fetch(&driver, kind, count: 500, PopupItems(), requests: kind == .mentions ? 2 : 1)
            }
            driver.advance(61)
        }
        #expect(driver.notifier.state.detailCalls.spent(on: driver.now) == 21, "the 21 requests made, not the budget of 60")
    }

    @Test(arguments: [Login.none, .missing(reason: "gone"), .waitingForKeyring])
    func withoutALoginTheAnswerSaysSoAndNothingIsFetched(_ login: Login) {
        var driver = NotifierDriver()
        driver.start(login: login, counts: nil)
        let effects = driver.send(.itemsRequested(.comments, count: 100, at: driver.now))
        #expect(Self.fetches(effects).isEmpty)
        #expect(Self.answers(effects).first?.1.failure?.kind == .loginRejected)
    }

    /// What is held belongs to the login it was fetched with: after a logout nothing of it is
    /// answered, and the next login fetches its own; an answer to the old login's fetch that
    /// comes after the change is dropped, and the request that waited for it is asked again.
    @Test func itemsGoWithTheirLogin() throws {
        var driver = NotifierDriver()
        driver.start()
        Self.fetch(&driver, .posts, count: 100, Self.statuses(15))
        driver.send(.loginChanged(.none, at: driver.now))
        let loggedOut = try #require(Self.answers(driver.send(.itemsRequested(.posts, count: 5, at: driver.now))).first)
        #expect(loggedOut.1.statuses.isEmpty && loggedOut.1.failure?.kind == .loginRejected, "\(loggedOut.1.statuses.count) statuses")

        driver.send(.loginChanged(driver.validLogin, at: driver.now))
        let asked = driver.send(.itemsRequested(.posts, count: 5, at: driver.now))
        #expect(Self.answers(asked).isEmpty && Self.fetches(asked).count == 1, "the new login's own")

        // A fetch of A's under way while B logs in.
        let fetchA = try #require(Self.fetches(asked).first)
        let changed = driver.send(.loginChanged(.valid(expiresAt: driver.now.adding(86_400)), at: driver.now))
        let fetchB = try #require(Self.fetches(changed).first, "the waiting request is asked again")
        #expect(fetchB.id != fetchA.id && fetchB.count == 5)
        let late = driver.send(.popupItemsFetched(fetchA, Self.statuses(15), requests: 1, at: driver.now))
        #expect(Self.answers(late).isEmpty, "A's answer is not B's")
        let own = driver.send(.popupItemsFetched(fetchB, Self.statuses(2), requests: 1, at: driver.now))
        #expect(Self.answers(own).first?.1.statuses.count == 2)
        // A logout while a fetch runs answers the waiting request with why, and nothing else.
        let running = try #require(Self.fetches(driver.send(.itemsRequested(.comments, count: 5, at: driver.now))).first)
        let out = driver.send(.loginChanged(.none, at: driver.now))
        #expect(Self.answers(out).map(\.1.failure?.kind) == [.loginRejected] && Self.answers(out).first?.1.comments.isEmpty == true)
        #expect(Self.answers(driver.send(.popupItemsFetched(running, PopupItems(), requests: 1, at: driver.now))).isEmpty)
    }

    /// "Load more" is answered whole; once its minute is over the daemon keeps the first page
    /// (what a popup opening again shows), not the 500 statuses of the last one.
    @Test func onlyTheFirstPageIsKeptPastTheMinute() throws {
        var driver = NotifierDriver()
        driver.start()
        let many = Self.statuses(300)
        let fetch = try #require(Self.fetches(driver.send(.itemsRequested(.posts, count: 300, at: driver.now))).first)
        let answered = driver.send(.popupItemsFetched(fetch, many, requests: 3, at: driver.now))
        #expect(Self.answers(answered).first?.1.statuses.count == 300)
        // Within the minute: from what is held, whatever is asked up to that (the shell answers
        // each caller with as many as it asked for).
        let reopened = driver.send(.itemsRequested(.posts, count: 100, at: driver.now.adding(10)))
        #expect(Self.fetches(reopened).isEmpty && Self.answers(reopened).first?.1.statuses.count == 300)
        #expect(Self.fetches(driver.send(.itemsRequested(.posts, count: 200, at: driver.now.adding(20)))).isEmpty)
        driver.advance(61)
        driver.send(.pollTimerFired(at: driver.now))
        #expect(driver.notifier.popup.sections[.posts]?.items.statuses == Array(many.statuses.prefix(PopupItems.pageSize)))
    }

    /// New counts while the popup is open: its request answered from a fetch made before them
    /// asks again just after the daemon's minute, when the daemon fetches anew (and the "N new"
    /// pill can show them); an answer fetched since the news, or none fetched, does not.
    @Test(arguments: [
        (fetched: 1_000.0, asked: 1_030.4, again: 1_061.0 as Double?),
        (fetched: 1_000.0, asked: 1_000.7, again: nil),
        (fetched: 1_030.0, asked: 1_030.0, again: nil),
        (fetched: 1_031.0, asked: 1_030.9, again: nil),
        (fetched: 900.0, asked: 1_030.0, again: 961.0),
    ])
    func anAnswerOlderThanTheNewsAsksAgainAfterTheMinute(fetched: Double, asked: Double, again: Double?) {
        let items = PopupItems(statuses: [], fetchedAt: Timestamp(secondsSince1970: fetched))
        #expect(items.askAgain(after: Timestamp(secondsSince1970: asked)) == again.map { Timestamp(secondsSince1970: $0) })
        #expect(PopupItems().askAgain(after: Timestamp(secondsSince1970: asked)) == nil, "nothing fetched: nothing to wait for")
        var failed = items
        failed.failure = PollFailure(.transient, "HTTP 502")
        #expect(failed.askAgain(after: Timestamp(secondsSince1970: asked)) == nil, "a failed fetch: the next count asks again")
    }

    @Test func aFailedFetchAnswersTheLastItemsWithWhy() throws {
        var driver = NotifierDriver()
        driver.start()
        Self.fetch(&driver, .posts, count: 100, Self.posts)
        let fetchedAt = driver.now
        driver.advance(120)
        let fetch = try #require(Self.fetches(driver.send(.itemsRequested(.posts, count: 100, at: driver.now))).first)
        let failed = driver.send(.popupItemsFailed(fetch, PollFailure(.transient, "HTTP 502"), requests: 1, at: driver.now))
        let answer = try #require(Self.answers(failed).first)
        #expect(answer.1.statuses.count == 3, "the last items stay")
        #expect(answer.1.fetchedAt == fetchedAt, "and say since when")
        #expect(answer.1.failure == PollFailure(.transient, "HTTP 502"))
    }

    @Test(arguments: [(BubbleKind.all, PopupSectionKind.posts), (.posts, .posts), (.comments, .comments), (.mentions, .mentions)])
    func aClickOnABubbleOpensThePopupAtItsSection(_ bubble: BubbleKind, _ section: PopupSectionKind) {
        var driver = NotifierDriver(mode: .perKind)
        driver.start()
        #expect(driver.send(.actionInvoked(.click, kind: bubble, at: driver.now)) == [.showPopup(section)])
        // Where the popup cannot start: the summary bubble of that kind, as before.
        let fallback = driver.send(.popupUnavailable(section, at: driver.now))
        #expect(!fallback.isEmpty)
    }

    @Test func itemsAnswerAsTheAPIsJSON() throws {
        var items = Self.posts
        items.fetchedAt = Timestamp(secondsSince1970: 1_795_000_000)
        items.failure = PollFailure(.rateLimited, "limit")
        let json = String(decoding: try WeiboJSON.encode(items), as: UTF8.self)
        #expect(json.hasPrefix("{\"comments\":[],\"error\":\"limit\",\"error_kind\":\"rate-limited\",\"fetched_at\":1795000000,\"statuses\":[{"))
        let decoded = try WeiboJSON.decodeDocument(PopupItems.self, from: Array(json.utf8))
        #expect(decoded == items)
        #expect(items.prefix(2).statuses.count == 2)
    }
}
