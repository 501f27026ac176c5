/// A request as the sandbox sees it, independent of libsoup.
public struct SandboxRequest: Sendable {
    public var method: String
    public var path: String
    /// Query parameters and form fields together (a form field wins).
    public var parameters: [String: String]
    /// The `Authorization` header, if any.
    public var authorization: String?

    public init(method: String, path: String, parameters: [String: String] = [:], authorization: String? = nil) {
        self.method = method
        self.path = path
        self.parameters = parameters
        self.authorization = authorization
    }
}

/// The sandbox's answer, or the transport fault to act out instead.
public struct SandboxResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]
    public var headers: [(String, String)]
    /// Something to do to the connection instead of (or before) answering.
    public var fault: TransportFault?

    public enum TransportFault: Equatable, Sendable {
        /// Answer after this many seconds.
        case delay(seconds: Int)
        /// Close the connection without an answer.
        case drop
        /// Send the headers and half the body, then close.
        case truncate
    }

    public init(
        status: Int, contentType: String = "application/json;charset=UTF-8", body: [UInt8], headers: [(String, String)] = [], fault: TransportFault? = nil
    ) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
        self.fault = fault
    }

    public init(status: Int = 200, json: String, fault: TransportFault? = nil) {
        self.init(status: status, body: Array(json.utf8), fault: fault)
    }

    public init(status: Int = 200, html: String) {
        self.init(status: status, contentType: "text/html;charset=UTF-8", body: Array(html.utf8))
    }
}
