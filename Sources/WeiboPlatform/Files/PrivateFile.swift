import CGLib
import Glibc
public import WeiboKit

/// Reads and writes the program's files: atomically, with the mode chosen here.
///
/// Writes go through `g_file_set_contents_full` with `G_FILE_SET_CONTENTS_CONSISTENT`: a
/// temporary file renamed over the old one, so a crash leaves the old or the new file, never
/// half of one. (Plain `g_file_set_contents` turns a 0600 file into 0644.)
public enum PrivateFile {
    /// Why a file could not be read or written.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// There is no such file.
        case missing(path: String)
        /// The file is readable by others; it holds a secret. Says how to fix it, as ssh does.
        case tooOpen(path: String, mode: UInt32)
        /// Reading or writing failed, in the system's words.
        case io(path: String, message: String)
        /// Not a regular file (a folder, a named pipe, a device): never opened for reading.
        case notRegular(path: String)
        /// Larger than any file of its kind can be.
        case tooLarge(path: String, limit: Int)

        public var description: String {
            switch self {
            case .missing(let path):
                return tr("%s does not exist", path)
            case .tooOpen(let path, let mode):
                return tr(
                    "permissions %s for %s are too open: it holds your Weibo login and must be readable by you only; run: chmod 600 '%s'",
                    String(mode & 0o777, radix: 8), path, path)
            case .io(_, let message):
                return message
            case .notRegular(let path):
                return tr("%s is not a regular file (a folder, a pipe or a device?); remove it or put a file there", path)
            case .tooLarge(let path, let limit):
                return tr("%s is larger than %d KiB, more than it can ever need; it is not read (remove or replace it)", path, limit >> 10)
            }
        }
    }

    /// Writes `bytes` to `path` atomically with `mode`, making the folder (mode 0700) if needed.
    /// A symbolic link there (a dotfiles repository's) stays: the file it points to is written.
    public static func write(_ bytes: [UInt8], to path: String, mode: Int32 = 0o600) throws(Failure) {
        let path = resolvingLinks(path)
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !folder.isEmpty, g_mkdir_with_parents(folder, 0o700) != 0 {
            throw .io(path: path, message: tr("cannot create %s: %s", folder, String(cString: strerror(errno))))
        }
        var error: UnsafeMutablePointer<GError>?
        // Bytes read as C chars (same size and layout); GLib reads exactly `count` of them.
        let written = bytes.withUnsafeBytes { buffer in
            g_file_set_contents_full(
                path, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count, G_FILE_SET_CONTENTS_CONSISTENT,
                mode, &error)
        }
        if written == 0 {
            let message = error.map { GLibError(taking: $0).message } ?? tr("cannot write %s", path)
            throw .io(path: path, message: message)
        }
        // GLib 2.84 (Debian 13) keeps the mode of the file it replaces, where 2.74 gave the new
        // one `mode`: a config restored as 0644 from a backup stayed world-readable. Set it.
        chmod(path, mode_t(mode))
    }

    /// `path` with its symbolic links followed, the last one too, when it is one (at most 40,
    /// as the kernel does); the file it names need not exist. `path` itself when it is no link.
    public static func resolvingLinks(_ path: String) -> String {
        var path = path
        for _ in 0..<40 {
            guard let target = g_file_read_link(path, nil) else { return path }
            defer { g_free(target) }
            let link = String(cString: target)
            path = link.hasPrefix("/") || !path.contains("/") ? link : beside(path, named: link)
        }
        return path
    }

    /// The most any of the program's own files holds: the state, the accounts, the unsent replies.
    public static let defaultLimit = 1 << 20

    /// The program's own JSON document in `path` (`WeiboJSON.decodeDocument`), or nil when
    /// there is no such file. One that cannot be read throws why; one that does not decode
    /// throws `.io` saying that it is corrupt.
    public static func readDocument<Document: Decodable>(_ type: Document.Type, at path: String) throws(Failure) -> Document? {
        let bytes: [UInt8]
        do {
            bytes = try read(path)
        } catch {
            if case .missing = error { return nil }
            throw error
        }
        do {
            return try WeiboJSON.decodeDocument(Document.self, from: bytes)
        } catch {
            throw .io(path: path, message: tr("%s is corrupt (%s)", path, error.description))
        }
    }

    /// The content of `path`, a regular file of at most `limit` bytes; with `privateOnly`,
    /// refuses a file that group or others may read. Opened without blocking and checked on the
    /// open descriptor: a named pipe put in the file's place cannot hang the reader.
    public static func read(_ path: String, privateOnly: Bool = false, limit: Int = defaultLimit) throws(Failure) -> [UInt8] {
        func failed() -> Failure { .io(path: path, message: tr("cannot read %s: %s", path, String(cString: strerror(errno)))) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw errno == ENOENT ? .missing(path: path) : failed() }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failed() }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegular(path: path) }
        if privateOnly && info.st_mode & 0o077 != 0 {
            throw .tooOpen(path: path, mode: info.st_mode)
        }
        guard info.st_size <= limit else { throw .tooLarge(path: path, limit: limit) }
        // In chunks to the end: the file may grow while it is read, never past the limit.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw failed() }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > limit { throw .tooLarge(path: path, limit: limit) }
        }
    }

    /// Checks that `path` is a regular file of at most `limit` bytes without reading it, for a
    /// file a library reads by its path (the trusted CA file): `/dev/zero` or a named pipe
    /// there would be read without end, or block.
    public static func checkRegular(_ path: String, limit: Int) throws(Failure) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            throw errno == ENOENT ? .missing(path: path) : .io(path: path, message: tr("cannot read %s: %s", path, String(cString: strerror(errno))))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { throw .notRegular(path: path) }
        guard info.st_size <= limit else { throw .tooLarge(path: path, limit: limit) }
    }

    /// The file `name` in the folder of `path`.
    public static func beside(_ path: String, named name: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") + "/" + name
    }

    /// Moves `path`, a file that cannot be read, out of the way, never over another file:
    /// to `path.unreadable-YYYYMMDD-HHMMSS` (local time of `date`; `-2`, `-3`… after it when
    /// that name is taken), mode 0600 (it may hold a secret). The name it has now.
    public static func setAside(_ path: String, at date: Timestamp) throws(Failure) -> String {
        let time = CivilTime(date, in: SystemTimeZone())
        func digits(_ value: Int, _ count: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, count - text.count)) + text
        }
        let stamp =
            digits(time.year, 4) + digits(time.month, 2) + digits(time.day, 2) + "-" + digits(time.hour, 2) + digits(time.minute, 2) + digits(time.second, 2)
        for attempt in 1...100 {
            let aside = path + ".unreadable-" + stamp + (attempt == 1 ? "" : "-\(attempt)")
            // A hard link fails where the name is taken, where a rename would replace it.
            if link(path, aside) == 0 {
                unlink(path)
                chmod(aside, 0o600)
                return aside
            }
            if errno != EEXIST { break }
        }
        throw .io(path: path, message: tr("%s cannot be read, nor set aside: %s", path, String(cString: strerror(errno))))
    }

    /// The files set aside from `path` (`setAside`), oldest first.
    public static func setAsideFiles(of path: String) -> [String] {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return files(beside: path) { $0.hasPrefix(name + ".unreadable-") }
    }

    /// The files in the folder of `path` whose names `match`, sorted, with their folder.
    public static func files(beside path: String, named match: (String) -> Bool) -> [String] {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        var names: [String] = []
        if let dir = g_dir_open(folder, 0, nil) {
            defer { g_dir_close(dir) }
            while let name = g_dir_read_name(dir) { names.append(String(cString: name)) }
        }
        return names.filter(match).sorted().map { folder + "/" + $0 }
    }

    /// Takes an exclusive `flock` on `fd`, waiting up to `milliseconds` for another holder to
    /// let it go (never longer: the caller says the file is in use); 0, or the `errno` that
    /// ended the wait (`EWOULDBLOCK` when it is still held).
    public static func lock(_ fd: Int32, waitingUpTo milliseconds: Int) -> Int32 {
        var waited = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { return errno }
            guard waited < milliseconds else { return EWOULDBLOCK }
            let step = min(100, max(1, milliseconds / 100))
            usleep(useconds_t(step * 1000))
            waited += step
        }
        return 0
    }

    /// Removes `path`; a file that is already gone is fine.
    public static func remove(_ path: String) throws(Failure) {
        if unlink(path) != 0 && errno != ENOENT {
            throw .io(path: path, message: tr("cannot remove %s: %s", path, String(cString: strerror(errno))))
        }
    }
}
