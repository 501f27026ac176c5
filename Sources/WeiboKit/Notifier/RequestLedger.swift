/// What the requests of the user (or a program on the session bus) have asked and been told:
/// when the last check started, a check asked for during one, the refreshes waiting for a
/// check's answer, the summaries just shown and whether one is being fetched, and what came
/// before the account's state was loaded. Its rules: a check that worked is the current answer
/// for `gap` seconds after it started, and so is a summary after it was shown
/// (`Notifier+Requests` uses it; `RequestLedgerTests` tables it).
public struct RequestLedger: Equatable, Sendable {
    /// A summary bubble shown, kept for the requests right after it.
    struct RecentSummary: Equatable, Sendable {
        var bubble: Bubble
        var at: Timestamp
    }

    /// When the last check started.
    public private(set) var lastCheckAt: Timestamp?
    /// A check was asked for while one was under way: one more follows it.
    public var checkQueued = false
    /// The refreshes waiting for the check under way.
    public private(set) var waitingRefreshes: [RequestID] = []
    /// The posts summary is being fetched.
    public var summaryInFlight = false
    private var recentSummaries: [BubbleKind: RecentSummary] = [:]
    /// The events that act on the account's state (`NotifierEvent.waitsForTheState`), kept in
    /// order until the notifier has it (`started`); nil once it has.
    var waitingForTheState: [NotifierEvent]? = []

    public init() {}

    /// A check starts at `now`.
    public mutating func checkStarted(at now: Timestamp) { lastCheckAt = now }

    /// Until when the last check's answer is the current one at `now`: a check that worked
    /// (`checkWorked`) started less than `gap` seconds ago; nil when it is not.
    public func currentUntil(_ now: Timestamp, checkWorked: Bool, gap: Double) -> Timestamp? {
        guard checkWorked, let last = lastCheckAt else { return nil }
        let until = last.adding(gap)
        return now < until ? until : nil
    }

    /// The check asked for during the one that just ended, taken (at most once).
    public mutating func takeQueuedCheck() -> Bool {
        defer { checkQueued = false }
        return checkQueued
    }

    public mutating func refreshWaits(_ request: RequestID) { waitingRefreshes.append(request) }

    /// The refreshes that waited, now answered.
    public mutating func takeRefreshes() -> [RequestID] {
        defer { waitingRefreshes = [] }
        return waitingRefreshes
    }

    /// A summary of `kind` was shown at `now`: the answer to requests for it during `gap`.
    public mutating func summaryShown(_ bubble: Bubble, of kind: BubbleKind, at now: Timestamp) {
        recentSummaries[Self.summaryKey(kind)] = RecentSummary(bubble: bubble, at: now)
    }

    /// The summary of `kind` shown less than `gap` seconds before `now`, if any.
    public func recentSummary(_ kind: BubbleKind, at now: Timestamp, gap: Double) -> Bubble? {
        guard let recent = recentSummaries[Self.summaryKey(kind)], now >= recent.at, now < recent.at.adding(gap) else { return nil }
        return recent.bubble
    }

    /// Posts, messages and everything share the posts summary; comments and mentions have their own.
    static func summaryKey(_ kind: BubbleKind) -> BubbleKind {
        kind == .comments || kind == .mentions ? kind : .posts
    }
}
