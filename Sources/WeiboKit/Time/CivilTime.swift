/// A calendar date and wall-clock time in the proleptic Gregorian calendar.
///
/// The small piece of calendar arithmetic the formatters need, without ICU: converting between
/// seconds since 1970 and year-month-day hour:minute:second at a given UTC offset
/// (Howard Hinnant's `days_from_civil` / `civil_from_days`).
public struct CivilTime: Equatable, Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The wall-clock time at `secondsSince1970`, seen at `utcOffset` seconds east of UTC.
    public init(secondsSince1970: Int64, utcOffset: Int) {
        let local = secondsSince1970 + Int64(utcOffset)
        let days = local.floorDivided(by: 86_400)
        let secondsOfDay = Int(local - days * 86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        self.init(
            year: year, month: month, day: day,
            hour: secondsOfDay / 3600, minute: secondsOfDay / 60 % 60, second: secondsOfDay % 60)
    }

    /// The wall-clock time of `date` in `zone`.
    public init(_ date: Timestamp, in zone: any TimeZoneRule) {
        self.init(secondsSince1970: date.wholeSecondsSince1970, utcOffset: zone.utcOffset(at: date))
    }

    /// `HH:mm`
    public var clockText: String { "\(twoDigits(hour)):\(twoDigits(minute))" }
    /// `HH:mm:ss`
    public var clockWithSecondsText: String { clockText + ":\(twoDigits(second))" }
    /// `yyyy-MM-dd HH:mm`
    public var dateAndClockText: String { "\(year)-\(twoDigits(month))-\(twoDigits(day)) \(clockText)" }

    /// Seconds since 1970 of this wall-clock time at `utcOffset` seconds east of UTC.
    public func secondsSince1970(utcOffset: Int) -> Int64 {
        let days = Self.days(fromYear: year, month: month, day: day)
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(utcOffset)
    }

    /// Days since 1970-01-01 of this date, for comparing calendar days.
    public var dayNumber: Int64 { Self.days(fromYear: year, month: month, day: day) }

    /// The number of days in `month` of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func days(fromYear year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}

extension Int64 {
    /// Division rounding towards negative infinity, for dates before 1970.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
