import CGLib
import Glibc
public import WeiboKit
public import WeiboPlatform

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
        try PrivateFile.readDocument([ReplyRequest].self, at: path) ?? []
    }

    /// Keeps `reply` after the others. A file that cannot be read (damaged, too large) is
    /// moved aside (`…json.unreadable-TIME`, said by `replies` and `doctor`) rather than written over;
    /// a reply that would make the file larger than it can be read back is refused (the
    /// bubble says so): what is kept can always be sent again.
    public func add(_ reply: ReplyRequest, at seconds: Int? = nil) throws(PrivateFile.Failure) {
        try add([reply], at: seconds)
    }

    private func add(_ added: [ReplyRequest], at seconds: Int? = nil) throws(PrivateFile.Failure) {
        try locked { () throws(PrivateFile.Failure) in
            var replies = try loadOrMoveAside(at: seconds)
            replies += added
            let bytes = try Self.encoded(replies, path: path)
            guard bytes.count <= PrivateFile.defaultLimit else {
                throw .io(
                    path: path,
                    message: tr("%s is full (%d replies wait); send them with 'weibo-notifier replies --retry'", path, replies.count - added.count))
            }
            try PrivateFile.write(bytes, to: path, mode: 0o600)
        }
    }

    /// The replies kept, or none after moving aside a file that cannot be read.
    private func loadOrMoveAside(at seconds: Int? = nil) throws(PrivateFile.Failure) -> [ReplyRequest] {
        do {
            return try load()
        } catch {
            let aside = try PrivateFile.setAside(path, at: seconds.map { Timestamp(secondsSince1970: Double($0)) } ?? .now)
            Log.warning("\(error.description): moved aside to \(aside), the replies in it are kept there")
            return []
        }
    }

    // MARK: - Sending them again: one owner at a time

    /// Replies taken out of the file to be sent (`replies --retry`), kept meanwhile in a file
    /// of their own (`…json.sending-PID`): a second retry finds nothing to send, the daemon
    /// keeps new replies in the file as before, and a retry that stops half-way leaves them.
    public struct Taken: Sendable {
        public var replies: [ReplyRequest]
        let file: String?
    }

    /// Takes every kept reply out of the file, with those a retry that ended half-way left
    /// (marked as maybe sent: some of them may have reached Weibo).
    public func take() throws(PrivateFile.Failure) -> Taken {
        try locked { () throws(PrivateFile.Failure) -> Taken in
            let stale = sending().filter { !$0.running }
            let replies = try loadOrMoveAside() + stale.flatMap(\.replies)
            let left = stale.map(\.file)
            guard !replies.isEmpty else { return Taken(replies: [], file: nil) }
            let file = path + ".sending-\(getpid())"
            try PrivateFile.write(try Self.encoded(replies, path: file), to: file, mode: 0o600)
            try PrivateFile.remove(path)
            for stale in left { try PrivateFile.remove(stale) }
            return Taken(replies: replies, file: file)
        }
    }

    /// Gives back what a retry did not send, after whatever was kept meanwhile.
    public func putBack(_ left: [ReplyRequest], from taken: Taken) throws(PrivateFile.Failure) {
        if !left.isEmpty { try add(left) }
        if let file = taken.file { try PrivateFile.remove(file) }
    }

    /// The replies a retry is sending now, or left when it stopped (`replies` lists them too).
    public func beingSent() -> [ReplyRequest] {
        sending().flatMap(\.replies)
    }

    /// Each `….sending-PID` file beside this one, read: its replies (those of a retry that no
    /// longer runs marked as maybe sent), and whether its retry still runs.
    private func sending() -> [(file: String, replies: [ReplyRequest], running: Bool)] {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return files(named: { $0.hasPrefix(name + ".sending-") }).compactMap { file in
            guard let bytes = try? PrivateFile.read(file), let replies = try? WeiboJSON.decodeDocument([ReplyRequest].self, from: [UInt8](bytes)) else {
                return nil
            }
            let running = Self.isRunning(file)
            guard !running else { return (file, replies, true) }
            return (
                file,
                replies.map {
                    var reply = $0
                    reply.maybeSent = true
                    return reply
                }, false
            )
        }
    }

    /// The files beside this one whose names `matches`, sorted.
    private func files(named matches: (String) -> Bool) -> [String] {
        PrivateFile.files(beside: path, named: matches)
    }

    /// Whether the process a `….sending-PID` file names still runs.
    private static func isRunning(_ file: String) -> Bool {
        guard let pid = file.split(separator: "-").last.flatMap({ Int32($0) }), pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// Runs `body` holding the file's lock (`….json.lock`, 0600): only ever for the moment a
    /// read and a write take, never while anything is sent. A lock held longer (another
    /// program) is waited for 100 ms at most, then the file is said to be in use.
    private func locked<Result>(_ body: () throws(PrivateFile.Failure) -> Result) throws(PrivateFile.Failure) -> Result {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !folder.isEmpty { g_mkdir_with_parents(folder, 0o700) }
        let fd = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, 0o600)
        guard fd >= 0 else { throw .io(path: path, message: tr("cannot lock %s: %s", path, String(cString: strerror(errno)))) }
        defer { close(fd) }
        guard PrivateFile.lock(fd, waitingUpTo: 100) == 0 else {
            throw .io(path: path, message: tr("%s is in use by another program; try again", path))
        }
        return try body()
    }

    /// The files of replies moved aside beside this one (`unsent-replies*.json.unreadable-*`,
    /// or `.json.bad-*` as earlier versions named them).
    public func movedAside() -> [String] {
        files(named: { $0.hasPrefix("unsent-replies") && ($0.containsText(".json.unreadable-") || $0.containsText(".json.bad-")) })
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
