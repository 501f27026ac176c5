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
        if let ascii = character.asciiValue {
            return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
        }
        let scalars = character.unicodeScalars
        guard let base = scalars.first else { return 0 }
        if scalars.count > 1 {
            var hasEmojiPresentation = false
            var hasJoiner = false
            for scalar in scalars.dropFirst() {
                switch scalar.value {
                case 0xFE0F, 0x20E3: hasEmojiPresentation = true  // emoji selector, keycap
                case 0x1F3FB...0x1F3FF: hasEmojiPresentation = true  // skin tones
                case 0x200D: hasJoiner = true
                default: break
                }
            }
            let baseIsEmoji = base.properties.isEmoji
            if baseIsEmoji && (hasEmojiPresentation || hasJoiner) { return 2 }
            if isRegionalIndicator(base) { return 2 }  // a flag: two indicators in one cluster
            if scalars.contains(where: { $0.value == 0xFE0E }) { return min(of(scalar: base), 1) }  // text selector
        }
        return of(scalar: base)
    }

    /// The width of text: the sum of its clusters.
    public static func of(_ text: some StringProtocol) -> Int {
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    /// The width of a lone scalar as the base of a cluster.
    static func of(scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        if isZeroWidth(scalar) { return 0 }
        if value < 0x1100 { return 1 }
        if scalar.properties.isEmojiPresentation { return 2 }
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
