/// A Weibo user as the timeline embeds it.
public struct User: Equatable, Hashable, Sendable {
    /// The numeric user id (`id`, or its twin `idstr`).
    public var id: Int64
    /// The name shown on statuses (`screen_name`).
    public var screenName: String
    /// The user's small avatar (`profile_image_url`), `nil` when absent or `""`.
    public var profileImageURL: String?
    /// The large avatar (`avatar_large`).
    public var avatarLargeURL: String?
    /// Whether Weibo verified the account (`verified`).
    public var isVerified: Bool
    /// What kind of verification (`verified_type`, -1 for none).
    public var verifiedType: VerifiedType
    /// Member type (`mbtype`); a VIP when greater than 2.
    public var memberType: Int
    /// Member level 1–7 (`mbrank`), 0 for none.
    public var memberRank: Int
    /// Province and city codes, strings in real data (`province`, `city`).
    public var province: String?
    public var city: String?

    public init(
        id: Int64, screenName: String, profileImageURL: String? = nil, avatarLargeURL: String? = nil,
        isVerified: Bool = false, verifiedType: VerifiedType = .none, memberType: Int = 0, memberRank: Int = 0,
        province: String? = nil, city: String? = nil
    ) {
        self.id = id
        self.screenName = screenName
        self.profileImageURL = profileImageURL
        self.avatarLargeURL = avatarLargeURL
        self.isVerified = isVerified
        self.verifiedType = verifiedType
        self.memberType = memberType
        self.memberRank = memberRank
        self.province = province
        self.city = city
    }

    /// The original client's rule: a member is a VIP when `mbtype > 2`.
    public var isVIP: Bool { memberType > 2 }
}

/// Weibo's `verified_type`. Unknown codes are kept as they came.
public struct VerifiedType: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let none = VerifiedType(rawValue: -1)
    public static let personal = VerifiedType(rawValue: 0)
    public static let government = VerifiedType(rawValue: 1)
    public static let company = VerifiedType(rawValue: 2)
    public static let media = VerifiedType(rawValue: 3)
    public static let campus = VerifiedType(rawValue: 4)
    public static let website = VerifiedType(rawValue: 5)
    public static let app = VerifiedType(rawValue: 6)
    public static let organisation = VerifiedType(rawValue: 7)
    /// 达人: a popular personal account.
    public static let daren = VerifiedType(rawValue: 220)
}

extension User: Codable {
    enum CodingKeys: String, CodingKey {
        case id, idstr, name
        case screenName = "screen_name"
        case profileImageURL = "profile_image_url"
        case avatarLargeURL = "avatar_large"
        case verified
        case verifiedType = "verified_type"
        case memberType = "mbtype"
        case memberRank = "mbrank"
        case province, city
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        id = try keys.decodeID(forKey: .id, twin: .idstr)
        // `name` is the account name; `screen_name` the shown one. Real data always has both,
        // older captures sometimes only one.
        guard
            let screenName = try keys.decodeFlexibleStringIfPresent(forKey: .screenName)
                ?? keys.decodeFlexibleStringIfPresent(forKey: .name)
        else {
            throw DecodingError.keyNotFound(CodingKeys.screenName, decodingContext(decoder.codingPath, .tr("the user has no name")))
        }
        self.screenName = screenName
        profileImageURL = try keys.decodeURLIfPresent(forKey: .profileImageURL)
        avatarLargeURL = try keys.decodeURLIfPresent(forKey: .avatarLargeURL)
        isVerified = try keys.decodeFlexibleBool(forKey: .verified)
        // Absent means "not verified", the API's own -1.
        verifiedType = VerifiedType(rawValue: Int(try keys.decodeFlexibleInt64IfPresent(forKey: .verifiedType) ?? -1))
        memberType = keys.decodeCount(forKey: .memberType)
        memberRank = keys.decodeCount(forKey: .memberRank)
        province = try keys.decodeFlexibleStringIfPresent(forKey: .province)
        city = try keys.decodeFlexibleStringIfPresent(forKey: .city)
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(id, forKey: .id)
        try keys.encode(String(id), forKey: .idstr)
        try keys.encode(screenName, forKey: .screenName)
        try keys.encode(screenName, forKey: .name)
        try keys.encode(profileImageURL ?? "", forKey: .profileImageURL)
        try keys.encode(avatarLargeURL ?? "", forKey: .avatarLargeURL)
        try keys.encode(isVerified, forKey: .verified)
        try keys.encode(verifiedType.rawValue, forKey: .verifiedType)
        try keys.encode(memberType, forKey: .memberType)
        try keys.encode(memberRank, forKey: .memberRank)
        try keys.encode(province ?? "", forKey: .province)
        try keys.encode(city ?? "", forKey: .city)
    }
}
