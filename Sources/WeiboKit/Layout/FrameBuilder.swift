/// Collects a frame's parts and keeps track of its bottom.
struct FrameBuilder {
    /// The frame's width.
    let width: Int
    /// Where content starts and ends across: inside the border (and right of a row's avatar).
    private(set) var left: Int
    let right: Int
    let measurer: any TextMeasurer
    var parts: [FramePart] = []
    var bottom = 0
    var retweetBlock: FrameRect?

    init(width: Int, metrics: LayoutMetrics, measurer: any TextMeasurer) {
        self.width = width
        left = metrics.border
        right = width - metrics.border
        self.measurer = measurer
    }

    /// A row's avatar at the top left (`metrics.rowAvatar`: a compact status's, a comment's,
    /// as the seed's cell begins), with `name`'s mark for a missing picture; the content starts
    /// right of it. Nothing where the metrics have none (the terminal).
    mutating func addRowAvatar(for name: String, metrics: LayoutMetrics) {
        guard let size = metrics.rowAvatar else { return }
        let rect = FrameRect(x: left, y: metrics.border, width: size.width, height: size.height)
        // Beside the content, not above it: the content's bottom goes on from the top.
        parts.append(FramePart(kind: .avatar, rect: rect, lines: [avatarMark(for: name, size: size)], alignment: .leading))
        avatarBottom = rect.maxY
        left = rect.maxX + metrics.gap
    }

    /// The bottom of a row's avatar (0 for none).
    private var avatarBottom = 0

    /// How far down the frame's parts reach: the content, or a row's avatar beside it.
    var height: Int { max(bottom, avatarBottom) }

    /// The avatar mark: the name's first character, upper-cased for Latin names ("?" for none,
    /// or one too wide).
    func avatarMark(for name: String, size: FrameSize) -> String {
        guard let first = name.first(where: { $0 != " " }) else { return "?" }
        let mark = String(first).uppercased()
        return measurer.width(mark, as: .name) <= size.width ? mark : "?"
    }

    /// Adds measured text at (`x`, `y`), as wide as its widest line (or `width` when given),
    /// clipped to the content's right edge, as high as its lines.
    @discardableResult
    mutating func add(_ kind: FramePart.Kind, x: Int, y: Int, width: Int? = nil, text: MeasuredText) -> FrameRect {
        let rect = FrameRect(x: x, y: y, width: min(width ?? text.width, right - x), height: text.height)
        return add(kind, rect: rect, lines: text.lines)
    }

    /// Adds a part of a given size: a picture, a button, a decoration.
    @discardableResult
    mutating func add(
        _ kind: FramePart.Kind, rect: FrameRect, lines: [String] = [], alignment: FramePart.Alignment = .leading
    ) -> FrameRect {
        parts.append(FramePart(kind: kind, rect: rect, lines: lines, alignment: alignment))
        bottom = max(bottom, rect.maxY)
        return rect
    }

    /// The right edge of the rightmost part beside `line` (any part it spans across: a VIP
    /// badge centred on a name's line starts below its top).
    func rightEdge(along line: FrameRect) -> Int {
        parts.filter { $0.rect.y < line.maxY && line.y < $0.rect.maxY && $0.rect.x >= line.x }.map(\.rect.maxX).max() ?? left
    }
}
