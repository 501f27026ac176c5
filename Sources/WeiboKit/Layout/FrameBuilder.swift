/// Collects a frame's parts and keeps track of its bottom.
struct FrameBuilder {
    /// The frame's width.
    let width: Int
    /// Where content starts and ends across: inside the border.
    let left: Int
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

    /// The right edge of the rightmost part that covers the line at `y`.
    func rightEdge(atY y: Int) -> Int {
        parts.filter { $0.rect.y <= y && y < $0.rect.maxY }.map(\.rect.maxX).max() ?? left
    }
}
