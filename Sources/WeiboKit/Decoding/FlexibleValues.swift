/// Readers for the fields Weibo sends with more than one JSON type.
///
/// Real responses disagree with the documentation and with themselves: ids come as numbers
/// with string twins, `uid` and `expires_in` as strings, `deleted` as `"1"`, reply ids as `""`.
/// Each reader accepts every spelling seen and throws a `DecodingError` that carries the coding
/// path for anything else.
extension KeyedDecodingContainer {
    /// An Int64 sent as a JSON number or as a string of digits; `nil` when absent, `null` or `""`.
    func decodeFlexibleInt64IfPresent(forKey key: Key) throws -> Int64? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let number = try? decode(Int64.self, forKey: key) { return number }
        if let text = try? decode(String.self, forKey: key) {
            let trimmed = text.trimmingASCIISpaces()
            if trimmed.isEmpty { return nil }
            if let number = Int64(trimmed) { return number }
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a whole number, found \"\(text.prefix(40))\"")
        }
        throw DecodingError.typeMismatch(
            Int64.self,
            .init(codingPath: codingPath + [key], debugDescription: "expected a whole number or a string of digits"))
    }

    /// An Int64 that must be present (number or string of digits).
    func decodeFlexibleInt64(forKey key: Key) throws -> Int64 {
        guard let value = try decodeFlexibleInt64IfPresent(forKey: key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "a required id or number is missing"))
        }
        return value
    }

    /// A counter (number or numeric string); absent, `null` or `""` count as 0.
    func decodeCount(forKey key: Key) throws -> Int {
        guard let value = try decodeFlexibleInt64IfPresent(forKey: key) else { return 0 }
        guard let count = Int(exactly: value) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "count out of range")
        }
        return count
    }

    /// A flag sent as `true`/`false`, `1`/`0` or `"1"`/`"0"`/`"true"`/`"false"`; absent is `false`.
    func decodeFlexibleBool(forKey key: Key) throws -> Bool {
        guard contains(key), try !decodeNil(forKey: key) else { return false }
        if let flag = try? decode(Bool.self, forKey: key) { return flag }
        if let number = try? decode(Int64.self, forKey: key) { return number != 0 }
        if let text = try? decode(String.self, forKey: key) {
            switch text.trimmingASCIISpaces().lowercased() {
            case "1", "true", "yes": return true
            case "0", "false", "no", "": return false
            default: break
            }
        }
        throw DecodingError.typeMismatch(
            Bool.self, .init(codingPath: codingPath + [key], debugDescription: "expected a true/false flag"))
    }

    /// A string that may also come as a number (`province`, `uid`); `nil` when absent or `null`.
    func decodeFlexibleStringIfPresent(forKey key: Key) throws -> String? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let text = try? decode(String.self, forKey: key) { return text }
        if let number = try? decode(Int64.self, forKey: key) { return String(number) }
        throw DecodingError.typeMismatch(
            String.self, .init(codingPath: codingPath + [key], debugDescription: "expected a string"))
    }

    /// A URL string; absent, `null` and `""` are all "no URL".
    func decodeURLIfPresent(forKey key: Key) throws -> String? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        let trimmed = text.trimmingASCIISpaces()
        return trimmed.isEmpty ? nil : trimmed
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
