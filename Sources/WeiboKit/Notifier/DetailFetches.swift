/// The comments and mentions behind the bubbles, and the followers' names a click asks for:
/// what is known, what is being fetched, what waits for it, and why texts are missing
/// (`Notifier+Details`, `Notifier+Followers`; `DetailFetchesTests` tables its rules).
public struct DetailFetches: Equatable, Sendable {
    /// The most items kept per bubble.
    public static let kept = 20

    /// The comments and mentions known, by bubble, newest first: what bubbles, summaries and
    /// replies are about.
    public private(set) var items: [BubbleKind: [DetailItem]] = [:]
    /// Why comment and mention texts are not shown now (the day's budget, a missing
    /// permission), for `status` and `doctor`; nil while they are.
    public private(set) var note: String?
    /// The lists being fetched.
    var pending: Set<DetailSource> = []
    /// The kinds whose summary waits for their lists.
    var summaryWaiting: Set<BubbleKind> = []
    /// Where a summary's Open button goes: the newest item it showed.
    var lastOpened: [BubbleKind: String] = [:]
    /// How many new followers a click asked the names of, while they are fetched.
    var followersWanted: Int?

    public init() {}

    /// Whether a list behind `kind` is being fetched.
    public func isFetching(_ kind: BubbleKind) -> Bool { kind.sources.contains(where: pending.contains) }

    /// Items of `kind` arrived: kept with those known, each once, the newest first, at most
    /// `kept`; texts are shown again.
    public mutating func arrived(_ arrived: [DetailItem], of kind: BubbleKind) {
        note = nil
        var merged = arrived + (items[kind] ?? []).filter { old in !arrived.contains { $0.id == old.id } }
        merged.sort { $0.id > $1.id }
        items[kind] = Array(merged.prefix(Self.kept))
    }

    /// What was announced of `kind` is seen: the next bubble tells only of what comes after.
    public mutating func forget(_ kind: BubbleKind) { items[kind] = nil }

    /// Says why texts are missing; false when it said so already (said once).
    public mutating func noteMissing(_ reason: String) -> Bool {
        guard note != reason else { return false }
        note = reason
        return true
    }
}
