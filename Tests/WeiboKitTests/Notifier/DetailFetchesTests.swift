import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// The details behind the bubbles on their own: items kept each once, the newest first, at
/// most 20; forgotten when seen; why texts are missing said once.
@Suite struct DetailFetchesTests {
    static func item(_ id: Int64) -> DetailItem {
        DetailItem(source: .commentsToMe, id: id, authorName: "王五", authorID: 1, text: "\(id)", createdAt: TestTime.now, statusID: 1, statusAuthorID: 2)
    }

    /// Table: ids arriving in turn → the ids kept.
    @Test(
        arguments: [
            ([[3, 1], [2]], [3, 2, 1] as [Int64]),
            ([[3, 1], [3, 4]], [4, 3, 1]),
            ([Array(1...15), Array(10...30)], Array((11...30).reversed())),
        ] as [([[Int64]], [Int64])])
    func itemsAreKeptEachOnceNewestFirst(_ batches: [[Int64]], _ kept: [Int64]) {
        var details = DetailFetches()
        for batch in batches { details.arrived(batch.map(Self.item), of: .comments) }
        #expect(details.items[.comments]?.map(\.id) == kept)
        details.forget(.comments)
        #expect(details.items[.comments] == nil)
    }

    @Test func whyTextsAreMissingIsSaidOnceAndClearedByTheNextArrival() {
        var details = DetailFetches()
        let first = details.noteMissing("today's budget of calls is spent")
        let again = details.noteMissing("today's budget of calls is spent")
        #expect(first && !again && details.note == "today's budget of calls is spent")
        details.arrived([Self.item(1)], of: .mentions)
        #expect(details.note == nil)
    }
}
