/// How many terminal cells text takes, one grapheme cluster at a time.
///
/// A cluster is as wide as its base, with these rules: East Asian Wide and Fullwidth take 2;
/// an emoji shown as emoji (default emoji presentation, a U+FE0F selector, a ZWJ sequence, a
/// skin tone, a keycap, a flag pair) takes 2; combining marks, ZWJ, variation selectors and
/// the other zero-width characters (U+200B, U+2060, U+FEFF, format characters) add nothing;
/// control characters take 0 (the text sanitiser removes them). Ambiguous-width characters
/// (`…`, `│`, `·`) count as 1, as in a non-CJK terminal.
public enum DisplayWidth {
    /// The width of one grapheme cluster.
    public static func of(_ character: Character) -> Int {
        measure(character).width
    }

    /// A cluster's width, and its scalar when it is a single one (for quick classification).
    struct Measure {
        var width: Int
        /// The cluster's only scalar, or `nil` for a cluster of several.
        var scalar: UInt32?
    }

    static func measure(_ character: Character) -> Measure {
        var scalars = character.unicodeScalars.makeIterator()
        guard let base = scalars.next() else { return Measure(width: 0, scalar: nil) }
        // Most clusters are one scalar: ASCII, CJK, punctuation.
        guard let next = scalars.next() else { return Measure(width: of(scalar: base), scalar: base.value) }
        var hasEmojiPresentation = false
        var hasJoiner = false
        var hasTextSelector = false
        var scalar: Unicode.Scalar? = next
        while let current = scalar {
            switch current.value {
            case 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF: hasEmojiPresentation = true  // emoji selector, keycap, skin tones
            case 0x200D: hasJoiner = true
            case 0xFE0E: hasTextSelector = true
            default: break
            }
            scalar = scalars.next()
        }
        let width: Int
        if base.value == 0x0D {
            width = 0  // "\r\n"
        } else if isRegionalIndicator(base) {
            width = 2  // a flag: two indicators in one cluster
        } else if (hasEmojiPresentation || hasJoiner) && base.properties.isEmoji {
            width = 2
        } else if hasTextSelector {
            width = min(of(scalar: base), 1)
        } else {
            width = of(scalar: base)
        }
        return Measure(width: width, scalar: nil)
    }

    /// The width of text: the sum of its clusters.
    public static func of(_ text: some StringProtocol) -> Int {
        if let width = printableASCIIWidth(text) { return width }
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    /// The width of text made only of printable ASCII (its byte count), or `nil`: a scan of
    /// bytes instead of grapheme breaking, for the many short labels, times and links.
    static func printableASCIIWidth(_ text: some StringProtocol) -> Int? {
        var count = 0
        for byte in text.utf8 {
            guard byte >= 0x20 && byte < 0x7F else { return nil }
            count += 1
        }
        return count
    }

    /// The width of a lone scalar as the base of a cluster. The common blocks are decided by
    /// range; only rarer scalars reach the Unicode property look-ups.
    static func of(scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch value {
        case 0x20..<0x7F: return 1
        case 0..<0x20, 0x7F..<0xA0: return 0
        case 0xA0..<0x300: return 1
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xAC00...0xD7A3, 0x3041...0x3096, 0x309B...0x30FF, 0x3000...0x3029,
            0x3030...0x303E, 0xFF01...0xFF60:
            // CJK ideographs, Hangul syllables, kana, CJK punctuation, fullwidth forms; the
            // combining marks among them (U+302A–302F, U+3099–309A) are left to the look-ups.
            return 2
        case 0x2010...0x2027, 0x2030...0x205E: return 1  // dashes, quotes, …, ‰
        default: break
        }
        if isZeroWidth(scalar) { return 0 }
        if value < 0x1100 { return 1 }
        if value >= 0x231A && scalar.properties.isEmojiPresentation { return 2 }
        return isEastAsianWide(value) ? 2 : 1
    }

    /// Characters that take no cell of their own.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0xFEFF, 0xFE00...0xFE0F, 0xE0100...0xE01EF:
            return true
        case 0x1160...0x11FF:  // Hangul medial vowels and final consonants: they join the syllable.
            return true
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format, .control: return true
            default: return false
            }
        }
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// Binary search in the generated East Asian Width table.
    static func isEastAsianWide(_ value: UInt32) -> Bool {
        var low = 0
        var high = eastAsianWideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = eastAsianWideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
