public import FoundationEssentials

/// What the notifier remembers between polls, and across restarts (saved as the state file).
///
/// Everything a restart needs: what counts as seen, what the bubble on screen shows and its id
/// (so that a new process replaces or closes it instead of leaving it orphaned), a catch-up
/// held back by quiet hours or a pause, and when the expiry warning was last given.
public struct UnreadState: Equatable, Sendable, Codable {
    /// The server's counts when the user last looked (a refresh): what counts as seen.
    public var baseline = UnreadCounts()
    /// The server's counts at the last successful poll.
    public var lastCounts = UnreadCounts()
    /// The unread amounts the open bubble shows; `nil` when no bubble is open.
    public var shown: UnreadCounts?
    /// The unread amounts of a bubble the user dismissed (or that expired): not shown again
    /// until a counter rises above them.
    public var dismissed: UnreadCounts?
    /// When the last poll succeeded.
    public var lastSuccessfulPoll: Date?
    /// The notification server's id of the unread bubble on screen, if there is one.
    public var bubbleID: UInt32?
    /// A bubble was held back by quiet hours or a pause: one catch-up bubble when that ends.
    public var heldBack = false
    /// No bubbles until then (the tray menu's or D-Bus `Pause`).
    public var pausedUntil: Date?
    /// When the user was last warned that the login runs out soon.
    public var expiryWarnedAt: Date?

    public init() {}

    enum CodingKeys: String, CodingKey {
        case baseline, shown, dismissed
        case lastCounts = "last_counts"
        case lastSuccessfulPoll = "last_successful_poll"
        case bubbleID = "bubble_id"
        case heldBack = "held_back"
        case pausedUntil = "paused_until"
        case expiryWarnedAt = "expiry_warned_at"
    }

    /// Counts are clamped as they are decoded (`UnreadCounts`), so a file written by an older
    /// version with absurd counts is repaired here; every key but `baseline` may be missing.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        baseline = try keys.decode(UnreadCounts.self, forKey: .baseline)
        lastCounts = try keys.decodeIfPresent(UnreadCounts.self, forKey: .lastCounts) ?? baseline
        shown = try keys.decodeIfPresent(UnreadCounts.self, forKey: .shown)
        dismissed = try keys.decodeIfPresent(UnreadCounts.self, forKey: .dismissed)
        lastSuccessfulPoll = try Self.date(keys, .lastSuccessfulPoll)
        // An id outside UInt32 is no id a server gave: forgotten rather than refused.
        bubbleID = try keys.decodeIfPresent(Int64.self, forKey: .bubbleID).flatMap { UInt32(exactly: $0) }.flatMap { $0 > 0 ? $0 : nil }
        heldBack = try keys.decodeIfPresent(Bool.self, forKey: .heldBack) ?? false
        pausedUntil = try Self.date(keys, .pausedUntil)
        expiryWarnedAt = try Self.date(keys, .expiryWarnedAt)
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(baseline, forKey: .baseline)
        try keys.encode(lastCounts, forKey: .lastCounts)
        try keys.encodeIfPresent(shown, forKey: .shown)
        try keys.encodeIfPresent(dismissed, forKey: .dismissed)
        try keys.encodeIfPresent(lastSuccessfulPoll?.wholeSecondsSince1970, forKey: .lastSuccessfulPoll)
        try keys.encodeIfPresent(bubbleID, forKey: .bubbleID)
        if heldBack { try keys.encode(heldBack, forKey: .heldBack) }
        try keys.encodeIfPresent(pausedUntil?.wholeSecondsSince1970, forKey: .pausedUntil)
        try keys.encodeIfPresent(expiryWarnedAt?.wholeSecondsSince1970, forKey: .expiryWarnedAt)
    }

    /// Seconds since 1970, kept within ±10^12 so that no saved number traps a conversion.
    private static func date(_ keys: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Date? {
        try keys.decodeIfPresent(Int64.self, forKey: key).map { Date(timeIntervalSince1970: TimeInterval(min(max($0, -1_000_000_000_000), 1_000_000_000_000))) }
    }
}
