import Glibc

/// The command line's arguments as the system gave them, for those that are not valid UTF-8.
///
/// Swift's `CommandLine.arguments` repairs such bytes (each bad one becomes U+FFFD), so a file
/// named in Latin-1 would be looked for under another name. A path taken from the command line
/// is opened with its original bytes.
enum RawArguments {
    /// Repaired argument → original bytes (with the terminating NUL), for the arguments that
    /// needed repair. `nonisolated(unsafe)`: written once at start, on the main thread, before
    /// any other thread exists or anything reads it.
    nonisolated(unsafe) private static var originals: [String: [CChar]] = [:]

    /// Remembers the arguments that are not valid UTF-8.
    static func record() {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: argument, count: strlen(argument) + 1))
            let repaired = String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if Array(repaired.utf8) != bytes.dropLast().map({ UInt8(bitPattern: $0) }) { originals[repaired] = bytes }
        }
    }

    /// Calls `body` with `path` as the system knows it: its original bytes when it came from the
    /// command line repaired, else its UTF-8.
    static func withSystemPath<Result>(_ path: String, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        if let original = originals[path], let result = original.withUnsafeBufferPointer({ $0.baseAddress.map(body) }) { return result }
        return path.withCString(body)
    }
}
