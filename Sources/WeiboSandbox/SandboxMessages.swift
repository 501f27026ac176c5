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

    public init(status: Int, contentType: String = "application/json;charset=UTF-8", body: [UInt8], headers: [(String, String)] = [], fault: TransportFault? = nil) {
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

/// `application/x-www-form-urlencoded` and query strings: `a=1&b=x%20y+z`.
public enum FormDecoding {
    public static func decode(_ text: some StringProtocol) -> [String: String] {
        var result: [String: String] = [:]
        for pair in text.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = unescape(parts[0])
            let value = parts.count > 1 ? unescape(parts[1]) : ""
            result[name] = value
        }
        return result
    }

    /// Percent-decoding with `+` as a space; a malformed escape stays as it was.
    static func unescape(_ text: some StringProtocol) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                      let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                iterator.removeFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Percent-encoding for a URL query value.
    public static func escape(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                 UInt8(ascii: "~"):
                result.append(Character(Unicode.Scalar(byte)))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }
}
