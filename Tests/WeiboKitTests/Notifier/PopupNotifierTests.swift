import FoundationEssentials
import Testing
import WeiboTestSupport

@testable import WeiboKit

/// The popup's decisions on the pure core: what `GetItems` answers, what it fetches, within
/// which limits, and where a click goes.
@Suite struct PopupNotifierTests {
    static let posts = PopupItems(statuses: StatusFactory.generated(count: 3))

    static func answers(_ effects: [NotifierEffect]) -> [(BubbleKind, PopupItems)] {
        effects.compactMap { if case .answerPopupItems(let kind, let items) = $0 { (kind, items) } else { nil } }
    }

    static func fetches(_ effects: [NotifierEffect]) -> [(BubbleKind, Int)] {
        effects.compactMap { if case .fetchPopupItems(let kind, let count) = $0 { (kind, count) } else { nil } }
    }

    @Test func postsAreFetchedThenAnsweredFromTheLastPageForAMinute() throws {
        var driver = NotifierDriver()
        driver.start()
        let asked = driver.send(.itemsRequested(.posts, count: 100, at: driver.now))
        #expect(Self.fetches(asked).map(\.0) == [.posts] && Self.fetches(asked).map(\.1) == [100])
        #expect(Self.answers(asked).isEmpty, "the answer waits for the fetch")
        #expect(Self.fetches(driver.send(.itemsRequested(.posts, count: 20, at: driver.now))).isEmpty, "one fetch at a time: the second waits")
        let fetched = driver.send(.popupItemsFetched(.posts, Self.posts, at: driver.now))
        let answer = try #require(Self.answers(fetched).first)
        #expect(answer.0 == .posts && answer.1.statuses.count == 3 && answer.1.fetchedAt == driver.now && answer.1.failure == nil)
        #expect(driver.notifier.state.detailCalls.spent(on: driver.now) == 0, "the home timeline is not a detail call")

        driver.advance(59)
        let cached = driver.send(.itemsRequested(.posts, count: 100, at: driver.now))
        #expect(Self.fetches(cached).isEmpty, "at most one fetch a minute")
        #expect(Self.answers(cached).first?.1.statuses.count == 3)
        driver.advance(2)
        #expect(Self.fetches(driver.send(.itemsRequested(.posts, count: 100, at: driver.now))).map(\.0) == [.posts])
    }

    @Test func loadingMoreFetchesAgainUpTo500() {
        var driver = NotifierDriver()
        driver.start()
        driver.send(.itemsRequested(.posts, count: 100, at: driver.now))
        driver.send(.popupItemsFetched(.posts, Self.posts, at: driver.now))
        #expect(Self.fetches(driver.send(.itemsRequested(.posts, count: 200, at: driver.now))).map(\.1) == [200], "Load more asks for more")
        driver.send(.popupItemsFetched(.posts, Self.posts, at: driver.now))
        #expect(Self.fetches(driver.send(.itemsRequested(.posts, count: 100_000, at: driver.now.addingTimeInterval(61)))).map(\.1) == [500])
    }

    @Test(arguments: [(BubbleKind.comments, 1), (.mentions, 2)])
    func commentsAndMentionsSpendTheDaysDetailCalls(_ kind: BubbleKind, _ calls: Int) {
        var settings = NotifierSettings(interval: 60)
        settings.detailCallsPerDay = 3
        var driver = NotifierDriver(settings: settings)
        driver.start()
        #expect(Self.fetches(driver.send(.itemsRequested(kind, count: 100, at: driver.now))).map(\.0) == [kind])
        #expect(driver.notifier.state.detailCalls.spent(on: driver.now) == calls)
        driver.send(.popupItemsFetched(kind, PopupItems(), at: driver.now))
        driver.advance(61)
        let second = driver.send(.itemsRequested(kind, count: 100, at: driver.now))
        if calls * 2 <= 3 {
            #expect(Self.fetches(second).count == 1)
        } else {
            // No calls left: what is known, and why it is not fresh.
            #expect(Self.fetches(second).isEmpty)
            #expect(Self.answers(second).first?.1.failure?.kind == .rateLimited)
            #expect(driver.notifier.state.detailCalls.spent(on: driver.now) == calls, "nothing spent beyond the budget")
        }
    }

    /// A call gives at most 200 comments or mentions: "Load more" past 200 spends a call a page.
    @Test(arguments: [(BubbleKind.comments, 200, 1), (.comments, 201, 2), (.comments, 500, 3), (.mentions, 300, 4), (.mentions, 100, 2)])
    func eachPageOf200IsACall(_ kind: BubbleKind, _ count: Int, _ calls: Int) {
        var settings = NotifierSettings(interval: 60)
        settings.detailCallsPerDay = 10
        var driver = NotifierDriver(settings: settings)
        driver.start()
        #expect(Self.fetches(driver.send(.itemsRequested(kind, count: count, at: driver.now))).map(\.1) == [count])
        #expect(driver.notifier.state.detailCalls.spent(on: driver.now) == calls)
    }

    @Test(arguments: [Login.none, .missing(reason: "gone"), .waitingForKeyring])
    func withoutALoginTheAnswerSaysSoAndNothingIsFetched(_ login: Login) {
        var driver = NotifierDriver()
        driver.start(login: login, counts: nil)
        let effects = driver.send(.itemsRequested(.comments, count: 100, at: driver.now))
        #expect(Self.fetches(effects).isEmpty)
        #expect(Self.answers(effects).first?.1.failure?.kind == .loginRejected)
    }

    /// "Load more" is answered whole; the daemon keeps the first page (what a popup opening
    /// again shows), not the 500 statuses of the last one.
    @Test func onlyTheFirstPageIsKept() throws {
        var driver = NotifierDriver()
        driver.start()
        driver.send(.itemsRequested(.posts, count: 300, at: driver.now))
        let many = PopupItems(statuses: StatusFactory.generated(count: 300))
        let answered = driver.send(.popupItemsFetched(.posts, many, at: driver.now))
        #expect(Self.answers(answered).first?.1.statuses.count == 300)
        #expect(driver.notifier.popupItems[.posts]?.statuses.count == PopupItems.pageSize)
        #expect(driver.notifier.popupItems[.posts]?.statuses == Array(many.statuses.prefix(PopupItems.pageSize)))
        // Within the minute: the first page from what is kept, more fetched again.
        let reopened = driver.send(.itemsRequested(.posts, count: 100, at: driver.now.addingTimeInterval(10)))
        #expect(Self.fetches(reopened).isEmpty && Self.answers(reopened).first?.1.statuses.count == 100)
        #expect(Self.fetches(driver.send(.itemsRequested(.posts, count: 200, at: driver.now.addingTimeInterval(20)))).map(\.1) == [200])
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
        let items = PopupItems(statuses: [], fetchedAt: Date(timeIntervalSince1970: fetched))
        #expect(items.askAgain(after: Date(timeIntervalSince1970: asked)) == again.map { Date(timeIntervalSince1970: $0) })
        #expect(PopupItems().askAgain(after: Date(timeIntervalSince1970: asked)) == nil, "nothing fetched: nothing to wait for")
        var failed = items
        failed.failure = PollFailure(.transient, "HTTP 502")
        #expect(failed.askAgain(after: Date(timeIntervalSince1970: asked)) == nil, "a failed fetch: the next count asks again")
    }

    @Test func aFailedFetchAnswersTheLastItemsWithWhy() throws {
        var driver = NotifierDriver()
        driver.start()
        driver.send(.itemsRequested(.posts, count: 100, at: driver.now))
        driver.send(.popupItemsFetched(.posts, Self.posts, at: driver.now))
        let fetchedAt = driver.now
        driver.advance(120)
        driver.send(.itemsRequested(.posts, count: 100, at: driver.now))
        let failed = driver.send(.popupItemsFailed(.posts, PollFailure(.transient, "HTTP 502"), at: driver.now))
        let answer = try #require(Self.answers(failed).first)
        #expect(answer.1.statuses.count == 3, "the last items stay")
        #expect(answer.1.fetchedAt == fetchedAt, "and say since when")
        #expect(answer.1.failure == PollFailure(.transient, "HTTP 502"))
    }

    @Test(arguments: [(BubbleKind.all, BubbleKind.posts), (.posts, .posts), (.comments, .comments), (.mentions, .mentions)])
    func aClickOnABubbleOpensThePopupAtItsSection(_ bubble: BubbleKind, _ section: BubbleKind) {
        var driver = NotifierDriver(mode: .perKind)
        driver.start()
        #expect(driver.send(.actionInvoked(.click, kind: bubble, at: driver.now)) == [.showPopup(section)])
        // Where the popup cannot start: the summary bubble of that kind, as before.
        let fallback = driver.send(.popupUnavailable(section, at: driver.now))
        #expect(!fallback.isEmpty)
    }

    @Test func itemsAnswerAsTheAPIsJSON() throws {
        var items = Self.posts
        items.fetchedAt = Date(timeIntervalSince1970: 1_795_000_000)
        items.failure = PollFailure(.rateLimited, "limit")
        let json = String(decoding: try WeiboJSON.encode(items), as: UTF8.self)
        #expect(json.hasPrefix("{\"comments\":[],\"error\":\"limit\",\"error_kind\":\"rate-limited\",\"fetched_at\":1795000000,\"statuses\":[{"))
        let decoded = try WeiboJSON.decodeDocument(PopupItems.self, from: Data(json.utf8))
        #expect(decoded == items)
        #expect(items.prefix(2).statuses.count == 2)
    }
}
