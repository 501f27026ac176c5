import Foundation
import Glibc
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboTestSupport

/// What any program on the session bus, or a value in the user's files, can make the daemon do:
/// its `GetItems` answers belong to the login they were fetched for, cost the API a fetch a
/// minute whatever calls, charge the day's budget for the requests made, and come without
/// waiting for a notification server; a trusted CA file that never ends is not read.
@Suite(.serialized, .endToEnd) struct HostileCallerTests {
    typealias Setup = DaemonTests.Setup

    static func items(_ setup: Setup, _ kind: String, _ count: Int = 100) throws -> PopupItems {
        try PopupDaemonTests.items(setup, kind, count)
    }

    /// The API's requests by path, as the sandbox counted them.
    static func requests(_ setup: Setup) throws -> [String: Int] {
        let stats = setup.sandbox.read("/_sandbox/stats")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.utf8)) as? [String: Any], "\(stats)")
        return (object["paths"] as? [String: Any] ?? [:]).compactMapValues { ($0 as? NSNumber)?.intValue }
    }

    @Test func itemsGoWithTheirLogin() throws {
        let setup = try Setup(bubbles: "per-kind")
        setup.sandbox.control("/_sandbox/statuses", [("count", "15")])
        try setup.start()
        let mine = try Self.items(setup, "posts", 5)
        #expect(mine.statuses.count == 5)

        let out = try setup.home.run(["logout", "--api-base", setup.sandbox.baseURL])
        #expect(out.status == 0, "\(out.standardError)")
        #expect(waitUntil { setup.bus.daemonStatus()["state"] == "'not-logged-in'" }, "\(setup.bus.daemonStatus())")
        let loggedOut = try Self.items(setup, "posts", 5)
        #expect(loggedOut.statuses.isEmpty && loggedOut.failure?.kind == .loginRejected, "\(loggedOut.statuses.count) statuses after logout")

        // Another account in the same place: its own timeline, never the first one's.
        let other = try AccountsTests().newUser(setup.sandbox)
        setup.sandbox.control("/_sandbox/statuses", [("count", "4"), ("uid", other.uid)])
        let login = try setup.home.run(["login", "--token-stdin", "--uid", other.uid, "--api-base", setup.sandbox.baseURL], input: other.token + "\n")
        #expect(login.status == 0, "\(login.standardError)")
        #expect(waitUntil { setup.bus.daemonStatus()["state"] == "'ok'" }, "\(setup.bus.daemonStatus())")
        let theirs = try Self.items(setup, "posts", 100)
        #expect(!theirs.statuses.isEmpty && Set(theirs.statuses.map(\.id)).isDisjoint(with: mine.statuses.map(\.id)), "\(theirs.statuses.map(\.id))")
    }

    /// `GetPicture` fetches pictures only: an address that is no http(s), or too long, is
    /// refused; a picture of the timeline (the sandbox's, plain http on this machine) comes into
    /// the cache folder, and the same address again is read from there (no second request).
    @Test func getPictureFetchesPicturesOnlyIntoTheCache() throws {
        let setup = try Setup(bubbles: "per-kind")
        setup.sandbox.control("/_sandbox/statuses", [("count", "6")])
        try setup.start()
        // The answer, or the error (gdbus says it on standard error).
        let picture = { (url: String) in
            toolOutput(
                "/bin/sh",
                [
                    "-c", "exec /usr/bin/gdbus \"$@\" 2>&1", "gdbus", "call", "--address", setup.bus.address, "-d", "io.github.WeiboNotifier", "-o",
                    "/io/github/WeiboNotifier", "-m", "io.github.WeiboNotifier1.GetPicture", url,
                ])
        }
        for refused in ["file:///etc/passwd", "not a url", "ftp://127.0.0.1/x.png", "https://" + String(repeating: "a", count: 3000)] {
            #expect(picture(refused).contains("InvalidArgs"), "\(refused.prefix(40)): \(picture(refused))")
        }
        let url = try #require(Self.items(setup, "posts").statuses.lazy.flatMap(\.pictures).first?.thumbnailURL, "a post with a picture")
        let answer = picture(url)
        let path = answer.split(separator: "'").dropFirst().first.map(String.init) ?? ""
        #expect(path.hasPrefix(setup.home.folder) && path.contains("/weibo-notifier/images/"), "\(answer)")
        #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        let fetched = try Self.requests(setup).filter { $0.key.hasPrefix("/_sandbox/pictures/") }.values.reduce(0, +)
        #expect(fetched == 1, "fetched once")
        #expect(picture(url) == answer)
        #expect(try Self.requests(setup).filter { $0.key.hasPrefix("/_sandbox/pictures/") }.values.reduce(0, +) == fetched, "from the cache")
        #expect(picture(setup.sandbox.baseURL + "/_sandbox/pictures/none.png").contains("('',)"), "no picture: an empty answer")
    }

    /// 50 calls for 500 posts, then 50 while Weibo answers HTTP 500: a fetch (its pages) each,
    /// not a request a call.
    @Test func aStormOfGetItemsFetchesOnceAMinute() throws {
        let setup = try Setup(bubbles: "per-kind")
        setup.sandbox.control("/_sandbox/statuses", [("count", "30")])
        try setup.start()
        let before = try Self.requests(setup)["/2/statuses/home_timeline.json"] ?? 0
        for _ in 0..<50 { _ = setup.bus.daemonItems("posts", count: 500) }
        let stormed = (try Self.requests(setup)["/2/statuses/home_timeline.json"] ?? 0) - before
        #expect(stormed >= 1 && stormed <= 6, "\(stormed) home_timeline requests for 50 calls")

        setup.sandbox.control("/_sandbox/faults", [("kind", "http500"), ("count", "1000")])
        let failing = try Self.requests(setup)["/2/comments/to_me.json"] ?? 0
        var answered = 0
        for _ in 0..<50 where setup.bus.daemonItems("comments", count: 100) != nil { answered += 1 }
        let spent = (try Self.requests(setup)["/2/comments/to_me.json"] ?? 0) - failing
        #expect(answered == 50)
        #expect(spent == 1, "\(spent) comments requests while Weibo failed")
    }

    /// "Load more" on comments and mentions 7 times: the day's budget (60) pays for the requests
    /// made (short lists: one a list), and texts for the bubbles are left.
    @Test func theBudgetPaysForRequestsMade() throws {
        let setup = try Setup(bubbles: "per-kind")
        setup.sandbox.control("/_sandbox/comments", [("count", "3")])
        try setup.start()
        // The comments' bubble shows once their texts came: counted before, not with the popup's.
        #expect(waitUntil { setup.bus.notifications().count == 1 }, "\(setup.bus.notifications())")
        let before = try Self.requests(setup)
        for _ in 0..<7 {
            _ = try Self.items(setup, "comments", 500)
            _ = try Self.items(setup, "mentions", 500)
        }
        let after = try Self.requests(setup)
        let made = ["/2/comments/to_me.json", "/2/comments/mentions.json", "/2/statuses/mentions.json"].map { (after[$0] ?? 0) - (before[$0] ?? 0) }
        setup.stop()
        let state = try String(contentsOfFile: setup.home.folder + "/state/weibo-notifier/state-5712659759.json", encoding: .utf8)
        let spent = try #require(state.firstMatch(of: /"spent":(\d+)/).map { Int($0.1) ?? -1 }, "\(state)")
        #expect(made.reduce(0, +) == 3, "within the minute, one fetch of each: \(made)")
        #expect(spent <= made.reduce(0, +) + 1, "the budget charged \(spent) for \(made.reduce(0, +)) requests (and a bubble's)")
    }

    /// With no notification server the daemon waits up to 30 s before its first check; the
    /// popup's `GetItems` does not wait with it.
    @Test func getItemsDoesNotWaitForANotificationServer() throws {
        let setup = try Setup(notificationServer: false, bubbles: "per-kind")
        setup.sandbox.control("/_sandbox/statuses", [("count", "3")])
        try setup.start(waitForPoll: false)
        #expect(waitUntil(timeout: 10) { setup.bus.hasOwner("io.github.WeiboNotifier") })
        let started = Timestamp.now
        let posts = try Self.items(setup, "posts")
        #expect(Timestamp.now.seconds(since: started) < 4.5, "answered in \(Timestamp.now.seconds(since: started)) s")
        #expect(posts.statuses.count >= 3, "\(posts)")
    }

    /// `tls_ca_file` (or `SSL_CERT_FILE`) naming `/dev/zero` was read without end at start: now
    /// refused with a clear error, and the daemon runs.
    @Test func aCAFileThatNeverEndsIsNotRead() throws {
        let setup = try Setup()
        setup.extraEnvironment["SSL_CERT_FILE"] = "/dev/zero"
        try setup.start(pollTimeout: 10)
        #expect(setup.bus.hasOwner("io.github.WeiboNotifier"))
        let status = (try? String(contentsOfFile: "/proc/\(setup.daemon?.processIdentifier ?? 0)/status", encoding: .utf8)) ?? ""
        let resident = status.firstMatch(of: /VmRSS:\s+(\d+) kB/).flatMap { Int($0.1) } ?? Int.max
        #expect(resident < 200_000, "\(resident) kB resident")
    }
}
