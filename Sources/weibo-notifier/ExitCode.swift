/// The program's exit statuses (sysexits.h where one fits), chosen in one place.
enum ExitCode: Int32 {
    case success = 0
    /// Something went wrong that has no more precise code.
    case failure = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// The input was read but is not what it should be: malformed JSON, an API error body (EX_DATAERR).
    case dataError = 65
    /// The input could not be opened or read (EX_NOINPUT).
    case noInput = 66
    /// Writing the output failed (EX_IOERR).
    case ioError = 74
}

/// What can stop a command, each with a message a user can act on.
enum CommandError: Error, CustomStringConvertible {
    /// The arguments were wrong; the text says which and how to get help.
    case usage(String)
    /// A file could not be read.
    case unreadable(path: String, reason: String)
    /// A file was read but is not a timeline.
    case malformed(path: String, reason: String)
    /// A file holds an API error body instead of a timeline.
    case apiError(path: String, description: String)
    /// Writing to standard output failed.
    case output(String)

    var description: String {
        switch self {
        case .usage(let message): return message
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .malformed(let path, let reason): return "\(path) is not a home timeline response: \(reason)"
        case .apiError(let path, let description): return "\(path) holds an API error, not a timeline: \(description)"
        case .output(let reason): return "cannot write the output: \(reason)"
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .usage: return .usage
        case .unreadable: return .noInput
        case .malformed, .apiError: return .dataError
        case .output: return .ioError
        }
    }
}
