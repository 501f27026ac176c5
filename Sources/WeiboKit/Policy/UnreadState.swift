/// What the notifier remembers between polls, and across restarts (saved as the state file).
///
/// Everything a restart needs: what counts as seen, what each bubble on screen shows and its id
/// (so that a new process replaces or closes it instead of leaving it orphaned), the newest
/// comment and mention already fetched (so a restart fetches only what is new), the day's
/// detail calls, a catch-up held back by quiet hours or a pause, and the last expiry warning.
public struct UnreadState: Equatable, Sendable, Codable {
    /// The server's counts when the user last looked (a refresh): what counts as seen.
    public var baseline = UnreadCounts()
    /// The server's counts at the last successful poll.
    public var lastCounts = UnreadCounts()
    /// Each bubble's state, by kind; a kind without an entry has no bubble and nothing dismissed.
    public var bubbles: [BubbleKind: BubbleState] = [:]
    /// When the last poll succeeded.
    public var lastSuccessfulPoll: Timestamp?
    /// A bubble was held back by quiet hours or a pause: one catch-up bubble when that ends.
    public var heldBack = false
    /// No bubbles until then (the tray menu's or D-Bus `Pause`).
    public var pausedUntil: Timestamp?
    /// When the user was last warned that the login runs out soon.
    public var expiryWarnedAt: Timestamp?
    /// The newest item fetched from each list: the next fetch asks only for newer ones.
    public var newestSeen: [DetailSource: Int64] = [:]
    /// Detail calls spent on one Beijing day (Weibo's budget is daily).
    public var detailCalls = DetailCalls()
    /// The notification server instance (bus id and unique name) that holds the bubbles' ids.
    public var notificationServer: String?

    public init() {}

    /// The server started `counter` again below the baseline (reading the timeline resets
    /// `status`): what it counted is read, so the baseline starts at `count`, and no bubble's
    /// amount of it (shown, or dismissed) holds back the news that comes next.
    mutating func restart(_ counter: UnreadCounter, at count: Int) {
        baseline[counter] = count
        for kind in bubbles.keys {
            bubbles[kind]?.shown?[counter] = 0
            bubbles[kind]?.dismissed?[counter] = 0
        }
    }

    /// The state of one bubble (empty when it has none).
    public subscript(kind: BubbleKind) -> BubbleState {
        get { bubbles[kind] ?? BubbleState() }
        set { bubbles[kind] = newValue.isEmpty ? nil : newValue }
    }

    enum CodingKeys: String, CodingKey {
        case baseline, bubbles
        case lastCounts = "last_counts"
        case lastSuccessfulPoll = "last_successful_poll"
        case heldBack = "held_back"
        case pausedUntil = "paused_until"
        case expiryWarnedAt = "expiry_warned_at"
        case newestSeen = "newest_seen"
        case detailCalls = "detail_calls"
        case notificationServer = "notification_server"
        // The one bubble of earlier versions, read into `bubbles[.all]`.
        case shown, dismissed
        case bubbleID = "bubble_id"
    }

    /// Counts are clamped as they are decoded (`UnreadCounts`), so a file written by an older
    /// version with absurd counts is repaired here; every key but `baseline` may be missing.
    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        baseline = try keys.decode(UnreadCounts.self, forKey: .baseline)
        lastCounts = try keys.decodeIfPresent(UnreadCounts.self, forKey: .lastCounts) ?? baseline
        for (name, bubble) in try keys.decodeIfPresent([String: BubbleState].self, forKey: .bubbles) ?? [:] {
            if let kind = BubbleKind(rawValue: name) { self[kind] = bubble }
        }
        if bubbles.isEmpty {
            let legacyID = try keys.decodeIfPresent(Int64.self, forKey: .bubbleID).flatMap { UInt32(exactly: $0) }
            self[.all] = BubbleState(
                shown: try keys.decodeIfPresent(UnreadCounts.self, forKey: .shown),
                dismissed: try keys.decodeIfPresent(UnreadCounts.self, forKey: .dismissed), id: legacyID.flatMap { $0 > 0 ? $0 : nil })
        }
        lastSuccessfulPoll = try Self.date(keys, .lastSuccessfulPoll)
        heldBack = try keys.decodeIfPresent(Bool.self, forKey: .heldBack) ?? false
        pausedUntil = try Self.date(keys, .pausedUntil)
        expiryWarnedAt = try Self.date(keys, .expiryWarnedAt)
        for (name, id) in try keys.decodeIfPresent([String: Int64].self, forKey: .newestSeen) ?? [:] {
            if let source = DetailSource(rawValue: name), id > 0 { newestSeen[source] = id }
        }
        detailCalls = try keys.decodeIfPresent(DetailCalls.self, forKey: .detailCalls) ?? DetailCalls()
        // A name of at most 255 bytes, as D-Bus allows, or none.
        notificationServer = try keys.decodeIfPresent(String.self, forKey: .notificationServer).flatMap { $0.utf8.count <= 512 ? $0 : nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(baseline, forKey: .baseline)
        try keys.encode(lastCounts, forKey: .lastCounts)
        if !bubbles.isEmpty {
            try keys.encode(Dictionary(uniqueKeysWithValues: bubbles.map { ($0.key.rawValue, $0.value) }), forKey: .bubbles)
        }
        try keys.encodeIfPresent(lastSuccessfulPoll?.wholeSecondsSince1970, forKey: .lastSuccessfulPoll)
        if heldBack { try keys.encode(heldBack, forKey: .heldBack) }
        try keys.encodeIfPresent(pausedUntil?.wholeSecondsSince1970, forKey: .pausedUntil)
        try keys.encodeIfPresent(expiryWarnedAt?.wholeSecondsSince1970, forKey: .expiryWarnedAt)
        if !newestSeen.isEmpty {
            try keys.encode(Dictionary(uniqueKeysWithValues: newestSeen.map { ($0.key.rawValue, $0.value) }), forKey: .newestSeen)
        }
        if detailCalls.spent > 0 { try keys.encode(detailCalls, forKey: .detailCalls) }
        try keys.encodeIfPresent(notificationServer, forKey: .notificationServer)
    }

    /// Seconds since 1970, kept within ±10^12 so that no saved number traps a conversion.
    private static func date(_ keys: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Timestamp? {
        try keys.decodeIfPresent(Int64.self, forKey: key).map { Timestamp(secondsSince1970: Double(min(max($0, -1_000_000_000_000), 1_000_000_000_000))) }
    }
}

/// The detail calls (comments, mentions, replies) spent on one Beijing day.
public struct DetailCalls: Equatable, Sendable, Codable {
    /// Days since 1970 in Beijing time (UTC+8), when Weibo's day turns.
    public var day: Int64 = 0
    public var spent = 0

    public init(day: Int64 = 0, spent: Int = 0) {
        self.day = day
        self.spent = spent
    }

    /// The Beijing day of `date`.
    public static func day(of date: Timestamp) -> Int64 {
        (date.wholeSecondsSince1970 + Int64(FixedOffsetZone.chinaStandard.secondsEastOfUTC)) / 86_400
    }

    /// The calls spent on the day of `date` (a new day starts at 0).
    public func spent(on date: Timestamp) -> Int { day == Self.day(of: date) ? spent : 0 }

    /// `count` more calls (one by default) on the day of `date`.
    public mutating func spend(_ count: Int = 1, on date: Timestamp) {
        let today = Self.day(of: date)
        if day != today { self = DetailCalls(day: today, spent: 0) }
        spent += count
    }

    /// Gives back `count` calls reserved but not made, on the day of `date` (a new day has
    /// spent none of them).
    public mutating func giveBack(_ count: Int, on date: Timestamp) {
        guard day == Self.day(of: date) else { return }
        spent = max(0, spent - count)
    }

    enum CodingKeys: String, CodingKey { case day, spent }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        day = try keys.decodeIfPresent(Int64.self, forKey: .day) ?? 0
        spent = min(max(try keys.decodeIfPresent(Int.self, forKey: .spent) ?? 0, 0), 1_000_000)
    }
}

extension UnreadState {
    /// How often the time of the last check alone is saved: it only feeds "checked 14:05" after a
    /// restart, and an unchanged poll should write nothing to the disk.
    static let pollTimeSaveInterval: Double = 15 * 60

    /// Whether this state differs from `saved` in something a restart needs: anything but the
    /// time of the last check, or that time once it is `pollTimeSaveInterval` newer.
    func mustBeSaved(over saved: UnreadState) -> Bool {
        var withSavedTime = self
        withSavedTime.lastSuccessfulPoll = saved.lastSuccessfulPoll
        if withSavedTime != saved { return true }
        guard let now = lastSuccessfulPoll else { return false }
        guard let then = saved.lastSuccessfulPoll else { return true }
        return now.seconds(since: then) >= Self.pollTimeSaveInterval || now < then
    }
}
