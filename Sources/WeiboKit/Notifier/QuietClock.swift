/// When bubbles wait for a pause or the quiet hours, and the one timer that ends the wait: it
/// fires when both are over (at least a second on), is planned again when either changes, and
/// is cancelled when neither holds (`QuietClockTests`).
struct QuietClock: Sendable {
    /// The user's time zone, for the quiet hours.
    let zone: any TimeZoneRule
    /// When the planned quiet-end timer fires.
    private(set) var plannedEnd: Timestamp?

    init(zone: any TimeZoneRule) {
        self.zone = zone
    }

    /// Whether the quiet hours hold at `now`.
    func inQuietHours(_ hours: QuietHours?, at now: Timestamp) -> Bool {
        hours?.contains(now, zone: zone) ?? false
    }

    /// Whether bubbles wait at `now`: a pause until after it, or the quiet hours.
    func isQuiet(at now: Timestamp, pausedUntil: Timestamp?, hours: QuietHours?) -> Bool {
        if let pausedUntil, pausedUntil > now { return true }
        return inQuietHours(hours, at: now)
    }

    /// The timer as it should be at `now`, and the effect that makes it so: nil when the
    /// planned one is still right.
    mutating func plan(at now: Timestamp, pausedUntil: Timestamp?, hours: QuietHours?) -> NotifierEffect? {
        guard isQuiet(at: now, pausedUntil: pausedUntil, hours: hours) else {
            guard plannedEnd != nil else { return nil }
            plannedEnd = nil
            return .scheduleQuietEnd(at: nil)
        }
        var end = pausedUntil.map { max($0, now) } ?? now
        if let hours { end = hours.end(after: end, zone: zone) }
        end = max(end, now.adding(1))
        guard end != plannedEnd else { return nil }
        plannedEnd = end
        return .scheduleQuietEnd(at: end)
    }

    /// The timer fired: none is planned.
    mutating func fired() { plannedEnd = nil }
}
