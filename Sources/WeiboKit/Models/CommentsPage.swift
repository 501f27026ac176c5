/// One page of `comments/to_me.json` or `comments/mentions.json`.
///
/// One comment that cannot be read costs that comment, never the page: it is left out and its
/// place and problem kept in `skipped` (for the log). Only a document that is not such a page
/// at all is refused.
public struct CommentsPage: Equatable, Sendable {
    /// Newest first.
    public var comments: [Comment]
    /// The comments left out, with where and why.
    public var skipped: [DecodingFailure]
    public var nextCursor: Int64
    public var previousCursor: Int64
    public var totalNumber: Int

    public init(comments: [Comment], skipped: [DecodingFailure] = [], nextCursor: Int64 = 0, previousCursor: Int64 = 0, totalNumber: Int? = nil) {
        self.comments = comments
        self.skipped = skipped
        self.nextCursor = nextCursor
        self.previousCursor = previousCursor
        self.totalNumber = totalNumber ?? comments.count
    }
}

extension CommentsPage: Codable {
    enum CodingKeys: String, CodingKey {
        case comments, hasvisible
        case nextCursor = "next_cursor"
        case previousCursor = "previous_cursor"
        case totalNumber = "total_number"
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        (comments, skipped) = try keys.decodeLeniently(Comment.self, forKey: .comments)
        nextCursor = try keys.decodeFlexibleInt64IfPresent(forKey: .nextCursor) ?? 0
        previousCursor = try keys.decodeFlexibleInt64IfPresent(forKey: .previousCursor) ?? 0
        totalNumber = keys.decodeCount(forKey: .totalNumber)
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(comments, forKey: .comments)
        try keys.encode(false, forKey: .hasvisible)
        try keys.encode(previousCursor, forKey: .previousCursor)
        try keys.encode(nextCursor, forKey: .nextCursor)
        try keys.encode(totalNumber, forKey: .totalNumber)
    }
}
