/// How a setting's text in the key file becomes its value, and back; a value it refuses is a
/// message naming the rule.
public struct SettingCodec<Value: Equatable & Sendable>: Sendable {
    public let rule: SettingRule
    let parse: @Sendable (String, SettingContext) -> Result<Value, LocalizableMessage>
    let format: @Sendable (Value) -> String

    /// The value `text` stands for (blanks and line breaks around it ignored: a paste often ends
    /// in one), or why it is not one. No setting takes more than `maximumLength` bytes, nor a
    /// control character inside it: a line break would end the key file's line there.
    public func value(_ text: String, in context: SettingContext = SettingContext()) -> Result<Value, LocalizableMessage> {
        guard text.utf8.count <= Self.maximumLength else {
            return .failure(.tr("longer than %s bytes", .text(String(Self.maximumLength))))
        }
        let trimmed = text.trimmed(of: " \t\r\n")
        if let control = SettingText.controlCharacter(in: trimmed) {
            return .failure(.tr("a control character (%s) is not allowed in a setting", .text(control)))
        }
        return parse(trimmed, context)
    }

    /// The longest value of any setting, in bytes (an app key is 10, a URL rarely 200).
    public static var maximumLength: Int { 4096 }

    /// The text the key file holds for `value`.
    public func text(_ value: Value) -> String { format(value) }
}

extension SettingCodec where Value == Bool {
    static let boolean = SettingCodec(rule: .boolean) { text, _ in
        switch text {
        case "true": return .success(true)
        case "false": return .success(false)
        default: return .failure(.tr("'%s' is neither true nor false", .text(text)))
        }
    } format: {
        $0 ? "true" : "false"
    }
}

extension SettingCodec where Value == Int {
    /// Seconds in `range`; from `sandboxMinimum` against an API on this machine. A number is
    /// seconds; with a unit ("2 min", "1 h", "90 s", "2 分钟") it is read as a duration, the
    /// settings window's field and `config set` alike.
    static func seconds(_ range: ClosedRange<Int>, sandboxMinimum: Int) -> SettingCodec {
        SettingCodec(rule: .number(range, seconds: true, sandboxMinimum: sandboxMinimum)) { text, context in
            let digits = !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
            guard let seconds = digits ? Int(text) : DurationText.parse(text), seconds > 0 else {
                // A number too large for Int is too long rather than no number.
                if digits { return .failure(.tr("%s s is too long; %s s (a day) at most", .text(text), .text(String(range.upperBound)))) }
                return .failure(.tr("'%s' is not a whole number of seconds", .text(text)))
            }
            let text = String(seconds)
            guard seconds <= range.upperBound else {
                return .failure(.tr("%s s is too long; %s s (a day) at most", .text(text), .text(String(range.upperBound))))
            }
            let minimum = context.isSandbox ? sandboxMinimum : range.lowerBound
            guard seconds >= minimum else {
                return .failure(.tr("%s s is too often; %s s or more", .text(text), .text(String(range.lowerBound))))
            }
            return .success(seconds)
        } format: {
            String($0)
        }
    }

    /// A whole number in `range`.
    static func number(_ range: ClosedRange<Int>) -> SettingCodec {
        SettingCodec(rule: .number(range, seconds: false, sandboxMinimum: nil)) { text, _ in
            guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text), range.contains(number) else {
                return .failure(
                    .tr("'%s' is not a whole number from %s to %s", .text(text), .text(String(range.lowerBound)), .text(String(range.upperBound))))
            }
            return .success(number)
        } format: {
            String($0)
        }
    }
}

extension SettingCodec where Value: SettingChoice {
    /// One of the type's words (the window shows their labels).
    static var choice: SettingCodec {
        let words = Value.allCases.map(\.rawValue)
        return SettingCodec(rule: .choice(Value.choiceWords)) { text, _ in
            guard let value = Value(rawValue: text) else { return .failure(.tr("'%s' is not one of: %s", .text(text), .text(words.joined(separator: ", ")))) }
            return .success(value)
        } format: {
            $0.rawValue
        }
    }
}

extension SettingCodec where Value == [UnreadCounter] {
    /// Counters, `;` or `,` between them, in the order given.
    static let counters = SettingCodec(rule: .list(UnreadCounter.listed.map(\.rawValue))) { text, _ in
        var counters: [UnreadCounter] = []
        for name in SettingText.items(text) {
            guard let counter = UnreadCounter(rawValue: name), UnreadCounter.listed.contains(counter) else {
                let names = UnreadCounter.listed.map(\.rawValue).joined(separator: ", ")
                return .failure(.tr("unknown counter '%s'; the counters are %s", .text(name), .text(names)))
            }
            if !counters.contains(counter) { counters.append(counter) }
        }
        return .success(counters)
    } format: {
        $0.map(\.rawValue).joined(separator: ";")
    }
}

extension SettingCodec where Value == Set<BubbleKind> {
    /// The kinds a bubble can be of (not `all`), `;` or `,` between them.
    static let kinds = SettingCodec(rule: .list(BubbleKind.inUse(.perKind).map(\.rawValue))) { text, _ in
        var kinds: Set<BubbleKind> = []
        for name in SettingText.items(text) {
            guard let kind = BubbleKind(rawValue: name), BubbleKind.inUse(.perKind).contains(kind) else {
                return .failure(.tr("unknown kind '%s'; the kinds are posts, comments, mentions, messages", .text(name)))
            }
            kinds.insert(kind)
        }
        return .success(kinds)
    } format: { kinds in
        BubbleKind.inUse(.perKind).filter(kinds.contains).map(\.rawValue).joined(separator: ";")
    }
}

extension SettingCodec where Value == QuietHours? {
    /// A daily range, or empty for none.
    static let timeRange = SettingCodec(rule: .timeRange) { text, _ in
        if text.isEmpty { return .success(nil) }
        guard let range = QuietHours(parsing: text) else { return .failure(.tr("'%s' is not a time range such as 23:00-08:00", .text(text))) }
        return .success(range)
    } format: {
        $0?.description ?? ""
    }
}

extension SettingCodec where Value == String {
    /// An http:// or https:// address with a host, without blanks or control characters.
    static let url = SettingCodec(rule: .url) { text, _ in
        guard SettingText.isHTTPURL(text) else { return .failure(.tr("'%s' is not an http(s) URL", .text(text))) }
        return .success(text)
    } format: {
        $0
    }

    static let text = SettingCodec(rule: .text) { text, _ in
        .success(text)
    } format: {
        $0
    }
    static let secret = SettingCodec(rule: .secret) { text, _ in
        .success(text)
    } format: {
        $0
    }
}

extension SettingCodec where Value == String? {
    /// An absolute path, or empty for none.
    static let path = SettingCodec(rule: .path) { text, _ in
        if text.isEmpty { return .success(nil) }
        guard text.hasPrefix("/") else { return .failure(.tr("'%s' is not an absolute path to a PEM file", .text(text))) }
        return .success(text)
    } format: {
        $0 ?? ""
    }
}

/// The small text rules the codecs share.
public enum SettingText {
    /// The first control character of `text` (C0, DEL, C1, or a line or paragraph separator),
    /// written as `U+000D`; nil when there is none.
    public static func controlCharacter(in text: String) -> String? {
        guard let scalar = text.unicodeScalars.first(where: isControl) else { return nil }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// The items of a list: `;` or `,` between them, blanks and empty items dropped.
    static func items(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == ";" || $0 == "," }).map { String($0).trimmed(of: " \t") }.filter { !$0.isEmpty }
    }

    /// `http://` or `https://`, a host, and no blank or control character anywhere.
    static func isHTTPURL(_ text: String) -> Bool {
        guard let host = WebAddress.authority(of: text) else { return false }
        return !host.isEmpty && !host.hasPrefix(":") && text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F }
    }
}
