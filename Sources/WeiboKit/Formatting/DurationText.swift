/// A number of seconds as a person reads and types it in a field ("2 min", "90 s", "1 h"), and
/// back: the settings window's interval, kept in seconds in the configuration.
public enum DurationText {
    public enum Unit: Sendable {
        case seconds
        case minutes
        case hours
    }

    /// How `seconds` reads best: whole hours in hours, whole minutes in minutes, the rest in
    /// seconds (the caller words it in the user's language).
    public static func reading(_ seconds: Int) -> (number: Int, unit: Unit) {
        if seconds >= 3600, seconds % 3600 == 0 { return (seconds / 3600, .hours) }
        if seconds >= 60, seconds % 60 == 0 { return (seconds / 60, .minutes) }
        return (seconds, .seconds)
    }

    /// The seconds in what was typed: a number and a unit (s, min, h, in English or Chinese; a
    /// number alone is seconds, as in the configuration file and `config set`: "5" means the
    /// same everywhere); nil for anything else.
    public static func parse(_ text: String) -> Int? {
        let typed = text.trimmed(of: " \t")
        let number = typed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard !number.isEmpty, let value = Double(number), value.isFinite, value >= 0, value < 1e7 else { return nil }
        let unit = String(typed.dropFirst(number.count)).trimmed(of: " \t").lowercased()
        let factors: [String: Double] = [
            "": 1, "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, "秒": 1, "秒钟": 1,
            "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60, "分": 60, "分钟": 60,
            "h": 3600, "hr": 3600, "hour": 3600, "hours": 3600, "小时": 3600, "时": 3600,
        ]
        guard let factor = factors[unit] else { return nil }
        return Int((value * factor).rounded())
    }
}
