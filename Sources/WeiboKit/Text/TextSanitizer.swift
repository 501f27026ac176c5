/// Makes text from the API safe to lay out on a cell grid.
///
/// Control characters go (they would move the cursor or colour the terminal: a status can carry
/// ESC), as do clusters of zero width (U+200B ends most real texts). `\r\n` and `\r` become
/// `\n`; tabs become spaces up to the next stop. What is left has a width for every cluster.
///
/// Bounded: at most `maximumClusters` clusters of a text (then "…"), each of at most
/// `maximumClusterScalars` scalars. A status is a few thousand characters at most; 100,000
/// combining marks on one letter are one cluster, whose layout took the popup 18 s.
public enum TextSanitizer {
    public static let tabWidth = 4
    public static let maximumClusters = 10_000
    public static let maximumClusterScalars = 32

    /// The cleaned text.
    public static func clean(_ text: String) -> String {
        plainCleaned(text, newlines: true) ?? cleanCluster(by: text)
    }

    /// `clean` without its shortcut, cluster by cluster (for the tests that compare the two).
    static func cleanCluster(by text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        forEachCluster(of: text) { character, _ in result.append(character) }
        return result
    }

    /// The clusters of the cleaned text, as the wrapper and the layout see them (joined again
    /// into one string, two of them can merge: regional indicators that stood apart).
    public static func clusters(of text: String) -> [Character] {
        var clusters: [Character] = []
        forEachCluster(of: text) { character, _ in clusters.append(character) }
        return clusters
    }

    /// `text` without the characters that drive a terminal (C0 and C1 controls, ESC, DEL) or
    /// reorder it (bidirectional overrides),
    /// newlines and tabs kept: for messages printed as they are (an error from a server, a
    /// proxy page's title), which must never set a window title or clear the screen.
    public static func terminalSafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isTerminalControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isTerminalControl(scalar) { scalars.append(scalar) }
        return String(scalars)
    }

    /// C0 and C1 controls (not newline and tab), DEL, and the bidirectional embeddings,
    /// overrides and isolates (U+202A–202E, U+2066–2069), which would reorder what follows them
    /// on the user's screen.
    private static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }

    /// The cleaned text on one line, newlines turned into spaces: for names.
    public static func singleLine(_ text: String) -> String {
        if let plain = plainCleaned(text, newlines: false) { return plain }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        forEachCluster(of: text) { character, measure in result.append(measure.scalar == 0x0A ? " " : character) }
        return result
    }

    /// The cleaned text on one line, cut after `limit` grapheme clusters with "…" (which
    /// counts as one of them); spaces at the cut go. For bubble bodies: the notification server
    /// wraps them to its own width, so nothing here knows cells or breaks a line.
    public static func line(_ text: String, atMost limit: Int) -> String {
        let clusters = clusters(of: text).map { $0 == "\n" ? " " : $0 }
        guard clusters.count > limit else { return String(clusters).trimmed(of: " ") }
        guard limit > 1 else { return limit == 1 ? "…" : "" }
        return String(clusters.prefix(limit - 1)).trimmed(of: " ") + "…"
    }

    /// `text` cleaned, read off its UTF-8 bytes without splitting it into clusters, when each
    /// cluster is kept or dropped whole by its first scalar (most texts: a layout of 100 statuses
    /// spent a tenth of its time rebuilding them character by character). Kept: printable ASCII
    /// and Latin-1, CJK ideographs, kana and punctuation, full-width forms, symbols and emoji, and
    /// what extends a kept cluster (variation selectors, joiners, skin tones, keycaps, tags);
    /// dropped: U+200B, which ends most texts from the API. Nil for anything else (controls, tabs,
    /// `\r`, marks, Hangul jamo, an extender that starts a cluster): those texts are cleaned
    /// cluster by cluster.
    static func plainCleaned(_ text: String, newlines: Bool) -> String? {
        // A text this short cannot hold more clusters than the bound; a longer one is counted.
        guard text.utf8.count <= maximumClusters else { return nil }
        var text = text
        guard let zeroWidthSpaces = text.withUTF8({ plainScan($0, newlines: newlines) }) else { return nil }
        guard zeroWidthSpaces > 0 else { return text }
        // U+200B is E2 80 8B; what is left is whole scalars of valid UTF-8.
        return text.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count - 3 * zeroWidthSpaces) { output in
                var count = 0
                var index = 0
                while index < bytes.count {
                    if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0x8B {
                        index += 3
                        continue
                    }
                    output[count] = bytes[index]
                    count += 1
                    index += 1
                }
                return count
            }
        }
    }

    /// How many U+200B `plainCleaned` drops from the UTF-8 `bytes`, or nil when it can't clean them.
    private static func plainScan(_ bytes: UnsafeBufferPointer<UInt8>, newlines: Bool) -> Int? {
        var zeroWidthSpaces = 0
        // Whether the scalar before is one that a cluster-extending scalar joins.
        var afterBase = false
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            var value = UInt32(lead)
            if lead < 0x80 {
                index += 1
            } else {
                // Valid UTF-8 (a String's): the lead byte says how many continuation bytes follow.
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                value &= lead >= 0xF0 ? 0x07 : lead >= 0xE0 ? 0x0F : 0x1F
                for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
                index += length
            }
            switch value {
            case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x2010...0x2027, 0x2030...0x205E, 0x2190...0x23FF, 0x2460...0x27BF,
                0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xFF01...0xFF60,
                0x1F1E6...0x1F1FF, 0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6D7, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF:
                afterBase = true
            case 0xFE0E, 0xFE0F, 0x200D, 0x20E3, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F:
                // Part of the cluster before, kept with it; alone, a cluster of no width.
                guard afterBase else { return nil }
            case 0x0A where newlines: afterBase = false
            case 0x200B:
                zeroWidthSpaces += 1
                afterBase = false
            default: return nil
            }
        }
        return zeroWidthSpaces
    }

    /// Calls `body` with each cluster of the cleaned text, its width (0 for `\n`) and its
    /// scalar when it is a single one.
    static func forEachCluster(of text: String, _ body: (Character, DisplayWidth.Measure) -> Void) {
        var column = 0
        var clusters = 0
        for whole in text {
            clusters += 1
            if clusters > maximumClusters {
                body("…", DisplayWidth.measure("…"))
                return
            }
            let character = bounded(whole)
            let measure = DisplayWidth.measure(character)
            // "\r\n" is a single cluster of two scalars.
            if measure.scalar == 0x0A || measure.scalar == 0x0D || (measure.scalar == nil && character == "\r\n") {
                body("\n", DisplayWidth.Measure(width: 0, scalar: 0x0A))
                column = 0
                continue
            }
            if measure.scalar == 0x09 {
                let spaces = tabWidth - column % tabWidth
                for _ in 0..<spaces { body(" ", DisplayWidth.Measure(width: 1, scalar: 0x20)) }
                column += spaces
                continue
            }
            if measure.width == 0 { continue }
            body(character, measure)
            column += measure.width
        }
    }

    /// `character` with at most `maximumClusterScalars` scalars: its base and the first marks.
    private static func bounded(_ character: Character) -> Character {
        guard character.unicodeScalars.count > maximumClusterScalars else { return character }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: character.unicodeScalars.prefix(maximumClusterScalars))
        return String(scalars).first ?? character
    }
}
