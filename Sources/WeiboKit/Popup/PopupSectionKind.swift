/// The popup's sections, as a table: what each lists and fetches, the counters its tab counts,
/// the bubble whose news it shows (closed, with its counters cleared, when the section is seen).
///
/// Adding a section is a case here, its row in each property (the compiler asks for every
/// one: there is no `default:`), and its words in `Localizer+Popup`.
public enum PopupSectionKind: String, CaseIterable, Codable, Sendable {
    /// The home timeline.
    case posts
    /// Comments on the user's posts.
    case comments
    /// Posts and comments that mention the user, merged newest first.
    case mentions

    /// The section a bubble's click opens: its own; private messages (the API gives no text)
    /// and the one bubble for everything open on posts.
    public init(_ bubble: BubbleKind) {
        switch bubble {
        case .comments: self = .comments
        case .mentions: self = .mentions
        case .all, .posts, .messages: self = .posts
        }
    }

    /// A list of statuses a section fetches.
    public enum StatusList: Sendable {
        /// `statuses/home_timeline.json`: pages of 100, often short (Weibo leaves some out).
        case homeTimeline
        /// `statuses/mentions.json`: pages of 200, a short one ends it.
        case mentions

        /// The most one call asks for.
        public var pageSize: Int { self == .homeTimeline ? PopupItems.pageSize : DetailSource.pageSize }
        /// Whether a short page is the list's end (the home timeline leaves some statuses out).
        public var shortPageEnds: Bool { self != .homeTimeline }
    }

    /// The statuses it lists, if any.
    public var statusList: StatusList? {
        switch self {
        case .posts: .homeTimeline
        case .comments: nil
        case .mentions: .mentions
        }
    }

    /// A list of comments a section fetches (pages of 200, a short one ends it).
    public enum CommentList: Sendable {
        /// `comments/to_me.json`.
        case toMe
        /// `comments/mentions.json`.
        case mentions

        /// The list as the bubbles name it (what a comment row opens and says it answers).
        public var source: DetailSource { self == .toMe ? .commentsToMe : .commentMentions }
        /// The most one call asks for.
        public var pageSize: Int { DetailSource.pageSize }
        /// A short page is the list's end.
        public var shortPageEnds: Bool { true }
    }

    /// The comments it lists, if any.
    public var commentList: CommentList? {
        switch self {
        case .posts: nil
        case .comments: .toMe
        case .mentions: .mentions
        }
    }

    /// The counters of what it lists: its tab's count.
    public var counters: [UnreadCounter] {
        switch self {
        case .posts: [.status]
        case .comments: [.cmt]
        case .mentions: [.mentionStatus, .mentionCmt]
        }
    }

    /// The bubble whose news it lists: seen, the section clears that bubble's counters (posts:
    /// new followers too, which the posts bubble tells) and closes it.
    public var bubble: BubbleKind {
        switch self {
        case .posts: .posts
        case .comments: .comments
        case .mentions: .mentions
        }
    }

    /// Whether its fetches spend the day's detail calls (every list but the home timeline).
    public var spendsDetailCalls: Bool { statusList == .mentions || commentList != nil }

    /// The most requests fetching `count` items of each of its lists may make: the home
    /// timeline a page of 100 each and one more (a short page does not end it), the others a
    /// page of 200 each.
    public func requests(toFetch count: Int) -> Int {
        var requests = 0
        switch statusList {
        case .homeTimeline: requests += (count + PopupItems.pageSize - 1) / PopupItems.pageSize + 1
        case .mentions: requests += DetailSource.calls(toFetch: count)
        case nil: break
        }
        if commentList != nil { requests += DetailSource.calls(toFetch: count) }
        return requests
    }

    /// The counts of its counters in `counts` (keyed by the counters' names), added up.
    public func count(in counts: [String: Int]) -> Int {
        counters.reduce(0) { $0 + max(0, counts[$1.rawValue] ?? 0) }
    }
}
