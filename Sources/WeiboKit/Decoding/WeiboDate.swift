public import FoundationEssentials

/// Weibo's `created_at` format: `Sun Jul 26 00:00:19 +0800 2020` (`EEE MMM dd HH:mm:ss Z yyyy`).
///
/// A small parser of this one format, with English names whatever the process locale, instead
/// of a `DateFormatter` (which would load ICU and follow the user's locale).
public enum WeiboDate {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The moment a `created_at` string names, or `nil` when it is not in Weibo's format.
    public static func parse(_ text: String) -> Date? {
        let fields = text.split(separator: " ", omittingEmptySubsequences: true)
        guard fields.count == 6,
              weekdays.contains(String(fields[0])),
              let monthIndex = months.firstIndex(of: String(fields[1])),
              let day = Int(fields[2]), (1...31).contains(day),
              let year = Int(fields[5]), (1970...9999).contains(year),
              day <= CivilTime.daysIn(month: monthIndex + 1, year: year)
        else { return nil }

        let clock = fields[3].split(separator: ":")
        guard clock.count == 3,
              let hour = Int(clock[0]), (0...23).contains(hour),
              let minute = Int(clock[1]), (0...59).contains(minute),
              let second = Int(clock[2]), (0...60).contains(second),
              let offset = parseOffset(fields[4])
        else { return nil }

        let civil = CivilTime(year: year, month: monthIndex + 1, day: day, hour: hour, minute: minute, second: second)
        return Date(timeIntervalSince1970: TimeInterval(civil.secondsSince1970(utcOffset: offset)))
    }

    /// `date` written in Weibo's format at `utcOffset` seconds east of UTC (Beijing by default).
    public static func format(_ date: Date, utcOffset: Int = FixedOffsetZone.chinaStandard.secondsEastOfUTC) -> String {
        let seconds = date.wholeSecondsSince1970
        let civil = CivilTime(secondsSince1970: seconds, utcOffset: utcOffset)
        let weekday = Int(((civil.dayNumber + 4) % 7 + 7) % 7)  // 1970-01-01 was a Thursday.
        let sign = utcOffset < 0 ? "-" : "+"
        let offsetMinutes = abs(utcOffset) / 60
        return "\(weekdays[weekday]) \(months[civil.month - 1]) \(twoDigits(civil.day)) "
            + "\(twoDigits(civil.hour)):\(twoDigits(civil.minute)):\(twoDigits(civil.second)) "
            + "\(sign)\(twoDigits(offsetMinutes / 60))\(twoDigits(offsetMinutes % 60)) \(civil.year)"
    }

    /// `+0800` → 28,800; `-0330` → -12,600.
    private static func parseOffset(_ field: Substring) -> Int? {
        guard field.count == 5, let sign = field.first, sign == "+" || sign == "-",
              let digits = Int(field.dropFirst())
        else { return nil }
        let hours = digits / 100
        let minutes = digits % 100
        guard hours <= 14, minutes < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}

func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
}

extension KeyedDecodingContainer {
    /// A `created_at` field in Weibo's fixed format.
    func decodeWeiboDate(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = WeiboDate.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "expected a time like \"Sun Jul 26 00:00:19 +0800 2020\", found \"\(text.prefix(40))\"")
        }
        return date
    }
}
