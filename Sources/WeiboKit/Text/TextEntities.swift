/// The parts of a Weibo text that lead somewhere: `@name`, `#topic#` and web addresses, found
/// in one line as the popup draws it (in the link colour, clickable).
public struct TextEntity: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case mention, topic, link
    }

    public var kind: Kind
    /// The entity's text as written (`@张三`, `#话题#`, `https://t.cn/x`).
    public var text: String
    /// Its place in the line's UTF-8 bytes (what Pango's attributes count).
    public var utf8Range: Range<Int>

    /// The page it opens on weibo.com (the address itself for a link); nil for a link whose
    /// host is not what it shows, which opens nothing (`openableLink`).
    public var url: String? {
        switch kind {
        case .mention: return "https://weibo.com/n/" + FormEncoding.escape(String(text.dropFirst()))
        case .topic: return "https://s.weibo.com/weibo?q=" + FormEncoding.escape(text)
        case .link: return Self.openableLink(text)
        }
    }

    /// `link` when the host it opens is the one a reader sees in it; nil when it has user
    /// information (`https://weibo.com@evil.example/` opens evil.example), a backslash or a
    /// percent sign before its path (read as other characters by browsers), a punycode label
    /// (`xn--`: a look-alike of another host's letters), or no host.
    public static func openableLink(_ link: String) -> String? {
        guard let authority = WebAddress.authority(of: link) else { return nil }
        let host = authority.prefix { $0 != ":" }.lowercased()
        guard !host.isEmpty, !authority.contains(where: { "@\\%".contains($0) }) else { return nil }
        guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) else { return nil }
        guard !host.split(separator: ".").contains(where: { $0.hasPrefix("xn--") }) else { return nil }
        return link
    }

    /// The entities of `line`, left to right. A name ends at a space or punctuation; a topic at
    /// the next `#` on the line (none: no topic); a link at a space or a wide character.
    public static func find(in line: String) -> [TextEntity] {
        var found: [TextEntity] = []
        let characters = Array(line)
        var offsets: [Int] = [0]
        offsets.reserveCapacity(characters.count + 1)
        for character in characters { offsets.append(offsets[offsets.count - 1] + character.utf8.count) }
        var index = 0
        func add(_ kind: Kind, _ start: Int, _ end: Int) {
            found.append(TextEntity(kind: kind, text: String(characters[start..<end]), utf8Range: offsets[start]..<offsets[end]))
            index = end
        }
        while index < characters.count {
            let character = characters[index]
            if character == "@" {
                var end = index + 1
                while end < characters.count, isNameCharacter(characters[end]) { end += 1 }
                if end > index + 1 { add(.mention, index, end) } else { index += 1 }
            } else if character == "#", let close = characters[(index + 1)...].firstIndex(of: "#"), close > index + 1 {
                add(.topic, index, close + 1)
            } else if startsLink(characters, at: index) {
                var end = index
                while end < characters.count, !characters[end].isWhitespace, characters[end].utf8.count == 1 { end += 1 }
                add(.link, index, end)
            } else {
                index += 1
            }
        }
        return found
    }

    /// Letters, digits, `_` and `-` of any script: what a screen name is made of.
    static func isNameCharacter(_ character: Character) -> Bool {
        character == "_" || character == "-" || character.isLetter || character.isNumber
    }

    static func startsLink(_ characters: [Character], at index: Int) -> Bool {
        for prefix in ["https://", "http://"] where index + prefix.count <= characters.count {
            if String(characters[index..<(index + prefix.count)]) == prefix { return true }
        }
        return false
    }
}
