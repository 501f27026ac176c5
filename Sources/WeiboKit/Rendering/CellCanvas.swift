/// A grid of terminal cells that text is drawn onto, then read back as lines.
///
/// A wide character takes its cell and the next one; it is drawn only when both fit inside the
/// clip, so no wide character is ever split, and whatever overwrites half of one clears the
/// other half.
public struct CellCanvas: Sendable {
    public let width: Int
    public private(set) var height: Int
    private var cells: [Cell]

    struct Cell: Equatable, Sendable {
        /// The grapheme cluster starting here; `nil` for the right half of a wide one.
        var text: Character? = " "
        var style: CellStyle = .plain
    }

    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        cells = Array(repeating: Cell(), count: self.width * self.height)
    }

    /// Draws `text` on line `y` from column `x`, not past column `limit` (default: the width).
    public mutating func draw(_ text: String, x: Int, y: Int, limit: Int? = nil, style: CellStyle = .plain) {
        guard y >= 0, y < height else { return }
        let end = min(limit ?? width, width)
        var column = max(x, 0)
        for character in text {
            let cells = DisplayWidth.of(character)
            if cells == 0 { continue }
            if column + cells > end { break }
            put(character, width: cells, x: column, y: y, style: style)
            column += cells
        }
    }

    /// Gives cells from `x` to `limit` on line `y` a style without changing their text.
    public mutating func paint(x: Int, y: Int, limit: Int, style: CellStyle) {
        guard y >= 0, y < height else { return }
        for column in max(x, 0)..<min(limit, width) {
            cells[y * width + column].style = style
        }
    }

    private mutating func put(_ character: Character, width cells: Int, x: Int, y: Int, style: CellStyle) {
        let row = y * width
        // Clear a wide character this one cuts in half, on the left or on the right.
        if cells >= 1, self.cells[row + x].text == nil, x > 0 {
            self.cells[row + x - 1].text = " "
        }
        let last = x + cells - 1
        if last + 1 < width, self.cells[row + last + 1].text == nil {
            self.cells[row + last + 1].text = " "
        }
        self.cells[row + x] = Cell(text: character, style: style)
        if cells == 2 {
            self.cells[row + x + 1] = Cell(text: nil, style: style)
        }
    }

    /// The lines, trailing blanks removed; with `styled`, ANSI colours for each style.
    public func lines(styled: Bool = false) -> [String] {
        (0..<height).map { line(at: $0, styled: styled) }
    }

    private func line(at y: Int, styled: Bool) -> String {
        let row = cells[(y * width)..<((y + 1) * width)]
        // Drop trailing plain blanks.
        var end = row.endIndex
        while end > row.startIndex, row[end - 1].text == " ", row[end - 1].style == .plain || !styled {
            end -= 1
        }
        var text = ""
        var current = CellStyle.plain
        for cell in row[row.startIndex..<end] {
            if styled && cell.style != current {
                text += current == .plain ? cell.style.ansiStart : "\u{1B}[0m" + cell.style.ansiStart
                current = cell.style
            }
            if let character = cell.text { text.append(character) }
        }
        if styled && current != .plain { text += "\u{1B}[0m" }
        return text
    }
}

/// How a cell is drawn on a colour terminal.
public enum CellStyle: Equatable, Hashable, Sendable {
    case plain
    /// A user's name: bold.
    case name
    /// A VIP's name: bold orange, as in the original client.
    case vipName
    /// The VIP mark: orange.
    case vipMark
    /// Time, source, toolbar and separators: dim.
    case secondary
    /// The retweet block's bar and text: grey.
    case retweet
    /// Picture marks: cyan.
    case picture

    /// The SGR sequence that starts the style.
    var ansiStart: String {
        switch self {
        case .plain: return ""
        case .name: return "\u{1B}[1m"
        case .vipName: return "\u{1B}[1;38;5;208m"
        case .vipMark: return "\u{1B}[38;5;208m"
        case .secondary: return "\u{1B}[2m"
        case .retweet: return "\u{1B}[38;5;245m"
        case .picture: return "\u{1B}[36m"
        }
    }
}
