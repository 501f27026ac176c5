import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// Comment and mention frames keep the frame model's promises at every width, in both languages.
@Suite struct CommentFrameLayoutTests {
    static let items: [DetailItem] = {
        var generator = StatusGenerator(seed: 11, now: TestTime.now)
        let posts = generator.statuses(count: 12)
        var items: [DetailItem] = []
        var previous: WeiboKit.Comment?
        for (index, post) in posts.enumerated() {
            let comment = generator.comment(
                on: post, postedAt: TestTime.now.adding(-Double(index) * 700), replyingTo: index % 3 == 0 ? previous : nil)
            items.append(DetailItem(comment, source: .commentsToMe))
            items.append(DetailItem(mention: generator.mention(of: "微博通知测试", postedAt: TestTime.now)))
            previous = comment
        }
        return items
    }()

    @Test(arguments: Array(stride(from: 20, through: 200, by: 3)) + [199, 200])
    func partsStayInsideAndApart(_ width: Int) {
        for language in Language.allCases {
            let layout = CommentFrameLayout(localizer: Localizer.testing(language), timeZone: TestTime.zone, now: TestTime.now)
            for item in Self.items {
                for maxLines in [2, 3, 6, 12] {
                    let frame = layout.frame(for: item, width: width, maxLines: maxLines)
                    FramePropertyTests.checkProperties(of: frame, width: width, style: .compact(maxLines: maxLines))
                    for line in FrameRenderer().lines(of: frame) {
                        #expect(DisplayWidth.of(line) <= width, "'\(line)' wider than \(width)")
                    }
                }
            }
        }
    }

    @Test func aReplyShowsWhatItAnswersAndThePost() {
        let item = DetailItem(
            source: .commentsToMe, id: 9, authorName: "王五", authorID: 1, text: "说得对", createdAt: TestTime.date(2026, 11, 29, 13, 55),
            statusID: 1, statusAuthorID: 2, statusText: "今天天气真好", replyingTo: "天气不错")
        let layout = CommentFrameLayout(localizer: Localizer(), timeZone: TestTime.zone, now: TestTime.now)
        #expect(FrameRenderer().lines(of: layout.frame(for: item, width: 40)) == ["王五 · 5 min ago", "说得对", "↪ replying to: 天气不错", "「今天天气真好」"])
        // With two lines, the header and the text come first.
        #expect(FrameRenderer().lines(of: layout.frame(for: item, width: 40, maxLines: 2)) == ["王五 · 5 min ago", "说得对"])
    }
}
