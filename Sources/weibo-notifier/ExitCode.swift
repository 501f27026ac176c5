import WeiboDesktop
import WeiboKit
import WeiboPlatform

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
    /// A service is unavailable: the network, Weibo, a port already taken (EX_UNAVAILABLE).
    case unavailable = 69
    /// Try again later: the rate limit (EX_TEMPFAIL).
    case tryAgainLater = 75
    /// The login is missing, expired or refused (EX_NOPERM).
    case noPermission = 77
    /// The configuration is wrong or incomplete (EX_CONFIG).
    case configuration = 78
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
    /// The configuration file is wrong, or lacks what the command needs.
    case configuration(String)
    /// No usable login: not logged in, unreadable or corrupt account file.
    case account(String)
    /// Weibo, or the way to it, failed.
    case weibo(WeiboClientError)
    /// Something the command needs is unavailable (a port, standard input).
    case unavailable(String)
    /// Anything else, said in full.
    case failed(String)
    /// The command already said what went wrong; only the exit status is left.
    case silent(ExitCode)

    var description: String {
        switch self {
        case .usage(let message): return message
        case .unreadable(let path, let reason): return tr("cannot read %s: %s", path, reason)
        case .malformed(let path, let reason): return tr("%s is not a home timeline response: %s", path, reason)
        case .apiError(let path, let description): return tr("%s holds an API error, not a timeline: %s", path, description)
        case .output(let reason): return tr("cannot write the output: %s", reason)
        case .configuration(let message), .account(let message), .unavailable(let message), .failed(let message):
            return message
        case .silent: return ""
        case .weibo(let error): return error.description
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .usage: return .usage
        case .unreadable: return .noInput
        case .malformed, .apiError: return .dataError
        case .output: return .ioError
        case .configuration: return .configuration
        case .account: return .noPermission
        case .unavailable: return .unavailable
        case .failed: return .failure
        case .silent(let code): return code
        case .weibo(let error):
            switch error {
            case .api(let apiError):
                switch apiError.kind {
                case .auth: return .noPermission
                case .rateLimit: return .tryAgainLater
                case .transient: return .unavailable
                case .wrongUser: return .configuration
                case .clientBug, .other: return .failure
                }
            case .http, .malformed, .transport: return .unavailable
            }
        }
    }
}
