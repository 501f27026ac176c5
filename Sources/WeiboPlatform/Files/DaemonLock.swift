import CGLib
import Glibc
import WeiboKit

/// The running notifier's hold on the user's files (`daemon.lock` in the state folder, 0600):
/// its state, bubbles and budgets are one per account, so one notifier per user. The bus name
/// keeps a second one away on the same session bus; this keeps away one on another bus (a
/// second session with a bus of its own), which would double every check and write over the
/// same state. The lock goes with the process (an `flock` on an open descriptor): a notifier
/// that crashed holds nothing.
public final class DaemonLock {
    private let descriptor: Int32

    /// Why the lock is not ours.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Another notifier of this user holds it (its pid, when it wrote one).
        case held(pid: Int32?)
        case io(String)

        public var description: String {
            switch self {
            case .held(let pid?):
                return tr("already running in another session (pid %d): one notifier serves a user; stop that one first", Int(pid))
            case .held(nil): return tr("already running in another session: one notifier serves a user; stop that one first")
            case .io(let message): return message
            }
        }
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Takes the lock at `path`, waiting up to `seconds` for a notifier that is on its way out
    /// (`run --replace`) to let it go; writes this process's pid into it.
    public static func take(_ path: String, waiting seconds: Double = 0) throws(Failure) -> DaemonLock {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !folder.isEmpty { g_mkdir_with_parents(folder, 0o700) }
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, 0o600)
        guard fd >= 0 else { throw .io(tr("cannot open %s: %s", path, String(cString: strerror(errno)))) }
        switch PrivateFile.lock(fd, waitingUpTo: Int(seconds * 1000)) {
        case 0: break
        case EWOULDBLOCK:
            let pid = holder(fd)
            close(fd)
            throw .held(pid: pid)
        case let failure:
            close(fd)
            throw .io(tr("cannot lock %s: %s", path, String(cString: strerror(failure))))
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        return DaemonLock(descriptor: fd)
    }

    /// The pid the holder wrote.
    private static func holder(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmed(of: " \n"))
    }
}
