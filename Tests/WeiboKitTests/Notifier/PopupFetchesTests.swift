import Testing
import WeiboTestSupport

@testable import WeiboKit

/// The popup's fetch rules alone, as tables of requests and answers, without a notifier.
@Suite struct PopupFetchesTests {
    static let start = Timestamp(secondsSince1970: 1_795_838_400)

    /// One step of a table: a request (count, seconds after the start) and what it should call
    /// for; a `.fetch` is started and answered with `answer` statuses (nil: it fails).
    struct Row: Sendable, CustomTestStringConvertible {
        var count: Int
        var after: Double
        var expected: Expected
        var answer: Int? = nil
        var testDescription: String { "\(count) at +\(Int(after)) s: \(expected)" }
    }

    enum Expected: Equatable, Sendable {
        case answer(statuses: Int, failed: Bool = false)
        case join
        case fetch(count: Int, older: Bool)
    }

    static func run(_ rows: [Row], news: Double? = nil) -> [Expected] {
        var fetches = PopupFetches()
        var seen: [Expected] = []
        for row in rows {
            let now = start + row.after
            if let news, row.after >= news { fetches.newsArrived(UnreadCounts(status: 1), previous: UnreadCounts()) }
            switch fetches.request(.posts, count: row.count, at: now) {
            case .answer(let items): seen.append(.answer(statuses: items.statuses.count, failed: items.failure != nil))
            case .join: seen.append(.join)
            case .fetch(let count, let olderThan, let wanted):
                seen.append(.fetch(count: count, older: olderThan != nil))
                let fetch = fetches.start(.posts, count: count, olderThan: olderThan, wanted: wanted, requests: 1)
                let items = row.answer.map { PopupItems(statuses: StatusFactory.generated(count: $0, seed: UInt64(row.after) + 1)) }
                _ = fetches.arrived(fetch, items, failure: items == nil ? PollFailure(.transient, "timed out") : nil, at: now)
            }
        }
        return seen
    }

    @Test(arguments: [
        // The first page, then the same page for a minute, then a fetch again.
        [
            Row(count: 100, after: 0, expected: .fetch(count: 100, older: false), answer: 100),
            Row(count: 20, after: 30, expected: .answer(statuses: 100)),
            Row(count: 100, after: 59, expected: .answer(statuses: 100)),
            Row(count: 100, after: 60, expected: .fetch(count: 100, older: false), answer: 100),
        ],
        // "Load more" within the minute fetches only what is older; a short page ends the list.
        [
            Row(count: 100, after: 0, expected: .fetch(count: 100, older: false), answer: 100),
            Row(count: 200, after: 10, expected: .fetch(count: 100, older: true), answer: 40),
            Row(count: 300, after: 20, expected: .answer(statuses: 140)),
        ],
        // A failure: what is held, with why, until the minute's wait is over.
        [
            Row(count: 100, after: 0, expected: .fetch(count: 100, older: false), answer: nil),
            Row(count: 100, after: 30, expected: .answer(statuses: 0, failed: true)),
            Row(count: 100, after: 61, expected: .fetch(count: 100, older: false), answer: 5),
        ],
    ])
    func requestsCallForWhatTheTableSays(_ rows: [Row]) {
        #expect(Self.run(rows) == rows.map(\.expected))
    }

    @Test func newsMakesTheHeldPageOld() {
        let rows = [
            Row(count: 100, after: 0, expected: .fetch(count: 100, older: false), answer: 100),
            Row(count: 100, after: 10, expected: .answer(statuses: 100)),
            Row(count: 100, after: 20, expected: .fetch(count: 100, older: false), answer: 100),
        ]
        #expect(Self.run(rows, news: 15) == rows.map(\.expected))
    }

    @Test func aFetchUnderWayAnswersEveryRequestAndAnotherLoginsAnswerIsDropped() throws {
        var fetches = PopupFetches()
        guard case .fetch(let count, nil, let wanted) = fetches.request(.posts, count: 100, at: Self.start) else {
            Issue.record("no fetch")
            return
        }
        let fetch = fetches.start(.posts, count: count, olderThan: nil, wanted: wanted, requests: 1)
        #expect(fetches.request(.posts, count: 300, at: Self.start + 1) == .join)
        let waiting = fetches.forgetAll()
        #expect(waiting.map(\.kind) == [.posts] && waiting.map(\.wanted) == [300])
        #expect(fetches.arrived(fetch, PopupItems(), failure: nil, at: Self.start + 2) == nil, "the old login's answer")
        #expect(fetches.held(.posts).statuses.isEmpty)
    }

    @Test func tenThousandAndFourteenIsTheTimelineRefused() {
        var fetches = PopupFetches()
        guard case .fetch(let count, let older, let wanted) = fetches.request(.posts, count: 20, at: Self.start) else { return }
        let fetch = fetches.start(.posts, count: count, olderThan: older, wanted: wanted, requests: 1)
        #expect(!fetches.timelineRefused)
        _ = fetches.arrived(fetch, nil, failure: PollFailure(.noPermission, "10014"), at: Self.start)
        #expect(fetches.timelineRefused)
    }
}
