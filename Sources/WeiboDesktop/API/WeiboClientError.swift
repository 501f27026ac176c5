public import WeiboKit
import WeiboPlatform

/// Why a call to Weibo gave no model, in words that say what the user can do.
public enum WeiboClientError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Weibo answered with its error body.
    case api(APIError)
    /// An HTTP error whose body is not Weibo's (a proxy's page, an empty 500).
    case http(status: Int, path: String, detail: String)
    /// A 200 answer that is not the expected JSON (cut short, wrong shape, garbage).
    case malformed(path: String, DecodingFailure)
    /// No answer: network, DNS, TLS, timeout.
    case transport(HTTPError)

    public var description: String {
        switch self {
        case .api(let error):
            return error.explanation(processLocalizer)
        case .http(let status, let path, let detail):
            return detail.isEmpty
                ? tr("HTTP %d for %s, not a Weibo answer; a proxy or Weibo itself is failing, try again later", status, path)
                : tr("HTTP %d for %s, not a Weibo answer (%s); a proxy or Weibo itself is failing, try again later", status, path, detail)
        case .malformed(let path, let failure):
            return tr("unexpected answer for %s: %s; try again later", path, failure.explanation(processLocalizer))
        case .transport(let error):
            return error.description
        }
    }

    /// The request went out and no answer came (a timeout, a connection closed half-way): what
    /// it asked, a reply sent, may have happened all the same.
    public var requestMayHaveArrived: Bool {
        switch self {
        case .transport(.timeout), .transport(.connectionClosed): return true
        default: return false
        }
    }

    /// The error is worth retrying later with backoff (not a login or configuration problem).
    public var isTransient: Bool {
        switch self {
        case .api(let error): return error.kind == .transient || error.kind == .other
        case .http, .malformed, .transport: return true
        }
    }
}
