/// Breaks text into lines of at most a given width in cells, and shortens lines with `…`.
///
/// Chinese and Japanese text may break between any two characters; Latin words break at
/// spaces, and only a word longer than the whole line is cut. A line never starts with closing
/// punctuation (`，。！？、）」》…`) nor ends with opening punctuation (`（「《`): they stay with
/// their neighbour. Explicit newlines are kept; spaces at a soft break are dropped.
public enum TextWrapper {
    /// Lines of `text` no wider than `width` cells (at least 2). Sanitises the text first.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(width, 2)
        var lines: [String] = []
        for paragraph in TextSanitizer.clean(text).split(separator: "\n", omittingEmptySubsequences: false) {
            wrapParagraph(paragraph, width: width, into: &lines)
        }
        // A trailing newline adds no visible line.
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        return lines
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

    // MARK: - Units

    /// A piece of text that is never broken, unless it is wider than the line.
    private struct Unit {
        var text = ""
        var width = 0
        var isSpace = false
    }

    static let closing: Set<Character> = [
        "，", "。", "！", "？", "、", "；", "：", "）", "」", "』", "》", "〉", "】", "〕", "〗", "｝", "］", "”", "’",
        "…", "‥", "～", "ー", "・", "·", ",", ".", "!", "?", ";", ":", ")", "]", "}", "%", "％",
    ]
    static let opening: Set<Character> = [
        "（", "「", "『", "《", "〈", "【", "〔", "〖", "｛", "［", "“", "‘", "(", "[", "{",
    ]

    /// Splits a paragraph into words, single wide characters and spaces, with punctuation glued
    /// to the neighbour it belongs with.
    private static func units(of paragraph: Substring) -> [Unit] {
        var units: [Unit] = []
        var word = Unit()
        var pendingOpening = Unit()

        func flushWord() {
            if !word.text.isEmpty { units.append(word) }
            word = Unit()
        }
        func take(_ character: Character, width: Int, into unit: inout Unit) {
            unit.text.append(character)
            unit.width += width
        }
        func startWithPendingOpening(_ unit: inout Unit) {
            unit = pendingOpening
            pendingOpening = Unit()
        }

        var index = paragraph.startIndex
        while index < paragraph.endIndex {
            let character = paragraph[index]
            index = paragraph.index(after: index)
            if character == "[", let code = emoticonCode(in: paragraph, after: index) {
                // `[笑cry]` is one picture on Weibo: never break inside it.
                flushWord()
                var unit = Unit()
                startWithPendingOpening(&unit)
                unit.text += "[" + paragraph[index..<code]
                unit.width += DisplayWidth.of(unit.text)
                units.append(unit)
                index = code
                continue
            }
            let width = DisplayWidth.of(character)
            if character == " " {
                flushWord()
                if !pendingOpening.text.isEmpty {
                    units.append(pendingOpening)
                    pendingOpening = Unit()
                }
                units.append(Unit(text: " ", width: 1, isSpace: true))
            } else if closing.contains(character), pendingOpening.text.isEmpty, !word.text.isEmpty || !units.isEmpty {
                // Stays on the line of what it closes, even across a space (`text …全文`).
                if !word.text.isEmpty {
                    take(character, width: width, into: &word)
                } else {
                    var spaces = 0
                    while let last = units.last, last.isSpace, units.count > 1 {
                        units.removeLast()
                        spaces += 1
                    }
                    if units[units.count - 1].isSpace {
                        word = Unit()
                        take(character, width: width, into: &word)
                    } else {
                        units[units.count - 1].text += String(repeating: " ", count: spaces)
                        units[units.count - 1].width += spaces
                        take(character, width: width, into: &units[units.count - 1])
                    }
                }
            } else if opening.contains(character) {
                flushWord()
                take(character, width: width, into: &pendingOpening)
            } else if width >= 2 {
                // A wide character: a break is allowed on either side.
                flushWord()
                var unit = Unit()
                startWithPendingOpening(&unit)
                take(character, width: width, into: &unit)
                units.append(unit)
            } else {
                if word.text.isEmpty { startWithPendingOpening(&word) }
                take(character, width: width, into: &word)
            }
        }
        flushWord()
        if !pendingOpening.text.isEmpty { units.append(pendingOpening) }
        return units
    }

    /// The end of a Weibo emoticon code such as `[哈哈]` or `[doge]` whose `[` comes just
    /// before `start`: short, no spaces, closed by `]`.
    private static func emoticonCode(in paragraph: Substring, after start: Substring.Index) -> Substring.Index? {
        var index = start
        var length = 0
        while index < paragraph.endIndex, length <= 8 {
            let character = paragraph[index]
            index = paragraph.index(after: index)
            if character == "]" { return length > 0 ? index : nil }
            if character == " " || character == "[" { return nil }
            length += 1
        }
        return nil
    }

    // MARK: - Filling lines

    private static func wrapParagraph(_ paragraph: Substring, width: Int, into lines: inout [String]) {
        var filler = LineFiller(width: width)
        for unit in units(of: paragraph) {
            filler.add(unit)
        }
        lines += filler.finish()
    }

    /// Fills lines greedily, one unit at a time.
    private struct LineFiller {
        let width: Int
        var lines: [String] = []
        var line = ""
        var lineWidth = 0

        init(width: Int) {
            self.width = width
        }

        mutating func add(_ unit: Unit) {
            if unit.isSpace {
                if lineWidth == 0 && !lines.isEmpty { return }  // no space at the start of a wrapped line
                if lineWidth + 1 > width {
                    endLine()
                } else {
                    line.append(" ")
                    lineWidth += 1
                }
                return
            }
            if lineWidth + unit.width <= width {
                line += unit.text
                lineWidth += unit.width
                return
            }
            if lineWidth > 0 { endLine() }
            if unit.width <= width {
                line = unit.text
                lineWidth = unit.width
            } else {
                hardBreak(unit.text)
            }
        }

        /// The lines; an empty paragraph is one blank line, and a paragraph that ended at a
        /// break adds nothing more.
        mutating func finish() -> [String] {
            if lineWidth > 0 || lines.isEmpty { endLine() }
            return lines
        }

        private mutating func endLine() {
            while line.last == " " {
                line.removeLast()
            }
            lines.append(line)
            line = ""
            lineWidth = 0
        }

        /// Cuts a piece wider than the line: at the last place that keeps closing punctuation
        /// off the start of a line and opening punctuation off the end, or, when the piece
        /// allows none (a glued group wider than the line), where the line is full.
        private mutating func hardBreak(_ text: String) {
            var rest = text.map { (character: $0, width: DisplayWidth.of($0)) }
            while !rest.isEmpty {
                var fitting = 0
                var used = lineWidth
                while fitting < rest.count, used + rest[fitting].width <= width {
                    used += rest[fitting].width
                    fitting += 1
                }
                if fitting == rest.count {
                    for piece in rest { line.append(piece.character) }
                    lineWidth = used
                    return
                }
                var cut = fitting
                while cut > 0, closing.contains(rest[cut].character) || opening.contains(rest[cut - 1].character) {
                    cut -= 1
                }
                if cut == 0 { cut = max(fitting, 1) }
                for piece in rest[..<cut] { line.append(piece.character) }
                rest.removeFirst(cut)
                endLine()
            }
        }
    }
}
