/// How long to pause, as the user writes it (`pause 30m`, the tray's items): hours and minutes
/// (`30m`, `1h`, `2h30m`), or `tomorrow`, until 08:00 tomorrow, local time. At most a week, as
/// the notifier's pauses are.
public enum PauseDuration {
    /// One hour: `pause` without a duration, and the tray's first item.
    public static let defaultSeconds = 3600
    public static let maximumSeconds = 7 * 86_400

    /// The seconds `text` stands for at `now` in `zone`; nil when it is no duration (or none
    /// at all, or more than a week).
    public static func seconds(_ text: String, now: Timestamp, zone: any TimeZoneRule) -> Int? {
        let text = text.lowercased().filter { $0 != " " }
        if text == "tomorrow" { return untilTomorrowMorning(now: now, zone: zone) }
        var total = 0
        var digits = ""
        var sawUnit = false
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
                guard digits.count <= 6 else { return nil }
                continue
            }
            guard let amount = Int(digits) else { return nil }
            switch character {
            case "h": total += amount * 3600
            case "m": total += amount * 60
            default: return nil
            }
            digits = ""
            sawUnit = true
        }
        guard sawUnit, digits.isEmpty, total > 0, total <= maximumSeconds else { return nil }
        return total
    }

    /// Until 08:00 on the next day, local time (at least a minute).
    public static func untilTomorrowMorning(now: Timestamp, zone: any TimeZoneRule) -> Int {
        let civil = CivilTime(now, in: zone)
        let today = CivilTime(year: civil.year, month: civil.month, day: civil.day, hour: 8)
        let morning = today.secondsSince1970(utcOffset: zone.utcOffset(at: now)) + 86_400
        return max(60, Int(morning - Int64(now.secondsSince1970.rounded(.down))))
    }
}
