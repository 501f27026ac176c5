import FoundationEssentials
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

    /// Keeps `reply` after the others.
    public func add(_ reply: ReplyRequest) throws(PrivateFile.Failure) {
        var replies = (try? load()) ?? []
        replies.append(reply)
        try save(replies)
    }

    /// Replaces the kept replies with `replies` (none: the file goes).
    public func save(_ replies: [ReplyRequest]) throws(PrivateFile.Failure) {
        guard !replies.isEmpty else { return try PrivateFile.remove(path) }
        let bytes: [UInt8]
        do {
            bytes = Array(try WeiboJSON.encode(replies)) + [0x0A]
        } catch {
            throw .io(path: path, message: String(describing: error))
        }
        try PrivateFile.write(bytes, to: path, mode: 0o600)
    }
}
