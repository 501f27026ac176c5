/// A key file's text changed one key at a time, every other line kept as it was written:
/// comments, blank lines, order, unknown groups and keys, the spacing around `=`.
///
/// GLib's `GKeyFile` keeps comments too, but writes every key back as `key=value`; the user's
/// file should differ only where the user asked for a change.
public struct KeyFileText: Equatable, Sendable {
    public private(set) var lines: [String]

    public init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    /// The lines, each ended by a line break (the last one too).
    public var text: String {
        lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// Sets `key` in `group` to `value`: its line is replaced where it has one (the last, which
    /// is the one GLib reads); else the line goes after the key's commented-out line (`#key=…`,
    /// as the file written at first use has), else at the end of the group; a missing group is
    /// added at the end.
    public mutating func set(group: String, key: String, value: String) {
        let line = key + "=" + Self.escaped(value)
        let sections = sections(of: group)
        guard let last = sections.last else {
            if let end = lines.last, !end.trimmed(of: " \t\r").isEmpty { lines.append("") }
            lines += ["[\(group)]", line]
            return
        }
        if let index = sections.flatMap({ $0 }).last(where: { Self.key(of: lines[$0]) == key }) {
            lines[index] = line
        } else if let comment = sections.flatMap({ $0 }).last(where: { Self.commentedKey(of: lines[$0]) == key }) {
            lines.insert(line, at: comment + 1)
        } else {
            let filled = last.last { !lines[$0].trimmed(of: " \t\r").isEmpty } ?? last.lowerBound - 1
            lines.insert(line, at: filled + 1)
        }
    }

    /// Removes every line of `key` in `group`; false when there was none.
    @discardableResult
    public mutating func unset(group: String, key: String) -> Bool {
        let found = sections(of: group).flatMap { $0 }.filter { Self.key(of: lines[$0]) == key }
        for index in found.reversed() { lines.remove(at: index) }
        return !found.isEmpty
    }

    /// The ranges of lines under each `[group]` header (a group may appear more than once).
    private func sections(of group: String) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmed(of: " \t\r")
            guard trimmed.hasPrefix("["), trimmed.hasSuffix("]") else { continue }
            if let open = start { result.append(open..<index) }
            start = trimmed == "[\(group)]" ? index + 1 : nil
        }
        if let open = start { result.append(open..<lines.count) }
        return result
    }

    /// The key a `key = value` line sets (nil for a comment, a blank line or a header).
    static func key(of line: String) -> String? {
        let trimmed = line.trimmed(of: " \t\r")
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("["), let equals = trimmed.firstIndex(of: "=") else { return nil }
        return String(trimmed[..<equals]).trimmed(of: " \t")
    }

    /// The key of a commented-out `#key=value` line.
    static func commentedKey(of line: String) -> String? {
        let trimmed = line.trimmed(of: " \t\r")
        guard trimmed.hasPrefix("#") else { return nil }
        let rest = String(trimmed.drop { $0 == "#" }).trimmed(of: " \t")
        guard let equals = rest.firstIndex(of: "="), !rest[..<equals].contains(" ") else { return nil }
        return String(rest[..<equals])
    }

    /// A value as GLib's key files write a string: backslash, line breaks and tabs escaped, and
    /// a blank at the start kept as `\s`. Scalar by scalar: "\r\n" is one `Character`, and must
    /// not pass through whole (it would end the line and start a setting of the value's making).
    /// Other control characters pass as they are (they end no line); no setting takes one: the
    /// codecs refuse them (`SettingText.controlCharacter`), and so does `ConfigurationFile.set`.
    static func escaped(_ value: String) -> String {
        var result = ""
        for (offset, scalar) in value.unicodeScalars.enumerated() {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case " " where offset == 0: result += "\\s"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
