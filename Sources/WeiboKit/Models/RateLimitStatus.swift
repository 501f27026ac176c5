/// The answer of `account/rate_limit_status.json`:
/// `{"ip_limit":10000,"limit_time_unit":"HOURS","remaining_ip_hits":10000,"remaining_user_hits":150,
/// "reset_time":"2011-06-03 18:00:00","reset_time_in_seconds":1415,"user_limit":150}`.
public struct RateLimitStatus: Equatable, Sendable {
    public var ipLimit: Int
    public var limitTimeUnit: String
    public var remainingIPHits: Int
    public var remainingUserHits: Int
    /// Beijing wall-clock time of the reset, as the API writes it.
    public var resetTime: String
    /// Seconds until the reset.
    public var resetTimeInSeconds: Int
    public var userLimit: Int

    public init(
        ipLimit: Int, limitTimeUnit: String = "HOURS", remainingIPHits: Int, remainingUserHits: Int, resetTime: String,
        resetTimeInSeconds: Int, userLimit: Int
    ) {
        self.ipLimit = ipLimit
        self.limitTimeUnit = limitTimeUnit
        self.remainingIPHits = remainingIPHits
        self.remainingUserHits = remainingUserHits
        self.resetTime = resetTime
        self.resetTimeInSeconds = resetTimeInSeconds
        self.userLimit = userLimit
    }
}

extension RateLimitStatus: Codable {
    enum CodingKeys: String, CodingKey {
        case ipLimit = "ip_limit"
        case limitTimeUnit = "limit_time_unit"
        case remainingIPHits = "remaining_ip_hits"
        case remainingUserHits = "remaining_user_hits"
        case resetTime = "reset_time"
        case resetTimeInSeconds = "reset_time_in_seconds"
        case userLimit = "user_limit"
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        ipLimit = keys.decodeCount(forKey: .ipLimit)
        limitTimeUnit = try keys.decodeFlexibleStringIfPresent(forKey: .limitTimeUnit) ?? "HOURS"
        remainingIPHits = keys.decodeCount(forKey: .remainingIPHits)
        remainingUserHits = keys.decodeCount(forKey: .remainingUserHits)
        resetTime = try keys.decodeFlexibleStringIfPresent(forKey: .resetTime) ?? ""
        resetTimeInSeconds = keys.decodeCount(forKey: .resetTimeInSeconds)
        userLimit = keys.decodeCount(forKey: .userLimit)
    }
}

/// The answer of `set_count.json` and `oauth2/revokeoauth2`: `{"result":true}` or `{"result":"true"}`.
public struct ResultFlag: Equatable, Sendable, Codable {
    public var result: Bool

    public init(result: Bool) {
        self.result = result
    }

    enum CodingKeys: String, CodingKey { case result }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        result = try keys.decodeFlexibleBool(forKey: .result)
    }
}
