/// Breaks text into lines of at most a given width in cells, and shortens lines with `…`.
///
/// Chinese and Japanese text may break between any two characters; Latin words break at
/// spaces, and only a word longer than the whole line is cut. A line never starts with closing
/// punctuation (`，。！？、）」》…`) nor ends with opening punctuation (`（「《`): they stay with
/// their neighbour. Weibo's emoticon codes (`[哈哈]`) are never cut. Explicit newlines are kept;
/// spaces at a soft break are dropped.
public enum TextWrapper {
    /// Lines of `text` no wider than `width` cells (at least 2). Sanitises the text first.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(width, 2)
        var lines: [String] = []
        var paragraph: [Cluster] = []
        paragraph.reserveCapacity(text.utf8.count / 2)
        TextSanitizer.forEachCluster(of: text) { character, measure in
            if measure.scalar == 0x0A {
                wrapParagraph(paragraph, width: width, into: &lines)
                paragraph.removeAll(keepingCapacity: true)
            } else {
                paragraph.append(Cluster(character: character, measure: measure))
            }
        }
        wrapParagraph(paragraph, width: width, into: &lines)
        // A trailing newline adds no visible line.
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines
    }

    /// Text wrapped for a terminal, for a window whose label wraps it again: a line that
    /// continues the one before (indented) joins it, with a space unless both sides are Chinese
    /// or Japanese. Paragraphs, list items and blank lines stay as they are.
    public static func unwrapped(_ text: String) -> String {
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let rest = line.drop { $0 == " " }
            guard rest.startIndex != line.startIndex, let first = rest.first, let last = lines.last, let end = last.last else {
                lines.append(line)
                continue
            }
            let wide = DisplayWidth.of(String(end)) == 2 && DisplayWidth.of(String(first)) == 2
            lines[lines.count - 1] = last + (wide ? "" : " ") + rest
        }
        return lines.joined(separator: "\n")
    }

    /// `lines` cut to `maxLines`, the last kept one ending in `…` when anything was cut.
    public static func truncate(_ lines: [String], maxLines: Int, width: Int) -> [String] {
        guard maxLines > 0 else { return [] }
        guard lines.count > maxLines else { return lines }
        var kept = Array(lines.prefix(maxLines))
        kept[maxLines - 1] = withEllipsis(kept[maxLines - 1], width: width)
        return kept
    }

    /// `line` cut to fit `width` cells, ending in `…` when anything was cut.
    public static func truncate(_ line: String, toWidth width: Int) -> String {
        DisplayWidth.of(line) <= width ? line : withEllipsis(line, width: width)
    }

    /// `line` shortened as needed so that `line + "…"` fits `width`.
    static func withEllipsis(_ line: String, width: Int) -> String {
        guard width > 0 else { return "" }
        var kept = ""
        var used = 0
        for character in line {
            let cells = DisplayWidth.of(character)
            if used + cells > width - 1 { break }
            kept.append(character)
            used += cells
        }
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }

    // MARK: - Clusters and units

    /// A grapheme cluster with its width, measured once.
    struct Cluster {
        let character: Character
        let width: Int
        /// The cluster's scalar when it is a single one, else 0: for quick classification.
        let scalar: UInt32

        init(character: Character, measure: DisplayWidth.Measure) {
            self.character = character
            width = measure.width
            scalar = measure.scalar ?? 0
        }

        /// The ASCII code, or 0 for anything else.
        var ascii: UInt8 { scalar < 0x80 ? UInt8(scalar) : 0 }
        var isClosing: Bool { TextWrapper.isClosing(scalar: scalar) }
        var isOpening: Bool { TextWrapper.isOpening(scalar: scalar) }
    }

    /// A run of clusters that is never broken, unless it is wider than the line.
    private struct Unit {
        var range: Range<Int>
        var width: Int
        var isSpace: Bool
    }

    /// Punctuation that must not start a line.
    static func isClosing(scalar: UInt32) -> Bool {
        switch scalar {
        case 0x2C, 0x2E, 0x21, 0x3F, 0x3B, 0x3A, 0x29, 0x5D, 0x7D, 0x25,  // , . ! ? ; : ) ] } %
            0xFF0C, 0x3002, 0xFF01, 0xFF1F, 0x3001, 0xFF1B, 0xFF1A, 0xFF09, 0xFF3D, 0xFF5D, 0xFF05,  // ，。！？、；：）］｝％
            0x300D, 0x300F, 0x300B, 0x3009, 0x3011, 0x3015, 0x3017,  // 」』》〉】〕〗
            0x201D, 0x2019, 0x2026, 0x2025, 0xFF5E, 0x30FC, 0x30FB, 0x00B7:  // ”’…‥～ー・·
            return true
        default:
            return false
        }
    }

    /// Punctuation that must not end a line.
    static func isOpening(scalar: UInt32) -> Bool {
        switch scalar {
        case 0x28, 0x5B, 0x7B,  // ( [ {
            0xFF08, 0xFF3B, 0xFF5B, 0x300C, 0x300E, 0x300A, 0x3008, 0x3010, 0x3014, 0x3016, 0x201C, 0x2018:
            return true  // （［｛「『《〈【〔〖“‘
        default:
            return false
        }
    }

    /// Splits a paragraph into words, single wide characters and spaces, with punctuation glued
    /// to the neighbour it belongs with. Units are contiguous ranges of the paragraph.
    private static func units(of paragraph: [Cluster]) -> [Unit] {
        var units: [Unit] = []
        units.reserveCapacity(paragraph.count)
        var word: Unit?  // narrow characters being collected
        var openingStart: Int?  // start of opening punctuation waiting for what it opens
        var openingWidth = 0

        func flushWord() {
            if let current = word { units.append(current) }
            word = nil
        }
        /// A new unit at `index`, taking in the waiting opening punctuation.
        func startUnit(at index: Int, width: Int) -> Unit {
            defer {
                openingStart = nil
                openingWidth = 0
            }
            return Unit(range: (openingStart ?? index)..<(index + 1), width: openingWidth + width, isSpace: false)
        }
        /// Opening punctuation followed by a space stands alone.
        func flushOpening(upTo end: Int) {
            if let start = openingStart {
                units.append(Unit(range: start..<end, width: openingWidth, isSpace: false))
            }
            openingStart = nil
            openingWidth = 0
        }
        func extendWord(to index: Int, by width: Int) {
            guard var current = word else { return }
            current.range = current.range.lowerBound..<(index + 1)
            current.width += width
            word = current
        }

        var index = 0
        while index < paragraph.count {
            let cluster = paragraph[index]
            if cluster.ascii == 0x5B, let end = emoticonEnd(in: paragraph, from: index) {
                // `[笑cry]` is one picture on Weibo: never break inside it.
                flushWord()
                var unit = startUnit(at: index, width: 0)
                unit.range = unit.range.lowerBound..<end
                unit.width += paragraph[index..<end].reduce(0) { $0 + $1.width }
                units.append(unit)
                index = end
                continue
            }
            defer { index += 1 }
            if cluster.ascii == 0x20 {
                flushWord()
                flushOpening(upTo: index)
                units.append(Unit(range: index..<(index + 1), width: 1, isSpace: true))
            } else if cluster.isClosing, openingStart == nil, word != nil || !units.isEmpty {
                // Stays on the line of what it closes, even across a space (`text …全文`).
                if word != nil {
                    extendWord(to: index, by: cluster.width)
                } else {
                    var spaces = 0
                    while let last = units.last, last.isSpace, units.count > 1 {
                        units.removeLast()
                        spaces += 1
                    }
                    if units[units.count - 1].isSpace {
                        word = Unit(range: index..<(index + 1), width: cluster.width, isSpace: false)
                    } else {
                        units[units.count - 1].range = units[units.count - 1].range.lowerBound..<(index + 1)
                        units[units.count - 1].width += spaces + cluster.width
                    }
                }
            } else if cluster.isOpening {
                flushWord()
                if openingStart == nil { openingStart = index }
                openingWidth += cluster.width
            } else if cluster.width >= 2 {
                // A wide character: a break is allowed on either side.
                flushWord()
                units.append(startUnit(at: index, width: cluster.width))
            } else if word != nil {
                extendWord(to: index, by: cluster.width)
            } else {
                word = startUnit(at: index, width: cluster.width)
            }
        }
        flushWord()
        flushOpening(upTo: paragraph.count)
        return units
    }

    /// The end of a Weibo emoticon code such as `[哈哈]` or `[doge]` starting at `start`:
    /// short, no spaces, closed by `]`.
    private static func emoticonEnd(in paragraph: [Cluster], from start: Int) -> Int? {
        var index = start + 1
        while index < paragraph.count, index - start <= 9 {
            switch paragraph[index].ascii {
            case 0x5D: return index - start > 1 ? index + 1 : nil  // ]
            case 0x20, 0x5B: return nil  // space, [
            default: break
            }
            index += 1
        }
        return nil
    }

    // MARK: - Filling lines

    private static func wrapParagraph(_ paragraph: [Cluster], width: Int, into lines: inout [String]) {
        var filler = LineFiller(paragraph: paragraph, width: width)
        for unit in units(of: paragraph) {
            filler.add(unit)
        }
        lines += filler.finish()
    }

    /// Fills lines greedily, one unit at a time. Lines are built as UTF-8 bytes, which is
    /// much cheaper than appending characters to a string one by one.
    private struct LineFiller {
        let paragraph: [Cluster]
        let width: Int
        var lines: [String] = []
        var line: [UInt8] = []
        var lineWidth = 0

        init(paragraph: [Cluster], width: Int) {
            self.paragraph = paragraph
            self.width = width
            line.reserveCapacity(width * 3)
        }

        mutating func add(_ unit: Unit) {
            if unit.isSpace {
                if lineWidth == 0 && !lines.isEmpty { return }  // no space at the start of a wrapped line
                if lineWidth + 1 > width {
                    endLine()
                } else {
                    line.append(0x20)
                    lineWidth += 1
                }
                return
            }
            if lineWidth + unit.width <= width {
                append(unit.range)
                lineWidth += unit.width
                return
            }
            if lineWidth > 0 { endLine() }
            if unit.width <= width {
                append(unit.range)
                lineWidth = unit.width
            } else {
                hardBreak(unit.range)
            }
        }

        /// The lines; an empty paragraph is one blank line, and a paragraph that ended at a
        /// break adds nothing more.
        mutating func finish() -> [String] {
            if lineWidth > 0 || lines.isEmpty { endLine() }
            return lines
        }

        private mutating func append(_ range: Range<Int>) {
            for index in range {
                let cluster = paragraph[index]
                if cluster.ascii != 0 {
                    line.append(cluster.ascii)
                } else {
                    line.append(contentsOf: cluster.character.utf8)
                }
            }
        }

        private mutating func endLine() {
            while line.last == 0x20 {
                line.removeLast()
            }
            lines.append(String(decoding: line, as: UTF8.self))
            line.removeAll(keepingCapacity: true)
            lineWidth = 0
        }

        /// Cuts a piece wider than the line: at the last place that keeps closing punctuation
        /// off the start of a line and opening punctuation off the end, or, when the piece
        /// allows none (a glued group wider than the line), where the line is full.
        private mutating func hardBreak(_ range: Range<Int>) {
            var start = range.lowerBound
            while start < range.upperBound {
                var fitting = start
                var used = lineWidth
                while fitting < range.upperBound, used + paragraph[fitting].width <= width {
                    used += paragraph[fitting].width
                    fitting += 1
                }
                if fitting == range.upperBound {
                    append(start..<fitting)
                    lineWidth = used
                    return
                }
                var cut = fitting
                while cut > start,
                    paragraph[cut].isClosing || paragraph[cut - 1].isOpening
                {
                    cut -= 1
                }
                if cut == start { cut = max(fitting, start + 1) }
                append(start..<cut)
                start = cut
                endLine()
            }
        }
    }
}
