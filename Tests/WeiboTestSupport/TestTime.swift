public import WeiboKit

/// The fixed moments the tests format and lay out against.
public enum TestTime {
    /// 2026-11-29 14:00:00 in Beijing (06:00 UTC).
    public static let now = date(2026, 11, 29, 14, 0, 0)
    /// Beijing time: the zone of the test's "now".
    public static let zone = FixedOffsetZone.chinaStandard

    /// A moment given as Beijing wall-clock time.
    public static func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) -> Timestamp {
        let civil = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return Timestamp(secondsSince1970: Double(civil.secondsSince1970(utcOffset: zone.secondsEastOfUTC)))
    }

    /// A layout in `language` at the fixed "now".
    public static func layout(_ language: Language = .chinese) -> StatusFrameLayout {
        StatusFrameLayout(localizer: Localizer.testing(language), timeZone: zone, now: now)
    }
}
