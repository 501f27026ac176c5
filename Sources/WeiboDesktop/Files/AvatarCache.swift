import CGLib
import Glibc
import WeiboKit
import WeiboPlatform

/// Pictures on disk: senders' avatars for bubbles' `image-path`
/// (`$XDG_CACHE_HOME/weibo-notifier/avatars`, the daemon's) and the popup's avatars and
/// thumbnails (`…/images`, the popup's).
///
/// Fetched over HTTPS (or from a sandbox on this machine), four at a time, each within its
/// `timeout` of being sent, at most 1 MiB each and within `PictureHeader`'s pixels (a picture
/// bomb is never handed on), kept by URL (newer avatar URLs carry signatures, so a URL is one
/// picture), and the least recently used dropped first when the folder and the ones it shares
/// its room with pass 50 MiB together. A fetch that fails or takes too long gives no image: the
/// bubble is never held back for it, a window draws a placeholder.
public final class AvatarCache {
    public static let maximumCacheBytes = 50 << 20
    /// A bubble's avatar, in seconds: the bubble waits for it.
    public static let bubbleTimeout: UInt32 = 2
    /// A window's picture (the popup's, an account's in the settings), in seconds: the window
    /// shows a placeholder meanwhile, so a slow network's pictures still come (two seconds let
    /// a thumbnail from a loaded host never arrive).
    public static let windowTimeout: UInt32 = 10

    public let directory: String
    /// Folders whose pictures count toward the same 50 MiB (each program prunes them all).
    public let sharing: [String]
    private let http: HTTPClient
    /// Completions waiting for a URL already being fetched.
    private var waiting: [String: [(String?) -> Void]] = [:]
    /// The pictures that failed lately: not fetched again for a while.
    private var failed = FailedPictures()
    /// The bytes the shared room held when last counted, plus what was stored since, and how
    /// many pictures that was: the folders are read again only when the sum passes the cap or
    /// after `recountAfter` pictures (another program stores into the same room).
    private var roomUsed: Int?
    private var storedSinceCount = 0
    static let recountAfter = 64
    /// How often the folders were read, for tests.
    private(set) var folderReadings = 0

    /// Whether pictures may come over plain http (from this machine): only while the API
    /// itself does (a sandbox); with Weibo's API, a picture's address on 127.0.0.1 is a status's
    /// own, and is not fetched.
    public let allowsPlainHTTP: Bool

    /// `timeout`: seconds for each picture, from when it is sent (`bubbleTimeout` or
    /// `windowTimeout`); `trustedCAFile`: as the API client's (a sandbox's avatars come over its
    /// HTTPS); `apiBase`: the API's address, which decides `allowsPlainHTTP` (nil: a sandbox's
    /// cache).
    public init(
        directory: String, sharing: [String] = [], timeout: UInt32 = bubbleTimeout, trustedCAFile: String? = nil, apiBase: String? = nil
    ) {
        self.directory = directory
        self.sharing = sharing
        allowsPlainHTTP = apiBase.map(Self.isPlainLoopback) ?? true
        http = HTTPClient(totalTimeout: timeout, connectionsPerHost: UInt32(Self.fetchesAtOnce), trustedCAFile: trustedCAFile)
    }

    /// Whether `url` is plain http to this machine.
    static func isPlainLoopback(_ url: String) -> Bool {
        guard url.lowercased().hasPrefix("http://") else { return false }
        let authority = url.dropFirst(7).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.hasPrefix("[") ? String(authority.prefix { $0 != "]" }) + "]" : String(authority.prefix { $0 != ":" })
        return NetworkAddress.isLoopback(host)
    }

    /// The avatar at `url` as a `file://` URI, from the cache or fetched (unless `fetching` is
    /// false: offline); nil when it cannot be had. The completion runs later on this thread's
    /// main context.
    public func image(for url: String, fetching: Bool = true, completion: @escaping (String?) -> Void) {
        let path = directory + "/" + Self.fileName(for: url)
        if access(path, R_OK) == 0 {
            // Used now: the last to be dropped.
            utime(path, nil)
            GLibSource.later { completion(Self.uri(path)) }
            return
        }
        guard fetching, !failed.isFresh(url, at: .now) else {
            GLibSource.later { completion(nil) }
            return
        }
        if !allowsPlainHTTP, url.lowercased().hasPrefix("http://") {
            Log.debug("picture \(Redaction.redact(url)): plain http while the API is not on this machine")
            GLibSource.later { completion(nil) }
            return
        }
        if waiting[url] != nil {
            waiting[url]?.append(completion)
            return
        }
        waiting[url] = [completion]
        if queued.count >= Self.longestQueue {
            // The oldest ask goes: a popup scrolled far asks for the rows now shown last.
            let dropped = queued.removeFirst()
            Log.debug("picture \(Redaction.redact(dropped.url)): more than \(Self.longestQueue) waiting, not fetched")
            for done in waiting.removeValue(forKey: dropped.url) ?? [] { GLibSource.later { done(nil) } }
        }
        queued.append((url, path))
        sendQueued()
    }

    /// How many pictures may wait for their fetch: a popup asks for what its rows show (a few
    /// dozen), and a caller that asks for more (a runaway, or any program on the session bus)
    /// finds the oldest answered with none instead of a queue that grows without end.
    static let longestQueue = 256

    /// How many pictures are fetched at once; the session opens as many connections to a host.
    /// The rest wait here, oldest first: a request waiting in libsoup's queue would spend its
    /// time there (a popup asks for all its rows' pictures together).
    static let fetchesAtOnce = 4
    private var fetchesUnderWay = 0
    private var queued: [(url: String, path: String)] = []

    /// Sends the queued fetches while fewer than `fetchesAtOnce` are under way.
    private func sendQueued() {
        while fetchesUnderWay < Self.fetchesAtOnce, !queued.isEmpty {
            let (url, path) = queued.removeFirst()
            fetchesUnderWay += 1
            http.send(HTTPRequest(.get, url, bodyLimit: PictureFile.maximumBytes)) { [weak self] result in
                guard let self else { return }
                self.fetchesUnderWay -= 1
                let stored = self.store(result, at: path, url: url)
                if stored == nil { self.failed.failed(url, at: .now) } else { self.failed.succeeded(url) }
                for done in self.waiting.removeValue(forKey: url) ?? [] { done(stored.map(Self.uri)) }
                self.sendQueued()
            }
        }
    }

    private func store(_ result: Result<HTTPResponse, HTTPError>, at path: String, url: String) -> String? {
        switch result {
        case .failure(let error):
            Log.debug("avatar \(Redaction.redact(url)): \(error)")
            return nil
        case .success(let response):
            guard response.status == 200, !response.body.isEmpty, response.body.count <= PictureFile.maximumBytes else {
                Log.debug("avatar \(Redaction.redact(url)): HTTP \(response.status), \(response.body.count) bytes")
                return nil
            }
            // A notification server and the popup decode it at its full size: within bounds only.
            if case .failure(let refusal) = PictureHeader.checked(response.body) {
                Log.debug("avatar \(Redaction.redact(url)): \(refusal)")
                return nil
            }
            do {
                try PrivateFile.write(response.body, to: path, mode: 0o644)
            } catch {
                Log.warning("cannot cache an avatar: \(error)")
                return nil
            }
            noteStored(response.body.count)
            return path
        }
    }

    /// Empties the cache (the demo's throw-away folder).
    public func removeAll() {
        prune(keeping: 0)
    }

    /// Counts a picture just stored; the room is pruned when it may hold more than the cap.
    private func noteStored(_ bytes: Int) {
        storedSinceCount += 1
        if let used = roomUsed, used + bytes <= Self.maximumCacheBytes, storedSinceCount < Self.recountAfter {
            roomUsed = used + bytes
            return
        }
        roomUsed = prune()
        storedSinceCount = 0
    }

    /// Drops the least recently used files until the folder and those it shares with hold at
    /// most `keeping` bytes together (`removeAll`: this folder's only); the bytes left.
    @discardableResult
    func prune(keeping cap: Int = maximumCacheBytes) -> Int {
        folderReadings += 1
        var files: [(path: String, used: Int, size: Int)] = []
        for directory in cap == 0 ? [directory] : [directory] + sharing {
            guard let folder = opendir(directory) else { continue }
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                guard name.hasSuffix(".img") else { continue }
                var info = stat()
                let path = directory + "/" + name
                if stat(path, &info) == 0 { files.append((path, info.st_mtim.tv_sec, Int(info.st_size))) }
            }
            closedir(folder)
        }
        var total = files.reduce(0) { $0 + $1.size }
        for file in files.sorted(by: { $0.used < $1.used }) where total > cap || cap == 0 {
            unlink(file.path)
            total -= file.size
        }
        return total
    }

    /// A file name for `url`: its FNV-1a hash.
    static func fileName(for url: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16) + ".img"
    }

    private static func uri(_ path: String) -> String { "file://" + path }
}
