import CGLib
import Foundation
import Glibc
import Testing
import WeiboSandbox
import WeiboTestSupport

@testable import WeiboDesktop
@testable import WeiboPlatform

/// The daemon's avatars and the popup's pictures share one room: the least recently used of
/// either folder goes first.
@Suite(.endToEnd) struct AvatarCacheTests {
    @Test func theFoldersItSharesWithCountTowardTheSameCap() throws {
        try withTemporaryFolder { folder in
            let avatars = folder + "/avatars"
            let images = folder + "/images"
            for directory in [avatars, images] { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
            // Four files of 100 bytes, used at 1000, 2000, 3000, 4000 s: two in each folder.
            let files = [(avatars, "a1", 1000), (images, "i1", 2000), (avatars, "a2", 3000), (images, "i2", 4000)]
            for (directory, name, used) in files {
                let path = "\(directory)/\(name).img"
                try Data(repeating: 7, count: 100).write(to: URL(fileURLWithPath: path))
                var times = [timespec(tv_sec: used, tv_nsec: 0), timespec(tv_sec: used, tv_nsec: 0)]
                utimensat(AT_FDCWD, path, &times, 0)
            }
            let cache = AvatarCache(directory: avatars, sharing: [images])
            cache.prune(keeping: 250)
            let left = { (directory: String) in (try? FileManager.default.contentsOfDirectory(atPath: directory).sorted()) ?? [] }
            #expect(left(avatars) == ["a2.img"], "the oldest of both folders went first")
            #expect(left(images) == ["i2.img"])
            // Emptying the cache empties its own folder only.
            cache.removeAll()
            #expect(left(avatars).isEmpty && left(images) == ["i2.img"])
        }
    }
}

/// Only pictures are kept: a page (or a script, an SVG) where an avatar should be is dropped.
@Suite(.endToEnd) struct AvatarPictureTests {
    /// What a fresh cache answers for each of the sandbox's `paths` (a `file://` URI, or nil for
    /// a picture not kept), once it has answered them all; `check` gets the answers by path and
    /// the cache's folder. On a context of this test's own, iterated here (no main loop runs in
    /// the tests).
    func fetch(
        _ paths: [String], slowBy seconds: Int = 0, timeout: UInt32 = AvatarCache.bubbleTimeout, check: ([String: String?], String) throws -> Void
    ) throws {
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0"])
        if seconds > 0 {
            let status = sandbox.control("/_sandbox/faults", [("kind", "slow_pictures"), ("count", "\(paths.count)"), ("seconds", "\(seconds)")])
            try #require(status == 200, "the slow_pictures fault")
        }
        try withTemporaryFolder { folder in
            try MainContext.withOwnContext {
                let cache = AvatarCache(directory: folder, timeout: timeout)
                var results: [String: String?] = [:]
                for path in paths { cache.image(for: sandbox.baseURL + path) { results[path] = .some($0) } }
                MainContext.run(timeout: 20) { results.count == paths.count }
                try check(results, folder)
            }
        }
    }

    /// Pictures asked for together (a popup's rows) each have their time from when they are
    /// sent: twelve from a host that answers each two seconds late, four at a time, all arrive
    /// within four seconds each (the product's two, doubled with the host's delay, leave a
    /// loaded machine two seconds to spare). Before, libsoup sent two at a time and the others'
    /// time ran out in its queue (the third pair would have waited six seconds).
    @Test func picturesAskedForTogetherEachHaveTheirTime() throws {
        let paths = (0..<12).map { "/_sandbox/pictures/\(1 + $0 / 4)-\($0 % 4).png" }
        try fetch(paths, slowBy: 2, timeout: 4) { results, _ in
            let arrived = paths.filter { results[$0]??.hasPrefix("file://") == true }
            #expect(arrived.count == 12, "\(arrived.count) of 12 arrived: \(results)")
        }
    }

    /// More pictures asked for than may wait: the oldest waiting are answered with none, and the
    /// rest come (a caller on the session bus cannot grow the daemon's queue without end).
    @Test func theOldestOfTooManyWaitingPicturesGo() throws {
        let dropped = 8
        let paths = (0..<(AvatarCache.fetchesAtOnce + AvatarCache.longestQueue + dropped)).map { "/_sandbox/pictures/\($0 + 1)-0.png" }
        try fetch(paths) { results, _ in
            let arrived = paths.filter { results[$0]??.hasPrefix("file://") == true }
            #expect(arrived.count == paths.count - dropped, "\(arrived.count) of \(paths.count) arrived")
            // The first were sent at once; the next were the oldest waiting.
            let oldest = paths[AvatarCache.fetchesAtOnce..<(AvatarCache.fetchesAtOnce + dropped)]
            #expect(oldest.allSatisfy { results[$0] == .some(nil) }, "\(oldest.map { results[$0] ?? "unanswered" })")
        }
    }

    @Test func aPageWhereAnAvatarShouldBeIsNotKept() throws {
        let picture = "/_sandbox/pictures/1-0.png"
        // An HTML page answered with 200, as a captive portal or a wrong address may.
        let page = "/oauth2/authorize?client_id=\(SandboxAPI.appKey)&redirect_uri=http%3A%2F%2F127.0.0.1%3A8939%2Fcallback&response_type=code"
        try fetch([picture, page]) { results, folder in
            #expect(results[picture]??.hasPrefix("file://") == true, "\(results)")
            #expect(results[page] == .some(nil), "the page is no avatar: \(results)")
            let kept = try FileManager.default.contentsOfDirectory(atPath: folder)
            #expect(kept.count == 1, "\(kept)")
        }
    }

    /// A picture bomb (a small PNG that says 65,000 × 65,000 pixels) is never kept: a
    /// notification server handed its file, or the popup, would decode it whole.
    @Test func aPictureBombIsNotKept() throws {
        let bomb = "/_sandbox/pictures/bomb-65000x65000.png"
        let fine = "/_sandbox/pictures/bomb-64x64.png"
        try fetch([bomb, fine]) { results, folder in
            #expect(results[bomb] == .some(nil), "\(results)")
            #expect(results[fine]??.hasPrefix("file://") == true, "a picture within bounds is kept: \(results)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)
            // A bomb already on disk (an older version's, another program's) is not read as a picture.
            let planted = folder + "/planted.img"
            let header: [UInt8] =
                [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0xFD, 0xE8, 0, 0, 0xFD, 0xE8, 8, 0, 0, 0, 0]
            try Data(header).write(to: URL(fileURLWithPath: planted))
            #expect(PictureFile.read(at: planted) == nil)
            #expect(PictureFile.read(at: "/dev/zero") == nil, "not a regular file")
        }
    }

    /// Round 4: `GetPicture` fetched a failed picture again at every ask (a popup redrawn asks
    /// again). A failure is remembered for five minutes (`FailedPictures`): asked again, it is
    /// answered at once with none, and the host is not asked.
    @Test func aPictureThatFailedIsNotFetchedAgainAtOnce() throws {
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0"])
        // The sandbox counts each picture's requests by its path.
        func requests() -> Int {
            sandbox.read("/_sandbox/stats").firstMatch(of: /"\/_sandbox\/pictures\/bomb-65000x65000.png":(\d+)/).flatMap { Int($0.1) } ?? 0
        }
        try withTemporaryFolder { folder in
            MainContext.withOwnContext {
                let cache = AvatarCache(directory: folder)
                let before = requests()
                for _ in 0..<3 {
                    var result: String??
                    cache.image(for: sandbox.baseURL + "/_sandbox/pictures/bomb-65000x65000.png") { result = .some($0) }
                    MainContext.run(timeout: 10) { result != nil }
                    #expect(result == .some(nil))
                }
                #expect(requests() - before == 1, "fetched once, then answered from memory")
            }
        }
    }

    /// A picture over plain http (a status's own address on 127.0.0.1) is fetched only while the
    /// API itself is on this machine.
    @Test func plainHTTPPicturesOnlyWithALoopbackAPI() throws {
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0"])
        try withTemporaryFolder { folder in
            MainContext.withOwnContext {
                let url = sandbox.baseURL + "/_sandbox/pictures/1-0.png"
                for (apiBase, fetched) in [("https://api.weibo.com", false), (sandbox.baseURL, true), ("http://localhost:9/", true)] {
                    let cache = AvatarCache(directory: folder + "/\(fetched)-\(apiBase.count)", apiBase: apiBase)
                    #expect(cache.allowsPlainHTTP == fetched, "\(apiBase)")
                    var result: String??
                    cache.image(for: url) { result = .some($0) }
                    MainContext.run(timeout: 10) { result != nil }
                    #expect((result??.hasPrefix("file://") == true) == fetched, "\(apiBase): \(String(describing: result))")
                }
            }
        }
    }

    /// Bug: every picture stored read both folders again (a popup of 100 rows read them 100
    /// times). The room is counted once, then added to, and read again only past the cap or
    /// after 64 pictures.
    @Test func theFoldersAreReadOncePerManyPictures() throws {
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0"])
        try withTemporaryFolder { folder in
            MainContext.withOwnContext {
                let cache = AvatarCache(directory: folder + "/avatars", sharing: [folder + "/images"])
                let urls = (0..<20).map { sandbox.baseURL + "/_sandbox/pictures/\($0 + 1)-0.png" }
                var stored = 0
                for url in urls { cache.image(for: url) { if $0 != nil { stored += 1 } } }
                MainContext.run(timeout: 20) { stored == urls.count }
                #expect(stored == urls.count)
                #expect(cache.folderReadings == 1, "read once for 20 pictures: \(cache.folderReadings)")
            }
        }
    }
}
