/// One comment or mention behind a counter, as a bubble and a summary tell it: who, what, on
/// which post, and what a reply needs.
public struct DetailItem: Equatable, Sendable {
    public var source: DetailSource
    /// The comment's id, or the mentioning status's.
    public var id: Int64
    public var authorName: String
    public var authorID: Int64
    /// The author's small avatar, when the API sent one.
    public var avatarURL: String?
    public var text: String
    public var createdAt: Timestamp?
    /// The post it is on (for a mentioning status: itself) and that post's author.
    public var statusID: Int64
    public var statusAuthorID: Int64
    /// The text of the post a comment is on.
    public var statusText: String?
    /// The text of the comment a reply answers.
    public var replyingTo: String?

    public init(
        source: DetailSource, id: Int64, authorName: String, authorID: Int64, avatarURL: String? = nil, text: String, createdAt: Timestamp?,
        statusID: Int64, statusAuthorID: Int64, statusText: String? = nil, replyingTo: String? = nil
    ) {
        self.source = source
        self.id = id
        self.authorName = authorName
        self.authorID = authorID
        self.avatarURL = avatarURL
        self.text = text
        self.createdAt = createdAt
        self.statusID = statusID
        self.statusAuthorID = statusAuthorID
        self.statusText = statusText
        self.replyingTo = replyingTo
    }

    /// A comment from `comments/to_me` or `comments/mentions`.
    public init(_ comment: Comment, source: DetailSource) {
        self.init(
            source: source, id: comment.id, authorName: comment.user?.screenName ?? "", authorID: comment.user?.id ?? 0,
            avatarURL: comment.user?.profileImageURL, text: comment.text, createdAt: comment.createdAt, statusID: comment.status?.id ?? 0,
            statusAuthorID: comment.status?.user?.id ?? 0, statusText: comment.status?.text, replyingTo: comment.replyComment?.text)
    }

    /// A status from `statuses/mentions`.
    public init(mention status: Status) {
        self.init(
            source: .statusMentions, id: status.id, authorName: status.user?.screenName ?? "", authorID: status.user?.id ?? 0,
            avatarURL: status.user?.profileImageURL, text: status.text, createdAt: status.createdAt, statusID: status.id,
            statusAuthorID: status.user?.id ?? 0)
    }

    /// Where it is on the web: its post.
    public var webURL: String { "https://weibo.com/\(statusAuthorID)/\(statusID)" }

    /// What a reply from the bubble sends: an answer to the comment, or a comment on the post.
    public func reply(_ text: String) -> ReplyRequest {
        ReplyRequest(commentID: source == .statusMentions ? nil : id, statusID: statusID, text: text, authorName: authorName)
    }
}

/// A reply typed into a bubble: to comment `commentID` on post `statusID`, or (without a
/// comment) a comment on the post itself.
public struct ReplyRequest: Equatable, Sendable, Codable {
    public var commentID: Int64?
    public var statusID: Int64
    public var text: String
    /// Whom it answers, for the words of the bubble that says how it went.
    public var authorName: String
    /// Weibo may have it already: the request went out and its answer never came (a timeout,
    /// a connection closed, a retry that stopped half-way). Never sent again without asking.
    public var maybeSent = false

    public init(commentID: Int64?, statusID: Int64, text: String, authorName: String, maybeSent: Bool = false) {
        self.commentID = commentID
        self.statusID = statusID
        self.text = text
        self.authorName = authorName
        self.maybeSent = maybeSent
    }

    enum CodingKeys: String, CodingKey {
        case commentID = "cid"
        case statusID = "id"
        case text = "comment"
        case authorName = "author"
        case maybeSent = "maybe_sent"
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        commentID = try keys.decodeIfPresent(Int64.self, forKey: .commentID)
        statusID = try keys.decode(Int64.self, forKey: .statusID)
        text = try keys.decode(String.self, forKey: .text)
        authorName = try keys.decode(String.self, forKey: .authorName)
        maybeSent = try keys.decodeIfPresent(Bool.self, forKey: .maybeSent) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encodeIfPresent(commentID, forKey: .commentID)
        try keys.encode(statusID, forKey: .statusID)
        try keys.encode(text, forKey: .text)
        try keys.encode(authorName, forKey: .authorName)
        if maybeSent { try keys.encode(true, forKey: .maybeSent) }
    }

    /// Weibo takes at most 140 characters.
    public static let maximumLength = 140

    /// Why Weibo would refuse this reply however often it went, known before sending (too
    /// long), in the localizer's words; nil when it may go.
    public func refusal(_ localizer: Localizer) -> String? {
        guard text.count > Self.maximumLength else { return nil }
        return localizer.tr("it has %d characters, Weibo takes %d at most", text.count, Self.maximumLength)
    }

    /// Whether a reply whose sending failed with `error` would be refused again: Weibo refused
    /// the request itself (`PollFailure.Kind.refused`), not the moment.
    public static func refusedForGood(by error: APIError) -> Bool {
        PollFailure(refusal: error, "").kind == .refused
    }
}
