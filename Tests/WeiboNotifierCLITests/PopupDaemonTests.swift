import Foundation
import Glibc
import Testing
import WeiboKit
import WeiboTestSupport

/// The daemon's side of the popup on a private bus with the sandbox: `GetItems` answers the
/// sandbox's newest items as the API shapes them, `MarkSeen` clears a kind, `ShowPopup` falls
/// back to the summary bubble where no window can open.
@Suite(.serialized, .endToEnd) struct PopupDaemonTests {
    typealias Setup = DaemonTests.Setup

    static func items(_ setup: Setup, _ kind: String, _ count: Int = 100) throws -> PopupItems {
        guard let json = setup.bus.daemonItems(kind, count: UInt32(count)) else {
            throw PrivateSessionBus.Failure(description: "no answer to GetItems \(kind)")
        }
        return try WeiboJSON.decodeDocument(PopupItems.self, from: Array(json.utf8))
    }

    @Test func getItemsAnswersTheSandboxsNewestAndMarkSeenClearsOneKind() throws {
        let setup = try Setup(bubbles: "per-kind")
        setup.sandbox.control("/_sandbox/statuses", [("count", "3")])
        setup.sandbox.control("/_sandbox/comments", [("count", "2")])
        setup.sandbox.control("/_sandbox/mentions", [("count", "1"), ("kind", "status")])
        setup.sandbox.control("/_sandbox/mentions", [("count", "1"), ("kind", "comment")])
        try setup.start()

        let posts = try Self.items(setup, "posts")
        #expect(posts.statuses.count >= 3 && posts.comments.isEmpty && posts.failure == nil && posts.fetchedAt != nil)
        #expect(posts.statuses.map(\.id) == posts.statuses.map(\.id).sorted(by: >), "newest first")
        #expect(try Self.items(setup, "posts", 2).statuses.map(\.id) == Array(posts.statuses.prefix(2).map(\.id)), "as many as asked")
        let comments = try Self.items(setup, "comments")
        #expect(comments.comments.count == 2 && comments.statuses.isEmpty)
        let mentions = try Self.items(setup, "mentions")
        #expect(mentions.statuses.count == 1 && mentions.comments.count == 1)

        let refused = toolRun(
            "/usr/bin/gdbus",
            [
                "call", "--address", setup.bus.environment["DBUS_SESSION_BUS_ADDRESS"] ?? "", "--dest", "io.github.WeiboNotifier", "--object-path",
                "/io/github/WeiboNotifier", "--method", "io.github.WeiboNotifier1.GetItems", "messages", "10",
            ]
        ).output
        #expect(refused.contains("InvalidArgs") && refused.contains("posts, comments or mentions"), "\(refused)")

        #expect(setup.bus.daemonStatus()["cmt"] == "2")
        _ = setup.bus.gdbus([
            "call", "--dest", "io.github.WeiboNotifier", "--object-path", "/io/github/WeiboNotifier", "--method",
            "io.github.WeiboNotifier1.MarkSeen", "comments",
        ])
        #expect(waitUntil { setup.bus.daemonStatus()["cmt"] == "0" }, "\(setup.bus.daemonStatus())")
        #expect(setup.bus.daemonStatus()["status"] != "0", "only that kind")
    }

    /// An app of a type that may not read the home timeline (10014, some website apps): the
    /// popup's posts say so, `doctor` says what to do, and the counts and bubbles go on.
    @Test func anAppThatMayNotReadTheTimelineKeepsItsCountsAndIsToldWhatToDo() throws {
        let setup = try Setup(bubbles: "per-kind")
        try setup.start()
        setup.sandbox.control("/_sandbox/faults", [("kind", "timeline_permission"), ("count", "5")])
        let posts = try Self.items(setup, "posts")
        #expect(posts.failure?.kind == .noPermission, "\(String(describing: posts.failure))")
        let doctor = try CommandRunner.run(["doctor", "--api-base", setup.sandbox.baseURL], environment: setup.environment)
        #expect(doctor.standardOutput.contains("this app may not read the home timeline (10014)"), "\(doctor.standardOutput)")
        #expect(doctor.standardOutput.contains("create a client app (移动应用 / 客户端) at open.weibo.com"))
        setup.sandbox.control("/_sandbox/counts", [("dm", "1")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { setup.bus.notifications().contains { $0.body == "1 new private message" } }, "the bubbles go on")
        #expect(setup.bus.daemonStatus()["state"] == "'ok'")
    }

    /// A call gives at most 200 comments or mentions: "Load more" past them fetches the next
    /// page, older than the oldest so far (`max_id`), and stops where the list ends.
    @Test func morePastTwoHundredCommentsOrMentionsComeAPageAtATime() throws {
        let setup = try Setup(bubbles: "per-kind")
        setup.sandbox.control("/_sandbox/comments", [("count", "250")])
        setup.sandbox.control("/_sandbox/mentions", [("count", "230"), ("kind", "status")])
        try setup.start()
        let comments = try Self.items(setup, "comments", 300).comments.map(\.id)
        #expect(comments.count == 250 && comments == comments.sorted(by: >) && Set(comments).count == 250, "\(comments.count) comments")
        let mentions = try Self.items(setup, "mentions", 300)
        #expect(mentions.statuses.count == 230 && Set(mentions.statuses.map(\.id)).count == 230 && mentions.comments.isEmpty)
    }

    @Test func showPopupWithoutADisplayShowsTheSummaryBubble() throws {
        let setup = try Setup()
        setup.extraEnvironment["DISPLAY"] = ""
        setup.extraEnvironment["WAYLAND_DISPLAY"] = ""
        try setup.startWithOneBubble("/_sandbox/counts", [("status", "2")])
        _ = setup.bus.callDaemon("ShowPopup", kind: "posts")
        #expect(waitUntil { setup.bus.notifications().contains { $0.summary.hasPrefix("The newest") } }, "\(setup.bus.notifications().map(\.summary))")
        // Asked again and again: the same bubble replaced, not one more each time.
        let first = try #require(setup.bus.notifications().firstIndex { $0.summary.hasPrefix("The newest") })
        let firstID = setup.bus.id(ofNotification: first)
        for _ in 0..<20 { _ = setup.bus.callDaemon("ShowPopup", kind: "posts") }
        #expect(waitUntil { setup.bus.notifications().filter { $0.summary.hasPrefix("The newest") }.count >= 2 })
        let again = setup.bus.notifications().filter { $0.summary.hasPrefix("The newest") }.dropFirst()
        #expect(again.allSatisfy { $0.replacesID == firstID }, "\(again.map(\.replacesID)) replacing \(firstID)")
    }

    /// The menu entry ("Weibo Notifier" in Activities, no command) while no notifier runs and
    /// an account is logged in: the notifier starts and shows the popup (with no tray, as on
    /// GNOME, it showed nothing until a second launch).
    @Test func theMenuEntryStartsTheNotifierAndShowsThePopup() throws {
        let setup = try Setup()
        let starts = try Self.recordWindowStarts(setup, as: "WEIBO_NOTIFIER_POPUP")
        let notifier = try startProgram(CommandRunner.executable.path, ["--api-base", setup.sandbox.baseURL], environment: setup.environment)
        defer { notifier.stop() }
        #expect(waitUntil(timeout: 20) { starts().contains { $0.hasPrefix("--kind posts") } }, "\(starts())")
        #expect(waitUntil { setup.bus.daemonStatus()["state"] == "'ok'" }, "and it runs: \(setup.bus.daemonStatus())")
    }

    /// One start at a time, of the popup and of the settings window: 50 calls in a row start a
    /// process, then the last request once that one ended, not 50 processes.
    @Test(arguments: [
        ("ShowPopup", "WEIBO_NOTIFIER_POPUP", "posts", "mentions", "--kind mentions"),
        ("ShowSettings", "WEIBO_NOTIFIER_SETTINGS", "account", "general", "--page general"),
    ])
    func manyStartsStartOneProcessAtATime(_ method: String, _ variable: String, _ first: String, _ last: String, _ lastStart: String) async throws {
        let setup = try Setup()
        let starts = try Self.recordWindowStarts(setup, as: variable, taking: "0.5")
        try setup.start()
        for index in 0..<50 { _ = setup.bus.callDaemon(method, kind: index == 49 ? last : first) }
        #expect(waitUntil(timeout: 10) { starts().count >= 2 })
        try await Task.sleep(nanoseconds: 1_200_000_000)
        #expect(starts().count == 2, "\(starts())")
        #expect(starts().last?.hasPrefix(lastStart) == true, "the last request is the one that waited: \(starts())")
    }

    /// A window that records its starts (a line of arguments each) in the place of the one
    /// `variable` names, on a display that needs no server; each start takes `taking` seconds.
    /// The lines so far.
    static func recordWindowStarts(_ setup: Setup, as variable: String, taking: String = "0") throws -> () -> [String] {
        let folder = setup.home.folder
        let script = folder + "/window.sh"
        try writeScript("#!/bin/sh\necho \"$@\" >> \(folder)/starts\nsleep \(taking)\n", to: script)
        setup.extraEnvironment["DISPLAY"] = ":99"
        setup.extraEnvironment[variable] = script
        return { (try? String(contentsOfFile: folder + "/starts", encoding: .utf8))?.split(separator: "\n").map(String.init) ?? [] }
    }
}
