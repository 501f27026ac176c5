/// Weibo's `created_at` format: `Sun Jul 26 00:00:19 +0800 2020` (`EEE MMM dd HH:mm:ss Z yyyy`).
///
/// A small parser of this one format, with English names whatever the process locale, instead
/// of a `DateFormatter` (which would load ICU and follow the user's locale).
public enum WeiboDate {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The moment a `created_at` string names, or `nil` when it is not in Weibo's format.
    /// Read as bytes, field by field: it runs for every status decoded.
    public static func parse(_ text: String) -> Timestamp? {
        // "Sun Jul 26 00:00:19 +0800 2020": fixed positions once the single spaces are checked.
        let bytes = Array(text.utf8)
        guard bytes.count == 30,
            bytes[3] == 0x20, bytes[7] == 0x20, bytes[10] == 0x20, bytes[19] == 0x20, bytes[25] == 0x20,
            bytes[13] == 0x3A, bytes[16] == 0x3A,
            weekdayKeys.contains(key(bytes[0..<3])),
            let monthIndex = monthKeys.firstIndex(of: key(bytes[4..<7])),
            let day = number(bytes[8..<10]), (1...31).contains(day),
            let hour = number(bytes[11..<13]), (0...23).contains(hour),
            let minute = number(bytes[14..<16]), (0...59).contains(minute),
            let second = number(bytes[17..<19]), (0...60).contains(second),
            bytes[20] == 0x2B || bytes[20] == 0x2D,
            let offsetHours = number(bytes[21..<23]), offsetHours <= 14,
            let offsetMinutes = number(bytes[23..<25]), offsetMinutes < 60,
            let year = number(bytes[26..<30]), (1970...9999).contains(year),
            day <= CivilTime.daysIn(month: monthIndex + 1, year: year)
        else { return nil }
        let offset = (bytes[20] == 0x2D ? -1 : 1) * (offsetHours * 3600 + offsetMinutes * 60)
        let civil = CivilTime(year: year, month: monthIndex + 1, day: day, hour: hour, minute: minute, second: second)
        return Timestamp(secondsSince1970: Double(civil.secondsSince1970(utcOffset: offset)))
    }

    /// Three ASCII letters as one number, to compare names without building strings.
    private static func key(_ letters: some Collection<UInt8>) -> UInt32 {
        letters.reduce(0) { $0 << 8 | UInt32($1) }
    }
    private static let weekdayKeys = weekdays.map { key($0.utf8) }
    private static let monthKeys = months.map { key($0.utf8) }

    /// The decimal number the ASCII digits spell, or `nil` when anything else is there.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// `date` written in Weibo's format at `utcOffset` seconds east of UTC (Beijing by default).
    public static func format(_ date: Timestamp, utcOffset: Int = FixedOffsetZone.chinaStandard.secondsEastOfUTC) -> String {
        let seconds = date.wholeSecondsSince1970
        let civil = CivilTime(secondsSince1970: seconds, utcOffset: utcOffset)
        let weekday = Int(((civil.dayNumber + 4) % 7 + 7) % 7)  // 1970-01-01 was a Thursday.
        let sign = utcOffset < 0 ? "-" : "+"
        let offsetMinutes = abs(utcOffset) / 60
        return "\(weekdays[weekday]) \(months[civil.month - 1]) \(twoDigits(civil.day)) "
            + "\(twoDigits(civil.hour)):\(twoDigits(civil.minute)):\(twoDigits(civil.second)) "
            + "\(sign)\(twoDigits(offsetMinutes / 60))\(twoDigits(offsetMinutes % 60)) \(civil.year)"
    }
}

func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
}

extension KeyedDecodingContainer {
    /// A `created_at` field in Weibo's fixed format, or nil when it is absent or cannot be read:
    /// an item with an unknown time shows without one.
    func decodeWeiboDateIfReadable(forKey key: Key) -> Timestamp? {
        (try? decodeIfPresent(String.self, forKey: key)).flatMap { $0 }.flatMap(WeiboDate.parse)
    }

    /// A `created_at` field in Weibo's fixed format.
    func decodeWeiboDate(forKey key: Key) throws -> Timestamp {
        let text = try decode(String.self, forKey: key)
        guard let date = WeiboDate.parse(text) else {
            throw DecodingError.dataCorrupted(
                decodingContext(
                    codingPath + [key], .tr("expected a time like \"Sun Jul 26 00:00:19 +0800 2020\", found \"%s\"", .text(String(text.prefix(40))))))
        }
        return date
    }
}
