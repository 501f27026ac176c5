import Glibc
import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// What the command line needs from the C library: terminal facts, the local time zone,
/// reading files and writing output.
enum Terminal {
    /// Whether standard output is a terminal.
    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// The width of the terminal on standard output (TIOCGWINSZ), or `nil` when it is not one.
    static var columns: Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Writes lines to standard output in one go.
    static func write(lines: [String]) throws(CommandError) {
        var text = lines.joined(separator: "\n")
        text += "\n"
        try write(text, to: STDOUT_FILENO)
    }

    /// Writes a message to standard error, without terminal controls: a message may carry a
    /// server's words.
    static func writeError(_ message: String) {
        try? write(TextSanitizer.terminalSafe(message) + "\n", to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) throws(CommandError) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw .output(String(cString: strerror(errno)))
            }
            offset += written
        }
        bytes.removeAll()
    }

    /// The whole content of `path`, or of standard input for `-`.
    static func read(path: String, limit: Int = 64 << 20) throws(CommandError) -> [UInt8] {
        let name = path == "-" ? tr("standard input") : path
        // A name that is not UTF-8 is opened by its bytes, as given.
        let descriptor = path == "-" ? STDIN_FILENO : RawArguments.withSystemPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .unreadable(path: name, reason: String(cString: strerror(errno))) }
        defer { if path != "-" { close(descriptor) } }
        var data = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: name, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
            if data.count > limit {
                throw .unreadable(path: name, reason: tr("larger than %d MiB", limit >> 20))
            }
        }
        return data
    }
}

extension Terminal {
    /// The longest line read from standard input (a token, a code, an app key): 4 KiB.
    static let lineLimit = 4096

    /// One line of standard input without its newline, or `nil` at the end of input; a line
    /// longer than `lineLimit` (`/dev/zero`, a file piped by mistake) is refused, not read on.
    static func readLine() throws(CommandError) -> String? {
        // Byte by byte from the descriptor: nothing past the line is taken from the input.
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == 0x0A { break }
            guard bytes.count < lineLimit else {
                throw .failed(tr("the line on standard input is longer than %d KiB; a token, code or key is one short line", lineLimit >> 10))
            }
            bytes.append(byte)
        }
        if bytes.last == 0x0D { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// One line of standard input not shown as it is typed (a secret), when it is a terminal.
    static func readSecretLine() throws(CommandError) -> String? {
        var saved = termios()
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return try readLine() }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            prompt("\n")
        }
        return try readLine()
    }

    /// Writes `text` to standard output without a newline (a prompt).
    static func prompt(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// A date in the user's time zone: `2031-07-24 12:00`.
    static func localDate(_ date: Timestamp) -> String {
        CivilTime(date, in: SystemTimeZone()).dateAndClockText
    }
}

/// `--color auto|always|never`, as `timeline`, `comments` and `mentions` take it.
enum ColorChoice: String, CaseIterable {
    case auto, always, never

    /// Whether to colour: always, never, or on a terminal unless `NO_COLOR` is set.
    func usesColor(environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return Terminal.standardOutputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }
}
