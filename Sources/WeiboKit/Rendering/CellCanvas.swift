/// A grid of terminal cells that text is drawn onto, then read back as lines.
///
/// A wide character takes its cell and the next one; it is drawn only when both fit inside the
/// clip, so no wide character is ever split, and whatever overwrites half of one clears the
/// other half. Cells refer to the UTF-8 bytes of their cluster in one shared buffer, so that
/// reading the lines back is a copy of bytes, not a string built character by character.
public struct CellCanvas: Sendable {
    public let width: Int
    public private(set) var height: Int
    private var cells: [Cell]
    /// The UTF-8 bytes of every cluster drawn, in drawing order.
    private var bytes: [UInt8] = []

    struct Cell: Equatable, Sendable {
        /// Where the cell's cluster starts in `bytes`; see `length`.
        var start: Int32 = 0
        /// The cluster's byte count; `blank` for a space, `continuation` for the right half of a
        /// wide cluster.
        var length: Int32 = Cell.blank
        var style: CellStyle = .plain

        static let blank: Int32 = -1
        static let continuation: Int32 = 0
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
        if let cells = DisplayWidth.printableASCIIWidth(text), column + cells <= end {
            drawASCII(text, x: column, y: y, style: style)
            return
        }
        for character in text {
            let measure = DisplayWidth.measure(character)
            if measure.width == 0 { continue }
            if column + measure.width > end { break }
            put(character, measure: measure, x: column, y: y, style: style)
            column += measure.width
        }
    }

    /// Printable ASCII that fits: one cell per byte, no grapheme breaking needed.
    private mutating func drawASCII(_ text: String, x: Int, y: Int, style: CellStyle) {
        let row = y * width
        var column = x
        if column > 0, cells[row + column].length == Cell.continuation {
            cells[row + column - 1].length = Cell.blank
        }
        for byte in text.utf8 {
            if byte == 0x20 {
                cells[row + column] = Cell(length: Cell.blank, style: style)
            } else {
                cells[row + column] = Cell(start: Int32(bytes.count), length: 1, style: style)
                bytes.append(byte)
            }
            column += 1
        }
        if column < width, cells[row + column].length == Cell.continuation {
            cells[row + column].length = Cell.blank
        }
    }

    /// Gives cells from `x` to `limit` on line `y` a style without changing their text.
    public mutating func paint(x: Int, y: Int, limit: Int, style: CellStyle) {
        guard y >= 0, y < height else { return }
        for column in max(x, 0)..<min(limit, width) {
            cells[y * width + column].style = style
        }
    }

    private mutating func put(_ character: Character, measure: DisplayWidth.Measure, x: Int, y: Int, style: CellStyle) {
        let cells = measure.width
        let row = y * width
        // Clear a wide character this one cuts in half, on the left or on the right.
        if x > 0, self.cells[row + x].length == Cell.continuation {
            self.cells[row + x - 1].length = Cell.blank
        }
        let next = x + cells
        if next < width, self.cells[row + next].length == Cell.continuation {
            self.cells[row + next].length = Cell.blank
        }
        let start = Int32(bytes.count)
        if measure.scalar == 0x20 {
            self.cells[row + x] = Cell(length: Cell.blank, style: style)
        } else if let scalar = measure.scalar, scalar < 0x80 {
            bytes.append(UInt8(scalar))
            self.cells[row + x] = Cell(start: start, length: 1, style: style)
        } else {
            bytes.append(contentsOf: character.utf8)
            self.cells[row + x] = Cell(start: start, length: Int32(bytes.count) - start, style: style)
        }
        if cells == 2 {
            self.cells[row + x + 1] = Cell(length: Cell.continuation, style: style)
        }
    }

    /// The lines, trailing blanks removed; with `styled`, ANSI colours for each style.
    public func lines(styled: Bool = false) -> [String] {
        var line: [UInt8] = []
        line.reserveCapacity(width * 3)
        return (0..<height).map { y in
            line.removeAll(keepingCapacity: true)
            appendLine(at: y, styled: styled, to: &line)
            return String(decoding: line, as: UTF8.self)
        }
    }

    private func appendLine(at y: Int, styled: Bool, to line: inout [UInt8]) {
        let first = y * width
        // Drop trailing blanks (styled ones too when there is no colour to show).
        var end = first + width
        while end > first, cells[end - 1].length == Cell.blank, cells[end - 1].style == .plain || !styled {
            end -= 1
        }
        var current = CellStyle.plain
        for index in first..<end {
            let cell = cells[index]
            if styled && cell.style != current {
                if current != .plain { line.append(contentsOf: CellStyle.reset.utf8) }
                line.append(contentsOf: cell.style.ansiStart.utf8)
                current = cell.style
            }
            if cell.length == Cell.blank {
                line.append(0x20)
            } else if cell.length > 0 {
                line.append(contentsOf: bytes[Int(cell.start)..<Int(cell.start + cell.length)])
            }
        }
        if styled && current != .plain { line.append(contentsOf: CellStyle.reset.utf8) }
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

    /// The SGR sequence that ends any style.
    static let reset = "\u{1B}[0m"

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
