/// Says when a status was posted, relative to now, as the original client did.
///
/// Today: `刚刚` (under a minute, or in the future), `N分钟前`, `N小时前`; yesterday: `昨天 HH:mm`;
/// earlier this year: `MM-dd HH:mm`; other years: `yyyy-MM-dd`. Days are calendar days in
/// `timeZone`, the user's zone; "now" is passed in, so the output is reproducible.
public struct RelativeTimeFormatter: Sendable {
    public var localizer: Localizer
    public var timeZone: any TimeZoneRule

    public init(localizer: Localizer, timeZone: any TimeZoneRule) {
        self.localizer = localizer
        self.timeZone = timeZone
    }

    /// "" for an unknown time (an item shows without one).
    public func string(for date: Timestamp?, now: Timestamp) -> String {
        date.map { string(for: $0, now: now) } ?? ""
    }

    public func string(for date: Timestamp, now: Timestamp) -> String {
        let seconds = now.seconds(since: date)
        let then = CivilTime(secondsSince1970: date.wholeSecondsSince1970, utcOffset: timeZone.utcOffset(at: date))
        let today = CivilTime(secondsSince1970: now.wholeSecondsSince1970, utcOffset: timeZone.utcOffset(at: now))
        if seconds < 60 { return localizer.text(.justNow) }
        let clock = "\(twoDigits(then.hour)):\(twoDigits(then.minute))"
        switch today.dayNumber - then.dayNumber {
        case 0:
            return seconds < 3600
                ? localizer.text(.minutesAgo(Int(seconds / 60)))
                : localizer.text(.hoursAgo(Int(seconds / 3600)))
        case 1:
            return localizer.text(.yesterday(at: clock))
        default:
            if then.year == today.year {
                return "\(twoDigits(then.month))-\(twoDigits(then.day)) \(clock)"
            }
            return "\(then.year)-\(twoDigits(then.month))-\(twoDigits(then.day))"
        }
    }
}
