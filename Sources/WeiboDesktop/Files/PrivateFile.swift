import CGLib
import Glibc

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
            }
        }
    }

    /// Writes `bytes` to `path` atomically with `mode`, making the folder (mode 0700) if needed.
    public static func write(_ bytes: [UInt8], to path: String, mode: Int32 = 0o600) throws(Failure) {
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
    }

    /// The content of `path`; with `privateOnly`, refuses a file that group or others may read.
    public static func read(_ path: String, privateOnly: Bool = false) throws(Failure) -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { throw .missing(path: path) }
            throw .io(path: path, message: tr("cannot read %s: %s", path, String(cString: strerror(errno))))
        }
        if privateOnly && info.st_mode & 0o077 != 0 {
            throw .tooOpen(path: path, mode: info.st_mode)
        }
        var contents: UnsafeMutablePointer<CChar>?
        var length = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_file_get_contents(path, &contents, &length, &error) != 0, let contents else {
            throw .io(path: path, message: error.map { GLibError(taking: $0).message } ?? tr("cannot read %s", path))
        }
        defer { g_free(contents) }
        return contents.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// Removes `path`; a file that is already gone is fine.
    /// The file `name` in the folder of `path`.
    public static func beside(_ path: String, named name: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") + "/" + name
    }

    public static func remove(_ path: String) throws(Failure) {
        if unlink(path) != 0 && errno != ENOENT {
            throw .io(path: path, message: tr("cannot remove %s: %s", path, String(cString: strerror(errno))))
        }
    }
}
