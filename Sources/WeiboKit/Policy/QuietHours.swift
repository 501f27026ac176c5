/// A daily stretch without bubbles, such as `23:00-08:00` (it may cross midnight).
public struct QuietHours: Equatable, Sendable, CustomStringConvertible {
    /// Minutes after midnight, local time.
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// `HH:MM-HH:MM`, or `nil` when the text is not that.
    public init?(parsing text: String) {
        // Exactly two times: "-1:00-08:00" is no range (a bare split would drop the empty first part).
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { String($0).trimmed(of: " \t") }
        guard parts.count == 2, let start = Self.minutes(parts[0]), let end = Self.minutes(parts[1]), start != end else { return nil }
        self.init(start: start, end: end)
    }

    private static func minutes(_ text: String) -> Int? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        // Digits only: Int() would take "+1" and "-1".
        guard fields.count == 2, (1...2).contains(fields[0].count), fields[1].count == 2,
            fields.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), let hour = Int(fields[0]), let minute = Int(fields[1]),
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    public var description: String {
        func clock(_ minutes: Int) -> String { "\(twoDigits(minutes / 60)):\(twoDigits(minutes % 60))" }
        return "\(clock(start))-\(clock(end))"
    }

    /// Whether `date` falls in the quiet stretch, in `zone`.
    public func contains(_ date: Timestamp, zone: any TimeZoneRule) -> Bool {
        let minute = minuteOfDay(date, zone: zone)
        return start < end ? (start <= minute && minute < end) : (minute >= start || minute < end)
    }

    /// When the quiet stretch that holds `date` ends (`date` itself when it is not quiet).
    public func end(after date: Timestamp, zone: any TimeZoneRule) -> Timestamp {
        guard contains(date, zone: zone) else { return date }
        let minute = minuteOfDay(date, zone: zone)
        let civil = CivilTime(secondsSince1970: date.wholeSecondsSince1970, utcOffset: zone.utcOffset(at: date))
        var minutesLeft = end - minute
        if minutesLeft <= 0 { minutesLeft += 24 * 60 }
        return date.adding(Double(minutesLeft * 60 - civil.second))
    }

    private func minuteOfDay(_ date: Timestamp, zone: any TimeZoneRule) -> Int {
        let civil = CivilTime(secondsSince1970: date.wholeSecondsSince1970, utcOffset: zone.utcOffset(at: date))
        return civil.hour * 60 + civil.minute
    }
}
