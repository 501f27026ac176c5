/// One fetch of a popup section's items, as the core decided it: the shell pages through the
/// API within `requests` and answers with the same value (`popupItemsFetched`, `popupItemsFailed`)
/// and the requests it made, which is what the day's budget is charged.
public struct PopupFetch: Equatable, Sendable {
    /// Names this fetch: an answer to one the core no longer waits for (the login changed
    /// meanwhile) changes nothing.
    public var id: Int
    /// Posts, comments or mentions.
    public var kind: PopupSectionKind
    /// How many items to fetch, of each list.
    public var count: Int
    /// "Load more" within the minute of the last fetch: only items older than these ids (the
    /// oldest status and comment held), added to the held ones; nil: the newest.
    public var olderThan: Oldest?
    /// The most requests it may make: a page each (mentions: a page of each list).
    public var requests: Int

    /// The oldest status and comment held: where "Load more" goes on from.
    public struct Oldest: Equatable, Sendable {
        public var statuses: Int64?
        public var comments: Int64?
    }

    public init(id: Int, kind: PopupSectionKind, count: Int, olderThan: Oldest? = nil, requests: Int) {
        self.id = id
        self.kind = kind
        self.count = count
        self.olderThan = olderThan
        self.requests = requests
    }
}
