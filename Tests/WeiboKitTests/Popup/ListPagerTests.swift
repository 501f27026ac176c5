import Testing
import WeiboKit

/// Paging through an API list, as tables: each step a page asked for (how many, `max_id`) and
/// what came (ids, how many served), then what was kept; nil when no page is asked.
@Suite struct ListPagerTests {
    struct Step: Sendable {
        var asks: (count: Int, maxID: Int64?)?
        var ids: [Int64] = []
        var served: Int? = nil
        var keeps: [Int] = []
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var pager: ListPager
        var steps: [Step]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "comments: full pages until enough",
            pager: ListPager(count: 5, pageSize: 3, shortEnds: true, requestLimit: 9),
            steps: [
                Step(asks: (3, nil), ids: [90, 80, 70], keeps: [0, 1, 2]), Step(asks: (2, 69), ids: [60, 50], keeps: [0, 1]), Step(asks: nil),
            ]),
        Case(
            name: "comments: a short page ends the list",
            pager: ListPager(count: 10, pageSize: 3, shortEnds: true, requestLimit: 9),
            steps: [Step(asks: (3, nil), ids: [90, 80], keeps: [0, 1]), Step(asks: nil)]),
        Case(
            name: "an unreadable item counts as served: no end",
            pager: ListPager(count: 10, pageSize: 3, shortEnds: true, requestLimit: 9),
            steps: [Step(asks: (3, nil), ids: [90, 80], served: 3, keeps: [0, 1]), Step(asks: (3, 79), ids: [], served: 0), Step(asks: nil)]),
        Case(
            name: "the home timeline's short pages go on until one adds nothing",
            pager: ListPager(count: 10, pageSize: 5, shortEnds: false, requestLimit: 9),
            steps: [
                Step(asks: (5, nil), ids: [90, 80], keeps: [0, 1]), Step(asks: (5, 79), ids: [80, 70], keeps: [1]),
                Step(asks: (5, 69), ids: [70], keeps: []), Step(asks: nil),
            ]),
        Case(
            name: "no more pages than the requests allowed",
            pager: ListPager(count: 10, pageSize: 2, shortEnds: true, requestLimit: 1, maxID: 500),
            steps: [Step(asks: (2, 500), ids: [90, 80], keeps: [0, 1]), Step(asks: nil)]),
        Case(
            name: "the oldest id of all ends it",
            pager: ListPager(count: 10, pageSize: 2, shortEnds: true, requestLimit: 9),
            steps: [Step(asks: (2, nil), ids: [2, 1], keeps: [0, 1]), Step(asks: nil)]),
    ]

    @Test(arguments: cases) func paging(_ example: Case) {
        var pager = example.pager
        for (index, step) in example.steps.enumerated() {
            let asked = pager.nextPage()
            #expect(asked?.count == step.asks?.count && asked?.maxID == step.asks?.maxID, "step \(index + 1): asked \(String(describing: asked))")
            guard asked != nil else { continue }
            #expect(pager.pageArrived(ids: step.ids, served: step.served ?? step.ids.count) == step.keeps, "step \(index + 1)")
        }
    }
}
