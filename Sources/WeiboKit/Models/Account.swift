/// A saved login: the access token, whose user it is, and when it runs out.
///
/// Desktop apps get no refresh token: a token lives `expiresIn` seconds from `issuedAt`.
/// `description` never shows the token, so an account can be logged safely.
public struct Account: Equatable, Sendable, CustomStringConvertible {
    /// The OAuth access token. Secret: never print, log or put it in an argument list.
    public var accessToken: String
    /// The token's user.
    public var uid: Int64
    /// When the token was issued (the time it was received).
    public var issuedAt: Timestamp
    /// Its lifetime in seconds from `issuedAt`.
    public var expiresIn: Int64

    public init(accessToken: String, uid: Int64, issuedAt: Timestamp, expiresIn: Int64) {
        self.accessToken = accessToken
        self.uid = uid
        self.issuedAt = issuedAt
        self.expiresIn = expiresIn
    }

    /// From the answer of `oauth2/access_token`, received at `receivedAt`.
    public init(_ grant: AccessTokenGrant, receivedAt: Timestamp) {
        self.init(accessToken: grant.accessToken, uid: grant.uid, issuedAt: receivedAt, expiresIn: grant.expiresIn)
    }

    /// `issuedAt + expiresIn`.
    public var expiresAt: Timestamp { issuedAt.adding(Double(expiresIn)) }

    /// The original client's rule: saved time + `expires_in` ≤ now means log in again.
    public func isExpired(at now: Timestamp) -> Bool { secondsLeft(at: now) <= 0 }

    /// Whole seconds left at `now`, negative once expired.
    public func secondsLeft(at now: Timestamp) -> Int64 {
        // In whole seconds, saturating: a corrupt account file may hold any lifetime.
        let (end, endOverflow) = issuedAt.wholeSecondsSince1970.addingReportingOverflow(expiresIn)
        if endOverflow { return expiresIn > 0 ? .max : .min }
        let (left, leftOverflow) = end.subtractingReportingOverflow(now.wholeSecondsSince1970)
        return leftOverflow ? (end > 0 ? .max : .min) : left
    }

    public var description: String {
        "Account(uid: \(uid), token: <redacted>, expires: \(WeiboDate.format(expiresAt)))"
    }
}

extension Account {
    /// The longest token taken (Weibo's have about 32 characters; OAuth sets no bound).
    public static let maximumTokenLength = 512

    /// Why `token` is no access token, or nil. A token is 1 to 512 of OAuth's token characters
    /// (RFC 6750: letters, digits, `-._~+/`, then `=` at the end): a line break in one would
    /// break the requests' `Authorization` header, and Weibo gives no other kind.
    public static func tokenProblem(_ token: String) -> LocalizableMessage? {
        let bytes = Array(token.utf8)
        guard !bytes.isEmpty else { return .tr("the token is empty") }
        guard bytes.count <= maximumTokenLength else { return .tr("the token is longer than %s characters", .text(String(maximumTokenLength))) }
        let body = bytes.prefix { $0 != UInt8(ascii: "=") }
        let isTokenCharacter = { (byte: UInt8) in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-._~+/".utf8.contains(byte)
        }
        guard !body.isEmpty, body.allSatisfy(isTokenCharacter), bytes[body.count...].allSatisfy({ $0 == UInt8(ascii: "=") }) else {
            return .tr("the token has characters no token has (a line break, a space, a quote)")
        }
        return nil
    }
}

extension Account: Codable {
    /// The account file's keys; `issued_at` is seconds since 1970.
    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case uid
        case issuedAt = "issued_at"
        case expiresIn = "expires_in"
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(from: decoder, token: try keys.decode(String.self, forKey: .accessToken))
    }

    /// The login of an account file whose token is kept elsewhere (the keyring): `token` given.
    public init(from decoder: any Decoder, token: String) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = token
        uid = try keys.decodeFlexibleInt64(forKey: .uid)
        issuedAt = Timestamp(secondsSince1970: Double(try keys.decodeFlexibleInt64(forKey: .issuedAt)))
        expiresIn = try keys.decodeFlexibleInt64(forKey: .expiresIn)
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(accessToken, forKey: .accessToken)
        try keys.encode(uid, forKey: .uid)
        try keys.encode(issuedAt.wholeSecondsSince1970, forKey: .issuedAt)
        try keys.encode(expiresIn, forKey: .expiresIn)
    }
}

/// The answer of `POST oauth2/access_token`, with its mixed types:
/// `{"access_token":"2.00…","remind_in":"157679999","expires_in":157679999,"uid":"5712659759"}`.
public struct AccessTokenGrant: Equatable, Sendable, CustomStringConvertible {
    public var accessToken: String
    public var uid: Int64
    public var expiresIn: Int64

    public init(accessToken: String, uid: Int64, expiresIn: Int64) {
        self.accessToken = accessToken
        self.uid = uid
        self.expiresIn = expiresIn
    }

    public var description: String { "AccessTokenGrant(uid: \(uid), token: <redacted>, expiresIn: \(expiresIn))" }
}

extension AccessTokenGrant: Codable {
    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case uid
        case expiresIn = "expires_in"
        case remindIn = "remind_in"
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try keys.decode(String.self, forKey: .accessToken)
        if let problem = Account.tokenProblem(accessToken) {
            throw DecodingError.dataCorrupted(decodingContext(decoder.codingPath + [CodingKeys.accessToken], problem))
        }
        uid = try keys.decodeFlexibleInt64(forKey: .uid)
        // `expires_in` is documented as a number or a string; `remind_in` is its older twin.
        guard
            let lifetime = try keys.decodeFlexibleInt64IfPresent(forKey: .expiresIn)
                ?? keys.decodeFlexibleInt64IfPresent(forKey: .remindIn)
        else {
            throw DecodingError.keyNotFound(CodingKeys.expiresIn, decodingContext(decoder.codingPath, .tr("the token has no lifetime")))
        }
        expiresIn = lifetime
    }

    /// Written as the real server does: `uid` and `remind_in` as strings, `expires_in` a number.
    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(accessToken, forKey: .accessToken)
        try keys.encode(String(uid), forKey: .uid)
        try keys.encode(expiresIn, forKey: .expiresIn)
        try keys.encode(String(expiresIn), forKey: .remindIn)
    }
}

/// The answer of `POST oauth2/get_token_info`:
/// `{"uid":1073880650,"appkey":1352222456,"scope":null,"create_at":1352267591,"expire_in":157679471}`.
public struct TokenInfo: Equatable, Sendable, Codable {
    public var uid: Int64
    public var appKey: Int64
    /// When the token was created, seconds since 1970.
    public var createdAt: Int64
    /// Seconds left; negative means expired (note: `expire_in`, without s).
    public var expireIn: Int64

    public init(uid: Int64, appKey: Int64, createdAt: Int64, expireIn: Int64) {
        self.uid = uid
        self.appKey = appKey
        self.createdAt = createdAt
        self.expireIn = expireIn
    }

    enum CodingKeys: String, CodingKey {
        case uid
        case appKey = "appkey"
        case createdAt = "create_at"
        case expireIn = "expire_in"
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        uid = try keys.decodeFlexibleInt64(forKey: .uid)
        appKey = try keys.decodeFlexibleInt64IfPresent(forKey: .appKey) ?? 0
        createdAt = try keys.decodeFlexibleInt64IfPresent(forKey: .createdAt) ?? 0
        expireIn = try keys.decodeFlexibleInt64(forKey: .expireIn)
    }
}
