import Foundation
import Glibc
import Testing
import WeiboDesktop
import WeiboKit
import WeiboTestSupport

/// The kept replies have one owner at a time: `replies --retry` takes them out of the file
/// before sending, so a second retry sends nothing twice and a reply the daemon keeps
/// meanwhile is not written over; a reply whose answer never came is kept as "maybe sent",
/// and not sent again without `--force`.
@Suite(.serialized, .endToEnd) struct RepliesRetryTests {
    typealias Setup = DaemonTests.Setup

    /// A comment bubble that can be answered in place, and its id.
    func commentBubble(_ setup: Setup) throws -> UInt32 {
        setup.sandbox.control("/_sandbox/comments", [("count", "1")])
        _ = setup.bus.checkNow()
        #expect(waitUntil { setup.bus.notifications().contains { $0.summary.hasSuffix("commented on your post") } })
        let index = try #require(setup.bus.notifications().lastIndex { $0.summary.hasSuffix("commented on your post") })
        return setup.bus.id(ofNotification: index)
    }

    /// Requests the sandbox has received.
    func requests(_ setup: Setup) -> Int {
        let stats = setup.sandbox.read("/_sandbox/stats")
        return stats.firstMatch(of: /"requests":(\d+)/).flatMap { Int($0.1) } ?? 0
    }

    /// Replies the sandbox received with `text`.
    func received(_ setup: Setup, _ text: String) -> Int {
        setup.sandbox.read("/_sandbox/replies").components(separatedBy: text).count - 1
    }

    @Test func twoRetriesAndTheDaemonShareTheFileWithoutSendingTwiceOrLosingOne() throws {
        let setup = try Setup(bubbles: "per-kind", capabilities: CommentBubbleTests.replyCapable)
        try setup.start()
        let id = try commentBubble(setup)
        setup.sandbox.control("/_sandbox/faults", [("kind", "http500")])
        setup.bus.reply(id: id, text: "第一条回复")
        let file = setup.home.folder + "/state/weibo-notifier/unsent-replies-5712659759.json"
        #expect(waitUntil { FileManager.default.fileExists(atPath: file) }, "kept")

        // The first retry's request waits 3 s for its answer.
        setup.sandbox.control("/_sandbox/faults", [("kind", "delay"), ("seconds", "3")])
        let requestsBefore = requests(setup)
        let first = try startProgram(
            CommandRunner.executable.path, ["replies", "--retry", "--api-base", setup.sandbox.baseURL], environment: setup.environment)
        #expect(waitUntil { requests(setup) > requestsBefore }, "the first retry's reply is on its way")
        #expect(!FileManager.default.fileExists(atPath: file), "taken out of the file")
        let second = try CommandRunner.run(["replies", "--retry", "--api-base", setup.sandbox.baseURL], environment: setup.environment)
        #expect(second.status == 0 && second.standardOutput == "No replies wait to be sent.\n", "\(second.standardOutput)\(second.standardError)")
        let listed = try CommandRunner.run(["replies"], environment: setup.environment)
        #expect(listed.standardOutput.contains("第一条回复"), "listed while it is sent: \(listed.standardOutput)")

        // Meanwhile the daemon keeps another.
        setup.sandbox.control("/_sandbox/faults", [("kind", "http500")])
        setup.bus.reply(id: id, text: "第二条回复")
        #expect(waitUntil { FileManager.default.fileExists(atPath: file) })
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(received(setup, "第一条回复") == 1, "sent once")
        let after = try CommandRunner.run(["replies"], environment: setup.environment)
        #expect(after.standardOutput.contains("第二条回复"), "kept, not written over: \(after.standardOutput)")
        #expect(!after.standardOutput.contains("第一条回复"))
    }

    @Test func aReplyWhoseAnswerNeverCameIsKeptAsMaybeSent() throws {
        let setup = try Setup(bubbles: "per-kind", capabilities: CommentBubbleTests.replyCapable)
        // Checks every 5 s: a request gives up after 4 s.
        try setup.start(["--interval", "5"])
        let id = try commentBubble(setup)
        setup.sandbox.control("/_sandbox/faults", [("kind", "delay"), ("seconds", "6")])
        setup.bus.reply(id: id, text: "也许已经发出")
        #expect(waitUntil(timeout: 45) { setup.bus.notifications().contains { $0.body.contains("replies --retry") } })
        #expect(waitUntil(timeout: 30) { received(setup, "也许已经发出") == 1 }, "Weibo got it, late")
        let listed = try CommandRunner.run(["replies"], environment: setup.environment)
        #expect(listed.standardOutput.contains("也许已经发出 (may have reached Weibo already: no answer came)"), "\(listed.standardOutput)")
        let retried = try CommandRunner.run(["replies", "--retry", "--api-base", setup.sandbox.baseURL], environment: setup.environment)
        #expect(retried.status == 69, "\(retried.standardError)")
        #expect(retried.standardError.contains("--retry --force"), "\(retried.standardError)")
        #expect(received(setup, "也许已经发出") == 1, "not sent twice")
        let forced = try CommandRunner.run(["replies", "--retry", "--force", "--api-base", setup.sandbox.baseURL], environment: setup.environment)
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(received(setup, "也许已经发出") == 2, "sent again when the user says so")
    }

    /// Round 4, defect 2: a reply Weibo refuses for what it is (longer than 140 characters,
    /// or to a post that is gone: 20101) once went round for ever, each retry spending a call.
    /// Now the long one is not sent at all, the other is sent once; both leave the file and are
    /// shown whole, and the retry says so in its status.
    @Test func aReplyWeiboRefusesLeavesTheFileShownWhole() throws {
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0"])
        let home = AccountCommandsTests.Home()
        let api = ["--api-base", sandbox.baseURL]
        #expect(try home.run(["login", "--token-stdin", "--uid", "5712659759"] + api, input: sandbox.token + "\n").status == 0)
        let long = String(repeating: "长", count: 150)
        let kept = [
            ReplyRequest(commentID: nil, statusID: 1, text: long, authorName: "王五"),
            ReplyRequest(commentID: nil, statusID: 999_999, text: "给已删除的微博", authorName: "李四"),
        ]
        let file = home.folder + "/state/weibo-notifier/unsent-replies-5712659759.json"
        try UnsentReplies(path: file).save(kept)

        let retried = try home.run(["replies", "--retry"] + api)
        #expect(retried.status == 1, "\(retried.standardError)")
        #expect(retried.standardError.contains("it has 150 characters, Weibo takes 140 at most"), "\(retried.standardError)")
        #expect(retried.standardError.contains("It was: " + long), "shown whole")
        #expect(retried.standardError.contains("(20101)"), "\(retried.standardError)")
        #expect(retried.standardError.contains("It was: 给已删除的微博"))
        #expect(retried.standardError.contains("2 replies were refused (shown above)"))
        #expect(sandbox.read("/_sandbox/replies").components(separatedBy: "给已删除的微博").count == 1, "refused, not kept")
        #expect(!FileManager.default.fileExists(atPath: file), "out of the file")
        let again = try home.run(["replies", "--retry"] + api)
        #expect(again.status == 0 && again.standardOutput == "No replies wait to be sent.\n", "\(again.standardOutput)\(again.standardError)")
    }
}
