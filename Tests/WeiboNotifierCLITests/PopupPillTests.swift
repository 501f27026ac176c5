import Foundation
import Glibc
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboTestSupport

extension PopupWindowTests {
    /// News while the popup is open wait behind a pill ("3 new"): the rows shown stay as they
    /// are until it is pressed, then the new ones come first. The notifier's side is a stand-in
    /// answering from files (`Tests/Support/items-peer.py`): the notifier itself answers from
    /// its last fetch for a minute, and when it asks again is the core's (`PopupNotifierTests`).
    @Test func newsWhileItIsOpenWaitBehindAPill() throws {
        let desktop = try PopupDesktop()
        let setup = desktop.setup
        let folder = setup.home.folder + "/peer"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Newest first, as the API gives them: three shown at first, three arriving later.
        let statuses = StatusFactory.generated(count: 6, seed: 7)
        func answer(_ shown: ArraySlice<Status>, postsCount: Int) throws {
            try Data(WeiboJSON.encode(PopupItems(statuses: Array(shown)))).write(to: URL(fileURLWithPath: folder + "/posts.json"))
            try Data(#"{"status": \#(postsCount)}"#.utf8).write(to: URL(fileURLWithPath: folder + "/counts.json"))
        }
        func authors(_ rows: [PopupDesktop.View.Row]?) -> [String] {
            (rows ?? []).map { $0.name.split(separator: ",").first.map(String.init) ?? "" }
        }
        try answer(statuses[3...], postsCount: 0)
        let peer = try setup.bus.startStandIn("items-peer.py", [folder], name: "io.github.WeiboNotifier")
        defer { peer.terminate() }

        let popup = Process()
        popup.executableURL = CommandRunner.executable.deletingLastPathComponent().appendingPathComponent("weibo-notifier-popup")
        popup.arguments = ["--kind", "posts"]
        popup.environment = setup.environment
        popup.standardOutput = FileHandle.nullDevice
        popup.standardError = FileHandle.nullDevice
        try popup.run()
        defer { desktop.killOnDisplay("weibo-notifier-popup.*--kind") }
        let older = statuses[3...].map { $0.user?.screenName ?? "" }
        #expect(waitUntil(timeout: 45) { authors(desktop.read().rows) == older }, "\(desktop.read())")

        // Three new posts: the notifier's counts say so; the popup asks, and keeps them aside.
        try answer(statuses[...], postsCount: 3)
        _ = setup.bus.gdbus([
            "call", "--dest", "io.github.WeiboNotifier", "--object-path", "/io/github/WeiboNotifier", "--method",
            "io.github.WeiboNotifier1.Test.Emit",
        ])
        #expect(waitUntil { desktop.read().buttons?.contains("3 new") == true }, "\(desktop.read().buttons ?? [])")
        #expect(authors(desktop.read().rows) == older, "the view does not jump: \(desktop.read())")

        // Pressed: all six, the new ones first (the rows on the screen: the last may be below);
        // the pill goes.
        let script = FixtureFiles.packageRoot().appendingPathComponent("Tests/Support/atspi-popup.py").path
        #expect(toolOutput("/usr/bin/timeout", ["20", script, "press", "3 new"], environment: setup.environment).contains("true"))
        let all = statuses.map { $0.user?.screenName ?? "" }
        let onScreen = { () -> Bool in
            let shown = authors(desktop.read().rows)
            return shown.count > older.count && shown == Array(all.prefix(shown.count))
        }
        #expect(waitUntil { onScreen() }, "\(authors(desktop.read().rows)) against \(all)")
        #expect(desktop.read().buttons?.contains("3 new") == false)
        #expect(desktop.read().tabs.first?.name.contains("3") == true, "the tab counts the news: \(desktop.read().tabs.map(\.name))")
    }

    /// With the notifier itself: a mention in a comment arriving after the section was
    /// fetched comes behind the pill within seconds of the check that counted it (the notifier
    /// fetches again at news, not a minute later), and pressed, it is listed with the posts
    /// that mention the user.
    @Test func aMentionInACommentComesBehindThePillWithinSeconds() throws {
        let desktop = try PopupDesktop()
        let setup = desktop.setup
        setup.sandbox.control("/_sandbox/mentions", [("count", "1"), ("kind", "status")])
        try setup.start()
        desktop.call("ShowPopup", "mentions")
        #expect(waitUntil(timeout: 45) { desktop.read().rows?.count == 1 }, "\(desktop.read())")

        setup.sandbox.control("/_sandbox/mentions", [("count", "1"), ("kind", "comment")])
        let asked = Timestamp.now
        #expect(setup.bus.checkNow())
        #expect(waitUntil(timeout: 20) { desktop.read().buttons?.contains("1 new") == true }, "\(desktop.read().buttons ?? [])")
        #expect(Timestamp.now.seconds(since: asked) < 20, "not the daemon's next minute")
        let script = FixtureFiles.packageRoot().appendingPathComponent("Tests/Support/atspi-popup.py").path
        #expect(toolOutput("/usr/bin/timeout", ["20", script, "press", "1 new"], environment: setup.environment).contains("true"))
        let mention = try PopupDaemonTests.items(setup, "mentions").comments.first
        let text = try #require(mention?.text)
        #expect(
            waitUntil { desktop.read().rows?.contains { $0.name.contains(TextSanitizer.singleLine(String(text.prefix(12)))) } == true },
            "the comment's mention: \(desktop.read())")
        #expect(desktop.read().rows?.count == 2)
    }
}
