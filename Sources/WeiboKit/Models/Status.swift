/// A status (微博) as the home timeline returns it: the seed's `HMStatus`.
public struct Status: Equatable, Hashable, Sendable {
    /// The status id (`id`, twin `idstr`).
    public var id: Int64
    /// The message id, a string in real data (`mid`).
    public var mid: String
    /// When it was posted (`created_at`); nil when Weibo sent no time that can be read (the
    /// status shows without one).
    public var createdAt: Timestamp?
    /// The text, with `\n`, emoji, `#话题#`, `[表情]` codes and `t.cn` links as sent.
    public var text: String
    /// The raw `source` anchor (`<a href=…>微博 weibo.com</a>`), `""` when none.
    public var source: String
    /// The author; `nil` for a deleted or hidden retweet.
    public var user: User?
    /// The pictures listed in `pic_urls` (at most 9 are listed).
    public var pictures: [Picture]
    /// How many pictures the status has (`pic_num`), at least `pictures.count`.
    public var pictureCount: Int
    public var repostsCount: Int
    public var commentsCount: Int
    public var attitudesCount: Int
    /// The text is cut and ends with a `全文` link (`isLongText`).
    public var isLongText: Bool
    /// A deleted retweet (`"deleted": "1"`).
    public var isDeleted: Bool
    public var isFavorited: Bool
    public var isTruncated: Bool
    /// The status this one replies to; `nil` for the API's `""`.
    public var inReplyToStatusID: Int64?
    /// Kept in a one-element array: a struct cannot hold itself directly, an array stores it
    /// out of line.
    private var retweeted: [Status]

    public init(
        id: Int64, mid: String? = nil, createdAt: Timestamp?, text: String, source: String = "", user: User?,
        pictures: [Picture] = [], pictureCount: Int? = nil,
        repostsCount: Int = 0, commentsCount: Int = 0, attitudesCount: Int = 0,
        isLongText: Bool = false, isDeleted: Bool = false, isFavorited: Bool = false, isTruncated: Bool = false,
        inReplyToStatusID: Int64? = nil, retweetedStatus: Status? = nil
    ) {
        self.id = id
        self.mid = mid ?? String(id)
        self.createdAt = createdAt
        self.text = text
        self.source = source
        self.user = user
        self.pictures = pictures
        self.pictureCount = max(pictureCount ?? pictures.count, pictures.count)
        self.repostsCount = repostsCount
        self.commentsCount = commentsCount
        self.attitudesCount = attitudesCount
        self.isLongText = isLongText
        self.isDeleted = isDeleted
        self.isFavorited = isFavorited
        self.isTruncated = isTruncated
        self.inReplyToStatusID = inReplyToStatusID
        self.retweeted = retweetedStatus.map { [$0] } ?? []
    }

    /// The reposted status, present only on reposts (`retweeted_status`).
    public var retweetedStatus: Status? {
        get { retweeted.first }
        set { retweeted = newValue.map { [$0] } ?? [] }
    }

    /// A retweet that can no longer be read: deleted, or hidden by its author (no `user`).
    public var isUnavailable: Bool { isDeleted || user == nil }
}

extension Status: Codable {
    enum CodingKeys: String, PostCodingKeys {
        case id, idstr, mid, text, source, user, deleted, favorited, truncated
        case createdAt = "created_at"
        case pictures = "pic_urls"
        case pictureCount = "pic_num"
        case thumbnailPic = "thumbnail_pic"
        case middlePic = "bmiddle_pic"
        case originalPic = "original_pic"
        case repostsCount = "reposts_count"
        case commentsCount = "comments_count"
        case attitudesCount = "attitudes_count"
        case isLongText
        case inReplyToStatusID = "in_reply_to_status_id"
        case inReplyToUserID = "in_reply_to_user_id"
        case inReplyToScreenName = "in_reply_to_screen_name"
        case retweetedStatus = "retweeted_status"
    }

    /// Only the id and the author must be readable: without them there is no status to show. A
    /// field that cannot be read costs that field (no time, no picture, a count of 0, a retweet
    /// shown as unavailable), never the status.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        (id, user, mid, createdAt, text, source) = try keys.decodePostFields()

        // Each picture on its own: one with a bad address is left out.
        var pictures = keys.contains(.pictures) ? ((try? keys.decodeLeniently(Picture.self, forKey: .pictures))?.0 ?? []) : []
        pictures.removeAll { $0.thumbnailURL.isEmpty }
        // Old captures list no `pic_urls` but carry the first picture in `thumbnail_pic`.
        if pictures.isEmpty, let thumbnail = (try? keys.decodeURLIfPresent(forKey: .thumbnailPic)) ?? nil {
            pictures = [Picture(thumbnailURL: thumbnail)]
        }
        self.pictures = pictures
        // `pic_num` may exceed the nine listed pictures in newer data.
        pictureCount = max(keys.decodeCount(forKey: .pictureCount), pictures.count)

        repostsCount = keys.decodeCount(forKey: .repostsCount)
        commentsCount = keys.decodeCount(forKey: .commentsCount)
        attitudesCount = keys.decodeCount(forKey: .attitudesCount)
        isLongText = (try? keys.decodeFlexibleBool(forKey: .isLongText)) ?? false
        isDeleted = (try? keys.decodeFlexibleBool(forKey: .deleted)) ?? false
        isFavorited = (try? keys.decodeFlexibleBool(forKey: .favorited)) ?? false
        isTruncated = (try? keys.decodeFlexibleBool(forKey: .truncated)) ?? false
        // Documented as a number, sent as "" when the status replies to nothing.
        inReplyToStatusID = (try? keys.decodeFlexibleInt64IfPresent(forKey: .inReplyToStatusID, usuallyString: true)) ?? nil
        do {
            retweeted = try keys.decodeIfPresent(Status.self, forKey: .retweetedStatus).map { [$0] } ?? []
        } catch {
            // A repost whose original cannot be read shows it as unavailable.
            retweeted = [Status(id: 0, createdAt: nil, text: "", user: nil, isDeleted: true)]
        }
    }

    /// Writes the status as the real API does: numeric ids with string twins, `mid` as a
    /// string, `""` reply fields, `"deleted": "1"` and no `user` on a deleted retweet.
    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encodePostFields(id: id, user: user, mid: mid, createdAt: createdAt, text: text, source: source)
        try keys.encode(pictures, forKey: .pictures)
        try keys.encode(pictureCount, forKey: .pictureCount)
        if let first = pictures.first {
            try keys.encode(first.thumbnailURL, forKey: .thumbnailPic)
            try keys.encode(first.middleURL, forKey: .middlePic)
            try keys.encode(first.largeURL, forKey: .originalPic)
        }
        try keys.encode(repostsCount, forKey: .repostsCount)
        try keys.encode(commentsCount, forKey: .commentsCount)
        try keys.encode(attitudesCount, forKey: .attitudesCount)
        try keys.encode(isLongText, forKey: .isLongText)
        if isDeleted { try keys.encode("1", forKey: .deleted) }
        try keys.encode(isFavorited, forKey: .favorited)
        try keys.encode(isTruncated, forKey: .truncated)
        try keys.encode(inReplyToStatusID.map(String.init) ?? "", forKey: .inReplyToStatusID)
        try keys.encode("", forKey: .inReplyToUserID)
        try keys.encode("", forKey: .inReplyToScreenName)
        try keys.encodeIfPresent(retweetedStatus, forKey: .retweetedStatus)
    }
}
