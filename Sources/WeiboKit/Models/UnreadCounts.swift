/// The answer of `remind/unread_count.json`: how many new things wait for the user.
///
/// Every documented counter; a counter the server leaves out counts as 0, and the keys real
/// responses add (`all_cmt`, `chat_group_pc`, …) are ignored. A document with none of the
/// documented counters is not a reading (a gateway's `{}` or `{"message": …}`), and every
/// counter is clamped to `0…maximum` as it is read, so no sum or conversion downstream can trap
/// and a negative count never becomes a baseline.
public struct UnreadCounts: Equatable, Hashable, Sendable {
    /// 新微博: new statuses in the home timeline.
    public var status: Int
    /// 新粉丝: new followers.
    public var follower: Int
    /// 新评论: new comments.
    public var cmt: Int
    /// 新私信: new direct messages.
    public var dm: Int
    /// 提及我的微博: statuses that @mention the user.
    public var mentionStatus: Int
    /// 提及我的评论: comments that @mention the user.
    public var mentionCmt: Int
    /// 微群: group messages.
    public var group: Int
    public var privateGroup: Int
    /// The minor counters: 通知, 邀请, 勋章, 相册, 消息箱.
    public var notice: Int
    public var invite: Int
    public var badge: Int
    public var photo: Int
    /// 消息箱: private messages from people the user does not follow (Weibo's spam channel).
    public var msgbox: Int
    /// 新赞: new likes on the user's posts and comments (`attitude` + `comment_attitude`), asked
    /// for with `with_comment_attitude=true`; nil when the answer carries neither key (an app
    /// key may not receive them), and then no surface shows likes at all.
    public var attitude: Int?

    public init(
        status: Int = 0, follower: Int = 0, cmt: Int = 0, dm: Int = 0, mentionStatus: Int = 0, mentionCmt: Int = 0,
        group: Int = 0, privateGroup: Int = 0, notice: Int = 0, invite: Int = 0, badge: Int = 0, photo: Int = 0,
        msgbox: Int = 0, attitude: Int? = nil
    ) {
        self.status = status
        self.follower = follower
        self.cmt = cmt
        self.dm = dm
        self.mentionStatus = mentionStatus
        self.mentionCmt = mentionCmt
        self.group = group
        self.privateGroup = privateGroup
        self.notice = notice
        self.invite = invite
        self.badge = badge
        self.photo = photo
        self.msgbox = msgbox
        self.attitude = attitude
    }

    /// The largest count believed: anything above it is read as this.
    public static let maximum = 1_000_000_000

    /// Comments, direct messages and mentions: what clients call "messages".
    public var messages: Int { cmt + dm + mentionStatus + mentionCmt }
    /// Messages, new statuses and new followers (each counter is at most `maximum`, so the sum
    /// cannot overflow).
    public var total: Int { messages + status + follower }
}

extension UnreadCounts: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case status, follower, cmt, dm
        case mentionStatus = "mention_status"
        case mentionCmt = "mention_cmt"
        case group
        case privateGroup = "private_group"
        case notice, invite, badge, photo, msgbox
        case attitude
        case commentAttitude = "comment_attitude"
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        guard CodingKeys.allCases.contains(where: keys.contains) else {
            throw DecodingError.dataCorrupted(decodingContext(keys.codingPath, .tr("no unread counter in the answer")))
        }
        func count(_ key: CodingKeys) throws -> Int {
            let value: Int64?
            do {
                value = try keys.decodeFlexibleInt64IfPresent(forKey: key)
            } catch {
                // A number past Int64, or written with a fraction: bounded as any count is (one
                // odd counter must not fail every check). Anything but a number still fails.
                guard let number = try? keys.decodeIfPresent(Double.self, forKey: key), number.isFinite else { throw error }
                return Int(min(max(number.rounded(.down), 0), Double(Self.maximum)))
            }
            guard let value else { return 0 }
            return Int(min(max(value, 0), Int64(Self.maximum)))
        }
        self.init()
        for (key, field) in Self.fields { self[keyPath: field] = try count(key) }
        let likeKeys: [CodingKeys] = [.attitude, .commentAttitude]
        attitude = likeKeys.contains(where: keys.contains) ? min(try count(.attitude) + count(.commentAttitude), Self.maximum) : nil
    }

    /// Every counter; the likes as one `attitude` key, and only when the answer carried them
    /// (so that a saved state remembers whether Weibo gives likes).
    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        for (key, field) in Self.fields { try keys.encode(self[keyPath: field], forKey: key) }
        try keys.encodeIfPresent(attitude, forKey: .attitude)
    }

    /// Each counter's key and field, but the likes' (two keys, one field that may be missing).
    private static let fields: [(CodingKeys, any WritableKeyPath<UnreadCounts, Int> & Sendable)] = [
        (.status, \.status), (.follower, \.follower), (.cmt, \.cmt), (.dm, \.dm), (.mentionStatus, \.mentionStatus), (.mentionCmt, \.mentionCmt),
        (.group, \.group), (.privateGroup, \.privateGroup), (.notice, \.notice), (.invite, \.invite), (.badge, \.badge), (.photo, \.photo),
        (.msgbox, \.msgbox),
    ]
}

/// The counters the notifier watches, by the API's names.
public enum UnreadCounter: String, CaseIterable, Equatable, Hashable, Sendable {
    case status
    case cmt
    case mentionStatus = "mention_status"
    case mentionCmt = "mention_cmt"
    case dm
    case follower
    /// Private messages from strangers: the `strangers_messages` setting, not the lists.
    case msgbox
    /// Likes, when Weibo gives them: the `likes` setting, not the lists.
    case attitude

    /// The counters the `notify` and `count_only` settings list; the other two have a setting
    /// each.
    public static let listed: [UnreadCounter] = [.status, .cmt, .mentionStatus, .mentionCmt, .dm, .follower]

    /// The status bar's placeholder that adds it up (`{mentions}`: both kinds of @mention); nil
    /// for none of its own (messages from strangers and likes count in `{total}` only).
    public var barPlaceholder: String? {
        switch self {
        case .status: "posts"
        case .cmt: "comments"
        case .mentionStatus, .mentionCmt: "mentions"
        case .dm: "messages"
        case .follower: "followers"
        case .msgbox, .attitude: nil
        }
    }

    /// Whether a count of it waiting makes the badge and the bars urgent: someone wrote to the
    /// user or named them.
    public var isUrgent: Bool {
        switch self {
        case .mentionStatus, .mentionCmt, .dm: true
        case .status, .cmt, .follower, .msgbox, .attitude: false
        }
    }
}

extension UnreadCounts {
    /// The value of one watched counter.
    public subscript(counter: UnreadCounter) -> Int {
        get {
            switch counter {
            case .status: status
            case .cmt: cmt
            case .mentionStatus: mentionStatus
            case .mentionCmt: mentionCmt
            case .dm: dm
            case .follower: follower
            case .msgbox: msgbox
            case .attitude: attitude ?? 0
            }
        }
        set {
            switch counter {
            case .status: status = newValue
            case .cmt: cmt = newValue
            case .mentionStatus: mentionStatus = newValue
            case .mentionCmt: mentionCmt = newValue
            case .dm: dm = newValue
            case .follower: follower = newValue
            case .msgbox: msgbox = newValue
            case .attitude: attitude = newValue
            }
        }
    }

    /// Whether the answer carried `counter`: every counter but the likes always counts (a
    /// missing key is 0); the likes only where Weibo gave them.
    public func carries(_ counter: UnreadCounter) -> Bool {
        counter != .attitude || attitude != nil
    }

    /// The counters the answer carried, in the API's order: what a list of every counter shows.
    public var carriedCounters: [UnreadCounter] { UnreadCounter.allCases.filter(carries) }
}

extension UnreadCounts {
    /// The counts of two accounts added up, each counter still at most `maximum`.
    public func adding(_ other: UnreadCounts) -> UnreadCounts {
        func sum(_ a: Int, _ b: Int) -> Int { min(a + b, Self.maximum) }
        return UnreadCounts(
            status: sum(status, other.status), follower: sum(follower, other.follower), cmt: sum(cmt, other.cmt), dm: sum(dm, other.dm),
            mentionStatus: sum(mentionStatus, other.mentionStatus), mentionCmt: sum(mentionCmt, other.mentionCmt), group: sum(group, other.group),
            privateGroup: sum(privateGroup, other.privateGroup), notice: sum(notice, other.notice), invite: sum(invite, other.invite),
            badge: sum(badge, other.badge), photo: sum(photo, other.photo), msgbox: sum(msgbox, other.msgbox),
            attitude: attitude == nil && other.attitude == nil ? nil : sum(attitude ?? 0, other.attitude ?? 0))
    }
}
