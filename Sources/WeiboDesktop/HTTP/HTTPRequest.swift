import WeiboKit
import WeiboPlatform

/// One HTTP request: method, URL, query or form parameters, headers.
public struct HTTPRequest: Sendable {
    public enum Method: String, Sendable {
        case get = "GET"
        case post = "POST"
    }

    public var method: Method
    /// The URL without its query.
    public var url: String
    /// Query parameters (GET) or form fields (POST), in order.
    public var parameters: [(String, String)]
    public var headers: [(String, String)]
    /// The most body bytes read (after content decoding); a longer answer fails as too large,
    /// read no further: a 2 MiB gzip bomb cannot become gigabytes here.
    public var bodyLimit: Int

    /// 4 MiB: a timeline or comments page of the largest size is a few hundred KiB.
    public static let pageLimit = 4 << 20
    /// 64 KiB: unread counts, token calls, a rate-limit status.
    public static let smallLimit = 64 << 10

    public init(
        _ method: Method, _ url: String, parameters: [(String, String)] = [], headers: [(String, String)] = [], bodyLimit: Int = pageLimit
    ) {
        self.method = method
        self.url = url
        self.parameters = parameters
        self.headers = headers
        self.bodyLimit = bodyLimit
    }

    /// The URL with the query for a GET.
    var fullURL: String {
        guard method == .get, !parameters.isEmpty else { return url }
        return url + (url.contains("?") ? "&" : "?") + Self.formEncode(parameters)
    }

    /// The request as it may be logged: the path without the query (which may hold a token).
    public var loggablePath: String {
        var text = Substring(url)
        if let scheme = text.range(ofText: "://") { text = text[scheme.upperBound...] }
        if let slash = text.firstIndex(of: "/") { text = text[slash...] } else { text = "/" }
        return String(text)
    }

    /// `application/x-www-form-urlencoded`: `a=1&b=x%20y`.
    static func formEncode(_ parameters: [(String, String)]) -> String {
        FormEncoding.encode(parameters)
    }
}

/// What came back: status, content type and body.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// The media type without parameters (`application/json`), if the server sent one.
    public var contentType: String?
    public var body: [UInt8]
    /// Response headers asked for by name (`Location`), lower-cased names.
    public var headers: [String: String]

    public init(status: Int, contentType: String?, body: [UInt8], headers: [String: String] = [:]) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }
}

/// Why a request got no response.
public enum HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No complete answer within the time allowed.
    case timeout(seconds: Int)
    /// Nothing listens at the address.
    case connectionRefused(host: String)
    /// The host name could not be resolved.
    case nameResolution(host: String)
    /// No route to the network.
    case networkUnreachable(host: String)
    /// The TLS certificate or handshake failed.
    case tls(host: String, message: String)
    /// The connection closed before the whole answer came.
    case connectionClosed(host: String)
    /// The URL is not one this client sends to (plain http to a remote host, or not a URL).
    case refusedURL(String)
    /// Any other transport failure, in GLib's words.
    case transport(host: String, message: String)
    /// The answer is longer than the request allows (`bodyLimit`); it was not read further.
    case tooLarge(host: String, limit: Int)

    public var description: String {
        switch self {
        case .timeout(let seconds): return tr("no answer within %d s; check the network, Weibo may be slow", seconds)
        case .connectionRefused(let host): return tr("%s refused the connection; is the address right?", host)
        case .nameResolution(let host): return tr("cannot resolve %s; check the network connection", host)
        case .networkUnreachable(let host): return tr("the network is unreachable (%s); check the connection", host)
        case .tls(let host, let message): return tr("secure connection to %s failed: %s", host, message)
        case .connectionClosed(let host): return tr("%s closed the connection before answering in full", host)
        case .refusedURL(let reason): return reason
        case .transport(let host, let message): return tr("request to %s failed: %s", host, message)
        case .tooLarge(let host, let limit): return tr("the answer from %s is larger than %d KiB; it was not read", host, limit >> 10)
        }
    }
}
