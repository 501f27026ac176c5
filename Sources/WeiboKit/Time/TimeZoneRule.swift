/// Says how far a time zone is from UTC at a given moment.
///
/// WeiboKit never asks the system: the command line passes the user's zone (from the C
/// library), tests pass a fixed offset, so every formatted time is reproducible.
public protocol TimeZoneRule: Sendable {
    /// Seconds east of UTC in effect at `date` (Beijing: 28,800).
    func utcOffset(at date: Timestamp) -> Int
}

/// A zone with one offset all year: UTC, China Standard Time, or a test's choice.
public struct FixedOffsetZone: TimeZoneRule, Equatable {
    public var secondsEastOfUTC: Int

    public init(secondsEastOfUTC: Int) {
        self.secondsEastOfUTC = secondsEastOfUTC
    }

    public static let utc = FixedOffsetZone(secondsEastOfUTC: 0)
    /// Beijing time, the zone Weibo writes its timestamps in.
    public static let chinaStandard = FixedOffsetZone(secondsEastOfUTC: 8 * 3600)

    public func utcOffset(at date: Timestamp) -> Int { secondsEastOfUTC }
}
