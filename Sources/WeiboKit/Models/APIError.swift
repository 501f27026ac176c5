/// An error body from the Weibo API:
/// `{"error": "expired_token", "error_code": 21327, "request": "/2/statuses/home_timeline.json"}`.
///
/// Real bodies carry a numeric `error_code`, the documentation a string: both are read. What
/// the client does is decided by `kind`, from the code, never from the HTTP status alone.
public struct APIError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The numeric code (`error_code`), 0 when it could not be read as a number.
    public var code: Int
    /// The short error name (`error`), such as `expired_token`.
    public var error: String
    /// The request path the server names (`request`), never carrying the token.
    public var request: String
    /// OAuth errors add a sentence (`error_description`).
    public var errorDescription: String?

    public init(code: Int, error: String, request: String = "", errorDescription: String? = nil) {
        self.code = code
        self.error = error
        self.request = request
        self.errorDescription = errorDescription
    }

    /// What kind of trouble the code means, and so what the client does about it.
    public enum Kind: Equatable, Hashable, Sendable {
        /// The login is no longer valid: expired, revoked or rejected token. Log in again.
        case auth
        /// Too many requests: wait an hour or until the reset time.
        case rateLimit
        /// A passing server fault: retry with backoff.
        case transient
        /// The configured uid is not the token's user.
        case wrongUser
        /// The client sent something wrong (missing or invalid parameter, OAuth request errors):
        /// a bug to log with the request path.
        case clientBug
        /// A code this client does not know.
        case other
    }

    public var kind: Kind {
        switch code {
        case 21301, 21314...21319, 21327, 21332: return .auth
        case 10022, 10023, 10024: return .rateLimit
        case 10001, 10002, 10003, 10009: return .transient
        case 21335: return .wrongUser
        case 10008, 10016, 10017, 21322...21325: return .clientBug
        default: return .other
        }
    }

    /// Whether Weibo will not take what the request says, however often it is sent (20xxx: a
    /// text too long or repeated, a post or comment gone, comments closed to this user; not
    /// 20016, posting too fast). Like a client bug, it is a `refused` failure: a reply so
    /// refused is not kept to be sent again.
    public var refusesTheRequestItself: Bool {
        (20000..<21000).contains(code) && code != 20016
    }

    /// A sentence that says what happened and what the user can do.
    public var description: String { explanation(Localizer()) }

    /// What went wrong and what to do, in the localizer's language.
    public func explanation(_ localizer: Localizer) -> String {
        let name = error.isEmpty ? "error" : error
        let what =
            request.isEmpty
            ? localizer.tr("Weibo answered %s (%d)", name, code)
            : localizer.tr("Weibo answered %s (%d) for %s", name, code, request)
        switch kind {
        case .auth: return localizer.tr("%s: the login is no longer valid; run `weibo-notifier login` again", what)
        case .rateLimit: return localizer.tr("%s: too many requests; try again in an hour", what)
        case .transient: return localizer.tr("%s: a passing server fault; try again later", what)
        case .wrongUser: return localizer.tr("%s: the uid does not belong to this token; check the account", what)
        case .clientBug where Self.loginCodes.contains(code):
            // A login's setting (the callback address, the key or secret), not the program's bug.
            let advice = loginAdvice(localizer, redirectURI: "", place: .window) ?? ""
            return errorDescription.map { localizer.tr("%s (%s): %s", what, $0, advice) } ?? localizer.tr("%s: %s", what, advice)
        case .clientBug:
            return errorDescription.map { localizer.tr("%s: %s; this is a bug in weibo-notifier, please report it", what, $0) }
                ?? localizer.tr("%s; this is a bug in weibo-notifier, please report it", what)
        case .other: return errorDescription.map { "\(what): \($0)" } ?? what
        }
    }
}

extension APIError: Codable {
    enum CodingKeys: String, CodingKey {
        case code = "error_code"
        case error, request
        case errorDescription = "error_description"
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        code = Int(exactly: try keys.decodeFlexibleInt64IfPresent(forKey: .code) ?? 0) ?? 0
        error = try keys.decodeFlexibleStringIfPresent(forKey: .error) ?? ""
        request = try keys.decodeFlexibleStringIfPresent(forKey: .request) ?? ""
        errorDescription = try keys.decodeFlexibleStringIfPresent(forKey: .errorDescription)
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(code, forKey: .code)
        try keys.encode(error, forKey: .error)
        try keys.encode(request, forKey: .request)
        try keys.encodeIfPresent(errorDescription, forKey: .errorDescription)
    }
}
