/// A comment (评论): on one of the user's statuses (`comments/to_me`), or one that @mentions
/// the user (`comments/mentions`).
public struct Comment: Equatable, Hashable, Sendable {
    /// The comment id (`id`, twin `idstr`); newer comments have greater ids.
    public var id: Int64
    public var mid: String
    /// nil when Weibo sent no time that can be read.
    public var createdAt: Timestamp?
    public var text: String
    /// The raw `source` anchor, `""` when none.
    public var source: String
    /// Who wrote it; `nil` when the API leaves it out.
    public var user: User?
    /// The status it is on (with its own author), when sent.
    public var status: Status?
    /// Kept in a one-element array: the comment it answers (a comment cannot hold itself directly).
    private var replied: [Comment]

    public init(
        id: Int64, mid: String? = nil, createdAt: Timestamp?, text: String, source: String = "", user: User?, status: Status? = nil,
        replyComment: Comment? = nil
    ) {
        self.id = id
        self.mid = mid ?? String(id)
        self.createdAt = createdAt
        self.text = text
        self.source = source
        self.user = user
        self.status = status
        replied = replyComment.map { [$0] } ?? []
    }

    /// The comment this one answers (`reply_comment`), only on a reply.
    public var replyComment: Comment? {
        get { replied.first }
        set { replied = newValue.map { [$0] } ?? [] }
    }
}

extension Comment: Codable {
    enum CodingKeys: String, PostCodingKeys {
        case id, idstr, mid, text, source, user, status
        case createdAt = "created_at"
        case replyComment = "reply_comment"
    }

    /// Only the id and the author must be readable; a field that cannot be read costs that field
    /// (no time, no post it is on, no comment it answers), never the comment.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        (id, user, mid, createdAt, text, source) = try keys.decodePostFields()
        status = (try? keys.decodeIfPresent(Status.self, forKey: .status)) ?? nil
        replied = ((try? keys.decodeIfPresent(Comment.self, forKey: .replyComment)) ?? nil).map { [$0] } ?? []
    }

    /// Writes the comment as the real API does: numeric ids with string twins, `mid` a string.
    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encodePostFields(id: id, user: user, mid: mid, createdAt: createdAt, text: text, source: source)
        try keys.encodeIfPresent(status, forKey: .status)
        try keys.encodeIfPresent(replyComment, forKey: .replyComment)
    }
}
