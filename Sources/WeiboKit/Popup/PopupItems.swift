/// What the popup shows in one section, as `GetItems` answers it: the API's own statuses and
/// comments (newest first), when they were fetched, and why they may be old.
///
/// The JSON is the API's shape (`{"statuses": […], "comments": […]}`) with three keys of the
/// notifier's: `fetched_at` (seconds since 1970), `error_kind` (`PollFailure.Kind`) and `error`.
public struct PopupItems: Equatable, Sendable {
    /// Posts: the home timeline; mentions: the posts that mention the user.
    public var statuses: [Status]
    /// Comments: the comments to the user; mentions: the comments that mention the user.
    public var comments: [Comment]
    /// When they were fetched; `nil` for none yet.
    public var fetchedAt: Timestamp?
    /// Why they are not fresh (no login, offline, the day's budget spent), if they are not.
    public var failure: PollFailure?

    public init(statuses: [Status] = [], comments: [Comment] = [], fetchedAt: Timestamp? = nil, failure: PollFailure? = nil) {
        self.statuses = statuses
        self.comments = comments
        self.fetchedAt = fetchedAt
        self.failure = failure
    }

    /// At most `count` of each list.
    public func prefix(_ count: Int) -> PopupItems {
        PopupItems(statuses: Array(statuses.prefix(count)), comments: Array(comments.prefix(count)), fetchedAt: fetchedAt, failure: failure)
    }

    public var count: Int { statuses.count + comments.count }

    /// The most a section holds: 100 at open, up to 500 with "Load more".
    public static let maximumCount = 500
    /// The items one fetch asks for.
    public static let pageSize = 100
}

extension PopupItems: Codable {
    enum CodingKeys: String, CodingKey {
        case statuses, comments
        case fetchedAt = "fetched_at"
        case errorKind = "error_kind"
        case error
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        statuses = keys.contains(.statuses) ? try keys.decodeLeniently(Status.self, forKey: .statuses).0 : []
        comments = keys.contains(.comments) ? try keys.decodeLeniently(Comment.self, forKey: .comments).0 : []
        fetchedAt = try keys.decodeIfPresent(Int64.self, forKey: .fetchedAt).map { Timestamp(secondsSince1970: Double($0)) }
        if let kind = try keys.decodeIfPresent(String.self, forKey: .errorKind).flatMap(PollFailure.Kind.init(rawValue:)) {
            failure = PollFailure(kind, try keys.decodeIfPresent(String.self, forKey: .error) ?? "")
        } else {
            failure = nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(statuses, forKey: .statuses)
        try keys.encode(comments, forKey: .comments)
        if let fetchedAt { try keys.encode(Int64(fetchedAt.secondsSince1970), forKey: .fetchedAt) }
        if let failure {
            try keys.encode(failure.kind.rawValue, forKey: .errorKind)
            try keys.encode(failure.message, forKey: .error)
        }
    }
}
