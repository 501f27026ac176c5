import Foundation
import Testing
import WeiboKit
import WeiboTestSupport

/// Bubble bodies are logical lines only: the notification server wraps them to its own width
/// (GNOME, KDE, dunst, mako and xfce4-notifyd all do), so a text is cut, never broken.
@Suite struct BubbleTextTests {
    static let presenter = UnreadPresenter(localizer: Localizer())

    static func comment(_ text: String, post: String? = nil) -> DetailItem {
        DetailItem(
            source: .commentsToMe, id: 9, authorName: "王五", authorID: 1, text: text, createdAt: TestTime.now, statusID: 2, statusAuthorID: 3,
            statusText: post)
    }

    /// The texts that arrived broken inside words (`…好看的小\n说？`, `…expialidocious-inter\nnationalization`).
    @Test(arguments: [
        "最近有什么好看的小说？推荐一下吧，我想在周末的时候好好读一本书。",
        "刚刚看完这部电影，结局真的太感人了！大家一定要去看这部电影",
        "supercalifragilisticexpialidocious-internationalization is a long word",
    ])
    func aCommentIsOneLineTheServerWraps(_ text: String) {
        let bubble = Self.presenter.bubble(.comments, unread: UnreadCounts(cmt: 1), items: [Self.comment(text)], preview: .full, sound: [])
        #expect(bubble.body == text, "no line break inserted: \(bubble.body)")
    }

    @Test func aLongCommentIsCutByGraphemesWithAnEllipsis() {
        let text = String(repeating: "好👨‍👩‍👧a", count: 100)
        let bubble = Self.presenter.bubble(
            .comments, unread: UnreadCounts(cmt: 3), items: [Self.comment(text, post: String(repeating: "长", count: 60))], preview: .full, sound: [])
        let lines = bubble.body.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "the comment, the post, and 2 more: \(lines)")
        #expect(lines[0].count == 120 && lines[0].hasSuffix("…"))
        #expect(lines[0].dropLast().allSatisfy { ["好", "👨‍👩‍👧", "a"].contains($0) }, "no cluster cut")
        #expect(lines[1] == "「" + String(repeating: "长", count: 39) + "…」")
        #expect(lines[2] == "and 2 more comments")
    }

    @Test(arguments: [(0, ""), (1, "…"), (3, "ab…"), (5, "abcde"), (9, "abcde")])
    func aLineIsCutAtItsLength(_ limit: Int, _ expected: String) {
        #expect(TextSanitizer.line("abcde", atMost: limit) == expected)
    }

    @Test func newlinesInATextBecomeSpaces() {
        #expect(TextSanitizer.line("第一行\n第二行\r\n", atMost: 50) == "第一行 第二行")
    }

    /// The summary lists what its title counts, then "and N more" (as Mailnag does).
    @Test func theSummarySaysHowManyMoreItDoesNotList() {
        let statuses = StatusFactory.generated(count: 7)
        let bubble = Self.presenter.summaryBubble(statuses, items: 5)
        #expect(bubble.summary == "The newest 7 posts")
        let lines = bubble.body.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines.last == "and 2 more posts")
        for (line, status) in zip(lines.prefix(5), statuses) {
            #expect(line.hasPrefix((status.user?.screenName ?? "") + ": "), "\(line)")
        }
        #expect(!bubble.isTransient)
        let items = (1...4).map { Self.comment("评论 \($0)") }
        let comments = Self.presenter.itemsSummary(.comments, items: items, items: 3)
        #expect(comments.summary == "4 new comments")
        #expect(comments.body == "王五: 评论 1\n王五: 评论 2\n王五: 评论 3\nand 1 more comment")
        #expect(!comments.isTransient)
    }
}
