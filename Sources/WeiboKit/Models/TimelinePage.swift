/// One page of `statuses/home_timeline.json` (or `friends_timeline.json`).
///
/// One status that cannot be read (no id, no author that can be read) costs that status, never
/// the page: it is left out and its id, place and problem kept in `skipped`. Only a document
/// that is not a timeline at all is refused.
public struct TimelinePage: Equatable, Sendable {
    /// Newest first.
    public var statuses: [Status]
    /// The statuses left out, with where and why.
    public var skipped: [DecodingFailure] = []
    /// Cursor for older statuses (`next_cursor`), 0 at the end.
    public var nextCursor: Int64
    /// Cursor for newer statuses (`previous_cursor`).
    public var previousCursor: Int64
    /// The number the server reports (`total_number`).
    public var totalNumber: Int
    /// Whether the server says more unread statuses wait (`has_unread`).
    public var hasUnread: Bool

    public init(
        statuses: [Status], nextCursor: Int64 = 0, previousCursor: Int64 = 0, totalNumber: Int? = nil,
        hasUnread: Bool = false
    ) {
        self.statuses = statuses
        self.nextCursor = nextCursor
        self.previousCursor = previousCursor
        self.totalNumber = totalNumber ?? statuses.count
        self.hasUnread = hasUnread
    }
}

extension TimelinePage: Codable {
    enum CodingKeys: String, CodingKey {
        case statuses
        case nextCursor = "next_cursor"
        case nextCursorString = "next_cursor_str"
        case previousCursor = "previous_cursor"
        case previousCursorString = "previous_cursor_str"
        case totalNumber = "total_number"
        case hasUnread = "has_unread"
        case sinceID = "since_id"
        case sinceIDString = "since_id_str"
        case maxID = "max_id"
        case maxIDString = "max_id_str"
        case advertises, ad, hasvisible, interval
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        (statuses, skipped) = try keys.decodeLeniently(Status.self, forKey: .statuses)
        nextCursor = try keys.decodeFlexibleInt64IfPresent(forKey: .nextCursor) ?? 0
        previousCursor = try keys.decodeFlexibleInt64IfPresent(forKey: .previousCursor) ?? 0
        totalNumber = keys.decodeCount(forKey: .totalNumber)
        hasUnread = try keys.decodeFlexibleBool(forKey: .hasUnread)
    }

    /// Writes the page with the real response's top-level keys, cursors with string twins.
    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(statuses, forKey: .statuses)
        try keys.encode([String](), forKey: .advertises)
        try keys.encode([String](), forKey: .ad)
        try keys.encode(false, forKey: .hasvisible)
        try keys.encode(previousCursor, forKey: .previousCursor)
        try keys.encode(String(previousCursor), forKey: .previousCursorString)
        try keys.encode(nextCursor, forKey: .nextCursor)
        try keys.encode(String(nextCursor), forKey: .nextCursorString)
        try keys.encode(totalNumber, forKey: .totalNumber)
        try keys.encode(0, forKey: .interval)
        let sinceID = statuses.first?.id ?? 0
        let maxID = statuses.last?.id ?? 0
        try keys.encode(sinceID, forKey: .sinceID)
        try keys.encode(String(sinceID), forKey: .sinceIDString)
        try keys.encode(maxID, forKey: .maxID)
        try keys.encode(String(maxID), forKey: .maxIDString)
        try keys.encode(hasUnread ? 1 : 0, forKey: .hasUnread)
    }
}

extension TimelinePage {
    /// Reads a `home_timeline` response one status at a time: each status is handed to `each`
    /// as soon as its JSON is read, and its tree dropped, so that a page of any length costs the
    /// same per status and never holds its whole tree (the `timeline` command lays each status
    /// out and prints it at once). The page returned has no statuses, but the cursors and the
    /// statuses left out. The same errors as `WeiboJSON.decode(_:from:)`; statuses handed on
    /// before a bad part of the document stay handed on, and a document that repeats
    /// `statuses` has the statuses of each list handed on.
    public static func read(from data: [UInt8], each: (Status) -> Void) throws(ResponseError) -> TimelinePage {
        var skipped: [DecodingFailure] = []
        var page = try WeiboJSON.decode(TimelinePage.self, from: data, streaming: CodingKeys.statuses, of: Status.self) { result in
            switch result {
            case .success(let status): each(status)
            case .failure(let failure): skipped.append(failure)
            }
        }
        page.skipped = skipped
        return page
    }
}
