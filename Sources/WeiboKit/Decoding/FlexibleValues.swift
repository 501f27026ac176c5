/// Readers for the fields Weibo sends with more than one JSON type.
///
/// Real responses disagree with the documentation and with themselves: ids come as numbers
/// with string twins, `uid` and `expires_in` as strings, `deleted` as `"1"`, reply ids as `""`.
/// Each reader accepts every spelling seen and throws a `DecodingError` that carries the coding
/// path for anything else.
/// The largest count kept from a response: a billion, as for the unread counters.
let countMaximum = UnreadCounts.maximum

extension KeyedDecodingContainer {
    /// An Int64 sent as a JSON number or as a string of digits; `nil` when absent, `null` or `""`.
    /// `usuallyString` tries the string first, for fields real data sends as `""`: each failed
    /// attempt costs an error value, and each attempt a key look-up.
    func decodeFlexibleInt64IfPresent(forKey key: Key, usuallyString: Bool = false) throws -> Int64? {
        if !usuallyString {
            do {
                return try decodeIfPresent(Int64.self, forKey: key)
            } catch DecodingError.typeMismatch {
                // Not a number: a string of digits is read below.
            }
        }
        let text: String?
        do {
            text = try decodeIfPresent(String.self, forKey: key)
        } catch DecodingError.typeMismatch where usuallyString {
            return try decodeIfPresent(Int64.self, forKey: key)
        } catch DecodingError.typeMismatch {
            throw DecodingError.typeMismatch(
                Int64.self, decodingContext(codingPath + [key], .tr("expected a whole number or a string of digits")))
        }
        guard let text else { return nil }
        let trimmed = text.trimmingASCIISpaces()
        if trimmed.isEmpty { return nil }
        guard let number = Int64(trimmed) else {
            throw DecodingError.dataCorrupted(
                decodingContext(codingPath + [key], .tr("expected a whole number, found \"%s\"", .text(String(text.prefix(40))))))
        }
        return number
    }

    /// An id that must be present, from `key` or its string twin (`id` / `idstr`).
    func decodeID(forKey key: Key, twin: Key) throws -> Int64 {
        guard let id = try decodeFlexibleInt64IfPresent(forKey: key) ?? decodeFlexibleInt64IfPresent(forKey: twin) else {
            throw DecodingError.keyNotFound(key, decodingContext(codingPath, .tr("the id is missing")))
        }
        return id
    }

    /// An Int64 that must be present (number or string of digits).
    func decodeFlexibleInt64(forKey key: Key) throws -> Int64 {
        guard let value = try decodeFlexibleInt64IfPresent(forKey: key) else {
            throw DecodingError.keyNotFound(key, decodingContext(codingPath, .tr("a required id or number is missing")))
        }
        return value
    }

    /// A counter (number or numeric string: reposts, comments, likes, pictures, a page's total),
    /// clamped to `0…countMaximum` so that nothing downstream can overflow; absent, `null`, `""`
    /// or unreadable count as 0, a number past the range as its end.
    func decodeCount(forKey key: Key) -> Int {
        if let value = try? decodeFlexibleInt64IfPresent(forKey: key) {
            return Int(min(max(value, 0), Int64(countMaximum)))
        }
        // Past Int64, a JSON number still reads as a Double.
        guard let large = try? decode(Double.self, forKey: key), large.isFinite else { return 0 }
        return large > 0 ? countMaximum : 0
    }

    /// A flag sent as `true`/`false`, `1`/`0` or `"1"`/`"0"`/`"true"`/`"false"`; absent is `false`.
    func decodeFlexibleBool(forKey key: Key) throws -> Bool {
        do {
            return try decodeIfPresent(Bool.self, forKey: key) ?? false
        } catch DecodingError.typeMismatch {
            // A number or a string, below.
        }
        if let number = try? decode(Int64.self, forKey: key) { return number != 0 }
        if let text = try? decode(String.self, forKey: key) {
            switch text.trimmingASCIISpaces().lowercased() {
            case "1", "true", "yes": return true
            case "0", "false", "no", "": return false
            default: break
            }
        }
        throw DecodingError.typeMismatch(Bool.self, decodingContext(codingPath + [key], .tr("expected a true/false flag")))
    }

    /// A string that may also come as a number (`province`, `uid`); `nil` when absent or `null`.
    func decodeFlexibleStringIfPresent(forKey key: Key) throws -> String? {
        do {
            return try decodeIfPresent(String.self, forKey: key)
        } catch DecodingError.typeMismatch {
            // A number, below.
        }
        if let number = try? decode(Int64.self, forKey: key) { return String(number) }
        throw DecodingError.typeMismatch(String.self, decodingContext(codingPath + [key], .tr("expected a string")))
    }

    /// A web address (`http://` or `https://`, no spaces or control characters); absent, `null`,
    /// `""` and anything else are all "no URL": a bad address costs that picture or avatar.
    func decodeURLIfPresent(forKey key: Key) throws -> String? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        let trimmed = text.trimmingASCIISpaces()
        let scheme = trimmed.prefix(8).lowercased()
        guard scheme.hasPrefix("http://") || scheme.hasPrefix("https://"),
            !trimmed.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
        else { return nil }
        return trimmed
    }
}

extension String {
    /// The string without leading and trailing ASCII spaces, tabs and newlines.
    func trimmingASCIISpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }),
            let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
