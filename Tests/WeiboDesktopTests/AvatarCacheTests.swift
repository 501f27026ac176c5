import Foundation
import Glibc
import Testing
import WeiboTestSupport

@testable import WeiboDesktop

/// The daemon's avatars and the popup's pictures share one room: the least recently used of
/// either folder goes first.
@Suite struct AvatarCacheTests {
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
