/// The notifier's bubbles: one per kind of news, or one for all (`bubbles = single`).
public enum BubbleKind: String, CaseIterable, Codable, Sendable {
    /// Everything in one bubble (`bubbles = single`).
    case all
    /// New posts in the home timeline, new followers, and likes.
    case posts
    /// Comments on the user's posts.
    case comments
    /// Posts and comments that @mention the user.
    case mentions
    /// Private messages, and strangers' messages when they notify (counted only: the open API
    /// gives no message text).
    case messages

    /// The counters whose rise raises this bubble (`UnreadCounter.bubble`), in their order.
    public var counters: [UnreadCounter] {
        self == .all ? UnreadCounter.allCases : UnreadCounter.allCases.filter { $0.bubble == self }
    }

    /// Where the items behind this bubble come from (none for posts and messages).
    public var sources: [DetailSource] {
        switch self {
        case .comments: [.commentsToMe]
        case .mentions: [.statusMentions, .commentMentions]
        case .all, .posts, .messages: []
        }
    }

    /// The bubbles of a mode, in the order they are shown.
    public static func inUse(_ mode: BubbleMode) -> [BubbleKind] {
        mode == .single ? [.all] : [.posts, .comments, .mentions, .messages]
    }
}

/// One bubble for each kind of news, or one for everything.
public enum BubbleMode: String, CaseIterable, Sendable {
    case perKind = "per-kind"
    case single
}

/// How much a bubble tells: the text, the sender only, or the counts only.
public enum PreviewLevel: String, CaseIterable, Sendable {
    case full, sender, count
}

/// An API list behind a counter: where comments and mentions are fetched from.
public enum DetailSource: String, CaseIterable, Codable, Sendable {
    /// `comments/to_me.json`, behind `cmt`.
    case commentsToMe = "comments"
    /// `statuses/mentions.json`, behind `mention_status`.
    case statusMentions = "mention_status"
    /// `comments/mentions.json`, behind `mention_cmt`.
    case commentMentions = "mention_cmt"

    public var counter: UnreadCounter {
        switch self {
        case .commentsToMe: .cmt
        case .statusMentions: .mentionStatus
        case .commentMentions: .mentionCmt
        }
    }

    public var kind: BubbleKind { self == .commentsToMe ? .comments : .mentions }

    /// The most items one call of a list gives (the API's largest `count`).
    public static let pageSize = 200

    /// The calls that fetching `count` items of a list may take, a page each.
    public static func calls(toFetch count: Int) -> Int { max(1, (count + pageSize - 1) / pageSize) }
}

/// What the notifier remembers of one bubble.
public struct BubbleState: Equatable, Sendable, Codable {
    /// The unread amounts the open bubble shows; `nil` when it is not open.
    public var shown: UnreadCounts?
    /// What a bubble the user dismissed (or that expired) showed: not shown again until a
    /// counter rises above it.
    public var dismissed: UnreadCounts?
    /// The notification server's id of the open bubble.
    public var id: UInt32?

    public init(shown: UnreadCounts? = nil, dismissed: UnreadCounts? = nil, id: UInt32? = nil) {
        self.shown = shown
        self.dismissed = dismissed
        self.id = id
    }

    enum CodingKeys: String, CodingKey { case shown, dismissed, id }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        shown = try keys.decodeIfPresent(UnreadCounts.self, forKey: .shown)
        dismissed = try keys.decodeIfPresent(UnreadCounts.self, forKey: .dismissed)
        // An id outside UInt32 is no id a server gave: forgotten rather than refused.
        id = try keys.decodeIfPresent(Int64.self, forKey: .id).flatMap { UInt32(exactly: $0) }.flatMap { $0 > 0 ? $0 : nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encodeIfPresent(shown, forKey: .shown)
        try keys.encodeIfPresent(dismissed, forKey: .dismissed)
        try keys.encodeIfPresent(id, forKey: .id)
    }

    public var isEmpty: Bool { shown == nil && dismissed == nil && id == nil }
}

extension UnreadCounter {
    /// The bubble (with `bubbles = per-kind`) its rise raises. Said per counter, so that a new
    /// counter does not build until it names its bubble.
    public var bubble: BubbleKind {
        switch self {
        case .status, .follower, .attitude: .posts
        case .cmt: .comments
        case .mentionStatus, .mentionCmt: .mentions
        case .dm, .msgbox: .messages
        }
    }
}
