import Foundation
import Testing
import WeiboKit
import WeiboTestSupport

/// Comments and mentions pages: every variant the API sends, and one bad item never costs the page.
@Suite struct CommentDecodingTests {
    static let comment = """
        {"created_at":"Sun Jul 26 00:00:19 +0800 2020","id":4530000000000009,"idstr":"4530000000000009","mid":"4530000000000009",
         "text":"回复@李四:说得对[赞]","source":"","user":{"id":1234567890,"idstr":"1234567890","screen_name":"王五","profile_image_url":"https://tvax1.sinaimg.cn/a.jpg"},
         "status":{"created_at":"Sat Jul 25 22:00:00 +0800 2020","id":4530000000000001,"idstr":"4530000000000001","text":"今天天气真好","user":{"id":5712659759,"screen_name":"我"}},
         "reply_comment":{"created_at":"Sat Jul 25 23:00:00 +0800 2020","id":"4530000000000005","text":"天气不错","user":{"id":"987654321","screen_name":"李四"}}}
        """

    @Test func aCommentWithEverything() throws {
        let page = try WeiboJSON.decode(CommentsPage.self, from: Array("{\"comments\":[\(Self.comment)],\"total_number\":\"7\"}".utf8))
        let comment = try #require(page.comments.first)
        #expect(comment.id == 4_530_000_000_000_009)
        #expect(comment.user?.screenName == "王五")
        #expect(comment.user?.profileImageURL == "https://tvax1.sinaimg.cn/a.jpg")
        #expect(comment.status?.text == "今天天气真好")
        #expect(comment.replyComment?.id == 4_530_000_000_000_005, "a string id")
        #expect(comment.replyComment?.user?.screenName == "李四")
        #expect(page.totalNumber == 7)
        #expect(page.skipped.isEmpty)
    }

    @Test func aCommentThatCannotBeReadIsLeftOutNotThePage() throws {
        let bad = "{\"created_at\":\"Sun Jul 26 00:00:19 +0800 2020\",\"id\":1,\"text\":\"x\",\"user\":\"甲\"}"
        let page = try WeiboJSON.decode(CommentsPage.self, from: Array("{\"comments\":[\(bad),\(Self.comment),\"not an object\"]}".utf8))
        #expect(page.comments.map(\.id) == [4_530_000_000_000_009])
        #expect(page.skipped.map(\.codingPath) == ["comments[0].user", "comments[2]"])
        #expect(page.skipped[0].itemID == "1" && page.skipped[0].description.hasPrefix("id 1, at comments[0].user"), "\(page.skipped[0])")
    }

    /// A bad field costs the field: no time, no post, no answered comment; the comment stays.
    @Test func aBadFieldCostsOnlyThatField() throws {
        let odd = "{\"created_at\":\"yesterday\",\"id\":2,\"text\":7,\"user\":{\"id\":1,\"screen_name\":\"甲\"},\"status\":\"gone\",\"reply_comment\":[]}"
        let comment = try #require(try WeiboJSON.decode(CommentsPage.self, from: Array("{\"comments\":[\(odd)]}".utf8)).comments.first)
        #expect(comment.createdAt == nil && comment.text == "" && comment.status == nil && comment.replyComment == nil)
        #expect(comment.user?.screenName == "甲")
    }

    @Test func aDocumentThatIsNoCommentsPageIsRefused() {
        #expect(throws: ResponseError.self) { try WeiboJSON.decode(CommentsPage.self, from: Array("{\"statuses\":[]}".utf8)) }
        #expect(throws: ResponseError.self) { try WeiboJSON.decode(CommentsPage.self, from: Array("{\"comments\":{}}".utf8)) }
    }

    @Test func aMentionThatCannotBeReadIsLeftOut() throws {
        let good = "{\"created_at\":\"Sun Jul 26 00:00:19 +0800 2020\",\"id\":2,\"text\":\"@我 你好\",\"user\":{\"id\":1,\"screen_name\":\"甲\"}}"
        let page = try WeiboJSON.decode(MentionsPage.self, from: Array("{\"statuses\":[{\"id\":\"x\"},\(good)],\"total_number\":2}".utf8))
        #expect(page.statuses.map(\.id) == [2])
        #expect(page.skipped.count == 1)
    }

    @Test func aCommentSurvivesItsOwnEncoding() throws {
        let page = try WeiboJSON.decode(CommentsPage.self, from: Array("{\"comments\":[\(Self.comment)]}".utf8))
        let again = try WeiboJSON.decode(CommentsPage.self, from: WeiboJSON.encode(page))
        // The user's absent province and city come back as "" (the API's own spelling).
        #expect(again.comments.map(\.id) == page.comments.map(\.id))
        #expect(again.comments.map(\.text) == page.comments.map(\.text))
        #expect(again.comments.first?.replyComment?.id == page.comments.first?.replyComment?.id)
        #expect(again.comments.first?.status?.id == page.comments.first?.status?.id)
    }
}
