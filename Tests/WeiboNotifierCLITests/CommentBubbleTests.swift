import Foundation
import Glibc
import Testing
import WeiboKit
import WeiboTestSupport

/// One bubble per kind, on the private bus with the sandbox: the comment and its author's
/// avatar, a click that shows only what its bubble announced, a reply from the bubble.
@Suite(.serialized, .endToEnd) struct CommentBubbleTests {
    typealias Setup = DaemonTests.Setup
    static let replyCapable = "body body-markup actions inline-reply persistence"

    /// The notification whose summary ends with `suffix`, and its id.
    func bubble(_ setup: Setup, endingWith suffix: String) -> (PrivateSessionBus.Notification, UInt32)? {
        let all = setup.bus.notifications()
        guard let index = all.lastIndex(where: { $0.summary.hasSuffix(suffix) }) else { return nil }
        return (all[index], setup.bus.id(ofNotification: index))
    }

    @Test func aPostAndACommentRaiseTwoBubblesTheCommentNamingItsAuthorWithItsAvatar() throws {
        let setup = try Setup(bubbles: "per-kind")
        setup.sandbox.control("/_sandbox/statuses", [("count", "1")])
        setup.sandbox.control("/_sandbox/comments", [("count", "1")])
        try setup.start()
        #expect(waitUntil { setup.bus.notifications().count == 2 }, "\(setup.bus.notifications().map(\.summary))")
        let post = try #require(setup.bus.notifications().first { $0.body == "1 new post" })
        #expect(post.hints["category"] == "'x-weibo.post'")
        let (comment, commentID) = try #require(bubble(setup, endingWith: "commented on your post"))
        #expect(!comment.body.isEmpty && comment.body != "1 comment", "the comment itself: \(comment.body)")
        #expect(comment.hints["category"] == "'x-weibo.comment'")
        #expect(comment.hints["sound-name"] == "'message-new-instant'")
        #expect(comment.actions.contains("open") && !comment.actions.contains("inline-reply"), "no inline-reply here: Open")
        #expect(comment.expireTimeout == -1 && post.expireTimeout == -1, "the server's own time where nothing is typed")
        let image = try #require(comment.hints["image-path"]).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        #expect(image.hasPrefix("file://"))
        #expect(FileManager.default.fileExists(atPath: String(image.dropFirst("file://".count))), "the avatar is on disk")

        // A click shows the comment and leaves the posts bubble open.
        setup.bus.invokeAction(id: commentID, key: "default")
        #expect(waitUntil { setup.bus.notifications().contains { $0.summary == "1 new comment" } })
        #expect(waitUntil { setup.bus.closedIDs() == [commentID] })
        #expect(setup.bus.daemonStatus()["cmt"] == "0" && setup.bus.daemonStatus()["status"] == "1")

        // A restart fetches nothing already shown: the state knows the newest comment.
        #expect(setup.stop() == 0)
        let state = try String(contentsOfFile: setup.home.folder + "/state/weibo-notifier/state-5712659759.json", encoding: .utf8)
        #expect(state.contains("\"newest_seen\":{\"comments\":"))
    }

    /// Five comments from three people: one bubble naming the newest two and counting the
    /// rest, in English and in Chinese.
    @Test(arguments: [("C", "李四, 张三 and 1 other commented"), ("zh_CN.UTF-8", "李四、张三等 3 人评论了你")])
    func fiveCommentsFromThreePeopleAreOneBubbleNamingTwo(_ language: String, _ summary: String) throws {
        let setup = try Setup(bubbles: "per-kind")
        setup.extraEnvironment["LANG"] = language
        setup.sandbox.control("/_sandbox/comments", [("count", "5"), ("authors", "张三,李四,王五")])
        try setup.start()
        #expect(waitUntil { setup.bus.notifications().contains { $0.hints["category"] == "'x-weibo.comment'" } })
        let comments = setup.bus.notifications().filter { $0.hints["category"] == "'x-weibo.comment'" }
        #expect(comments.map(\.summary) == [summary])
    }

    /// New followers are counted on the posts bubble; a click names them.
    @Test func aClickOnThePostsBubbleNamesTheNewFollowers() throws {
        let setup = try Setup(bubbles: "per-kind")
        setup.sandbox.control("/_sandbox/followers", [("count", "3"), ("authors", "赵六,钱七,孙八")])
        try setup.start()
        #expect(waitUntil { setup.bus.notifications().contains { $0.body == "3 new followers" } }, "\(setup.bus.notifications().map(\.body))")
        let index = try #require(setup.bus.notifications().firstIndex { $0.body == "3 new followers" })
        setup.bus.invokeAction(id: setup.bus.id(ofNotification: index), key: "default")
        #expect(
            waitUntil { setup.bus.notifications().contains { $0.summary == "孙八, 钱七 and 1 other followed you" } },
            "\(setup.bus.notifications().map(\.summary))")
    }

    @Test func aReplyFromTheBubbleReachesWeiboAndOneThatFailsIsKeptForRetry() throws {
        let setup = try Setup(bubbles: "per-kind", capabilities: Self.replyCapable)
        setup.sandbox.control("/_sandbox/comments", [("count", "1")])
        try setup.start()
        #expect(waitUntil { self.bubble(setup, endingWith: "commented on your post") != nil })
        let (comment, id) = try #require(bubble(setup, endingWith: "commented on your post"))
        #expect(comment.actions.contains("inline-reply") && !comment.actions.contains("open"))
        #expect(comment.hints["x-kde-reply-placeholder-text"]?.contains("Reply to ") == true)
        // Time to type (reply_bubbles = minute): KDE's own 5 s would take it away first.
        #expect(comment.expireTimeout == 60_000)

        setup.bus.reply(id: id, text: "谢谢你的评论")
        #expect(waitUntil { setup.sandbox.read("/_sandbox/replies").contains("谢谢你的评论") })
        #expect(waitUntil { setup.bus.notifications().contains { $0.body.hasPrefix("Replied to ") } })

        // During a fault: saved, said so, and sent by `replies --retry`.
        setup.sandbox.control("/_sandbox/faults", [("kind", "http500")])
        setup.bus.reply(id: id, text: "第二条回复")
        #expect(waitUntil { setup.bus.notifications().contains { $0.body.contains("replies --retry") } })
        let listed = try CommandRunner.run(["replies"], environment: setup.environment)
        #expect(listed.status == 0 && listed.standardOutput.contains("第二条回复"), "\(listed.standardOutput)\(listed.standardError)")
        let retried = try CommandRunner.run(["replies", "--retry", "--api-base", setup.sandbox.baseURL], environment: setup.environment)
        #expect(retried.status == 0, "\(retried.standardError)")
        #expect(setup.sandbox.read("/_sandbox/replies").contains("第二条回复"))
        #expect(try CommandRunner.run(["replies"], environment: setup.environment).standardOutput == "No replies wait to be sent.\n")
    }

    /// A reply the server signals before the daemon has its bubble's id (the signal comes on the
    /// daemon's connection, the id on the notification thread's): under load here it came first
    /// and was dropped. It is kept until the id arrives, then sent. The server here replies to
    /// the comment's bubble before it even answers Notify.
    @Test func aReplyBeforeTheBubblesIdArrivesIsSent() throws {
        let setup = try Setup(bubbles: "per-kind", capabilities: Self.replyCapable)
        let reply = """
            if args[6].get('category') == 'x-weibo.comment' and not getattr(self, 'replied_early', False):
                self.replied_early = True
                self.EmitSignal('', 'NotificationReplied', 'us', [ret, '谢谢你的评论'])
            """
        #expect(setup.bus.signalBeforeNotifyAnswers(reply))
        setup.sandbox.control("/_sandbox/comments", [("count", "1")])
        try setup.start()
        #expect(waitUntil { setup.sandbox.read("/_sandbox/replies").contains("谢谢你的评论") }, "\(setup.sandbox.read("/_sandbox/replies"))")
        #expect(waitUntil { setup.bus.notifications().contains { $0.body.hasPrefix("Replied to ") } }, "\(setup.bus.notifications().map(\.body))")
    }

    @Test func withoutPermissionTheBubbleFallsBackToCountsAndStatusSaysWhy() throws {
        let setup = try Setup(bubbles: "per-kind")
        setup.sandbox.control("/_sandbox/faults", [("kind", "permission")])
        setup.sandbox.control("/_sandbox/comments", [("count", "2")])
        try setup.start()
        #expect(waitUntil { setup.bus.notifications().contains { $0.body == "2 comments" } }, "\(setup.bus.notifications().map(\.body))")
        let status = try CommandRunner.run(["status"], environment: setup.environment)
        #expect(status.standardOutput.contains("comment and mention texts unavailable: this app key has no permission for comments (10014)"))
    }
}
