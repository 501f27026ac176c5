import FoundationEssentials
import Glibc
public import WeiboKit

/// Replies typed into a bubble that could not be sent (`unsent-replies-UID.json` under
/// `$XDG_STATE_HOME/weibo-notifier`, 0600, one per account): nothing typed is lost. `weibo-notifier replies`
/// lists them, `replies --retry` sends them.
public struct UnsentReplies: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The replies of the account `uid`, beside this file (`unsent-replies-UID.json`): a reply
    /// is only ever sent again as the user it was typed for. (This file itself holds those of
    /// earlier versions, which had one account: the default one's.)
    public func forAccount(_ uid: Int64) -> UnsentReplies {
        return UnsentReplies(path: PrivateFile.beside(path, named: "unsent-replies-\(uid).json"))
    }

    /// The replies kept, oldest first; none when the file is missing.
    public func load() throws(PrivateFile.Failure) -> [ReplyRequest] {
        let bytes: [UInt8]
        do {
            bytes = try PrivateFile.read(path)
        } catch {
            if case .missing = error { return [] }
            throw error
        }
        do {
            return try WeiboJSON.decodeDocument([ReplyRequest].self, from: Data(bytes))
        } catch {
            throw .io(path: path, message: tr("%s is corrupt (%s)", path, error.description))
        }
    }

    /// Keeps `reply` after the others. A file that cannot be read (damaged, too large) is
    /// moved aside (`…json.bad-TIME`, said by `replies` and `doctor`) rather than written over;
    /// a reply that would make the file larger than it can be read back is refused (the
    /// bubble says so): what is kept can always be sent again.
    public func add(_ reply: ReplyRequest, at seconds: Int? = nil) throws(PrivateFile.Failure) {
        var replies: [ReplyRequest]
        do {
            replies = try load()
        } catch {
            let aside = path + ".bad-\(seconds ?? time(nil))"
            guard rename(path, aside) == 0 else {
                throw .io(path: path, message: tr("%s cannot be read (%s) nor moved aside", path, error.description))
            }
            Log.warning("\(error.description): moved aside to \(aside), the replies in it are kept there")
            replies = []
        }
        replies.append(reply)
        let bytes = try Self.encoded(replies, path: path)
        guard bytes.count <= PrivateFile.defaultLimit else {
            throw .io(
                path: path,
                message: tr("%s is full (%d replies wait); send them with 'weibo-notifier replies --retry'", path, replies.count - 1))
        }
        try PrivateFile.write(bytes, to: path, mode: 0o600)
    }

    /// The files of replies moved aside beside this one (`unsent-replies*.json.bad-*`).
    public func movedAside() -> [String] {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("unsent-replies") && $0.contains(".json.bad-") }.sorted().map { folder + "/" + $0 }
    }

    private static func encoded(_ replies: [ReplyRequest], path: String) throws(PrivateFile.Failure) -> [UInt8] {
        do {
            return Array(try WeiboJSON.encode(replies)) + [0x0A]
        } catch {
            throw .io(path: path, message: String(describing: error))
        }
    }

    /// Replaces the kept replies with `replies` (none: the file goes).
    public func save(_ replies: [ReplyRequest]) throws(PrivateFile.Failure) {
        guard !replies.isEmpty else { return try PrivateFile.remove(path) }
        try PrivateFile.write(try Self.encoded(replies, path: path), to: path, mode: 0o600)
    }
}
