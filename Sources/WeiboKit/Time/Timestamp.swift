/// A moment in wall-clock time: seconds since 1970-01-01 00:00 UTC, as Weibo's tokens and
/// GLib's `g_get_real_time` count them.
///
/// The project's own type rather than Foundation's `Date`, so that no executable links
/// Foundation (about 6 MB of each). WeiboKit never reads the clock: the shells pass `now`
/// (WeiboDesktop's `Timestamp.now`), and tests pass fixed moments.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var secondsSince1970: Double

    public init(secondsSince1970: Double) {
        self.secondsSince1970 = secondsSince1970
    }

    /// Earlier than any moment the notifier meets: the start of the year 1.
    public static let distantPast = Timestamp(secondsSince1970: -62_135_596_800)
    /// Later than any moment the notifier meets: the start of the year 4001.
    public static let distantFuture = Timestamp(secondsSince1970: 64_092_211_200)

    /// This moment moved by `seconds` (negative: earlier).
    public func adding(_ seconds: Double) -> Timestamp {
        Timestamp(secondsSince1970: secondsSince1970 + seconds)
    }

    /// Seconds from `other` to this moment: positive when this one is later.
    public func seconds(since other: Timestamp) -> Double {
        secondsSince1970 - other.secondsSince1970
    }

    /// Whole seconds since 1970, rounded down, kept within ±10^15 (about 30 million years)
    /// so that no moment, however absurd, traps the conversion.
    public var wholeSecondsSince1970: Int64 {
        let seconds = secondsSince1970.rounded(.down)
        guard seconds.isFinite else { return 0 }
        return Int64(min(max(seconds, -1e15), 1e15))
    }

    /// `moment + 60`: a minute later.
    public static func + (moment: Timestamp, seconds: Double) -> Timestamp { moment.adding(seconds) }

    /// `moment - 60`: a minute earlier.
    public static func - (moment: Timestamp, seconds: Double) -> Timestamp { moment.adding(-seconds) }

    /// `moment += 60`: a minute on.
    public static func += (moment: inout Timestamp, seconds: Double) { moment = moment.adding(seconds) }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.secondsSince1970 < rhs.secondsSince1970
    }

    /// The moment in UTC, for logs and test failures: "2026-12-04 23:12:47 UTC".
    public var description: String {
        let civil = CivilTime(self, in: FixedOffsetZone.utc)
        return civil.dateAndClockText + civil.clockWithSecondsText.suffix(3) + " UTC"
    }
}
