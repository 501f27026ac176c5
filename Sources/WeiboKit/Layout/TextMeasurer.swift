/// What a piece of text is in a cell: each role has its own font in the window.
public enum TextRole: Hashable, Sendable, CaseIterable {
    /// The author's name (bold) and the avatar's mark.
    case name
    case vipMark
    case time
    case source
    /// The status's or the comment's own text.
    case body
    /// The retweeted status: `@name : text`.
    case retweetBody
    /// The counts of the toolbar's buttons.
    case toolbar
    /// A comment's post (`「…」`) and the comment it answers (`↪ replying to: …`).
    case quote
    /// Small labels: `[图]`, `[图×3]`, `+N`.
    case label
}

/// Text as a measurer laid it out: the lines it broke it into and the room they take.
public struct MeasuredText: Equatable, Sendable {
    /// The lines, each no wider than the width asked for; the last ends in `…` when `truncated`.
    public var lines: [String]
    /// The widest line.
    public var width: Int
    /// All lines, at the role's line height.
    public var height: Int
    /// Whether text was cut to fit.
    public var truncated: Bool

    public init(lines: [String], width: Int, height: Int, truncated: Bool) {
        self.lines = lines
        self.width = width
        self.height = height
        self.truncated = truncated
    }

    public var isEmpty: Bool { lines.isEmpty }
}

/// Measures text in the unit of a frame: what the seed's `sizeWithText:font:maxW:` did.
///
/// `CellMeasurer` counts terminal cells; the popup's `PangoMeasurer` measures pixels in the
/// window's fonts. The frame layouts ask only this, so one layout serves both.
public protocol TextMeasurer: Sendable {
    /// `text` broken into lines no wider than `maxWidth`, cut to `maxLines` (the last kept line
    /// then ends in `…`). Explicit newlines are kept; an empty text gives no lines.
    func measure(_ text: String, as role: TextRole, maxWidth: Int, maxLines: Int?) -> MeasuredText
    /// `text` on one line (one line even when empty), never broken, cut with `…` where it
    /// passes `maxWidth`.
    func line(_ text: String, as role: TextRole, maxWidth: Int) -> MeasuredText
    /// The height of one line of `role`.
    func lineHeight(_ role: TextRole) -> Int
}

extension TextMeasurer {
    /// The width of `text` on one line.
    public func width(_ text: String, as role: TextRole) -> Int {
        line(text, as: role, maxWidth: Int.max / 2).width
    }

    /// `text` on one line, cut with `…` where it passes `maxWidth`: the lines' string.
    public func fitted(_ text: String, as role: TextRole, maxWidth: Int) -> String {
        line(text, as: role, maxWidth: maxWidth).lines.first ?? ""
    }
}

/// Measures in terminal cells: `DisplayWidth` for widths (East Asian wide characters and
/// emoji take two), `TextWrapper` for breaking (kinsoku, Latin words whole, graphemes never
/// split); every line is one cell high.
public struct CellMeasurer: TextMeasurer {
    public init() {}

    public func measure(_ text: String, as role: TextRole, maxWidth: Int, maxLines: Int?) -> MeasuredText {
        let wrapped = TextWrapper.wrap(text, width: maxWidth)
        let lines = maxLines.map { TextWrapper.truncate(wrapped, maxLines: $0, width: maxWidth) } ?? wrapped
        return measured(lines, truncated: lines.count < wrapped.count)
    }

    public func line(_ text: String, as role: TextRole, maxWidth: Int) -> MeasuredText {
        let line = TextWrapper.truncate(text, toWidth: maxWidth)
        return measured([line], truncated: line != text)
    }

    public func lineHeight(_ role: TextRole) -> Int { 1 }

    private func measured(_ lines: [String], truncated: Bool) -> MeasuredText {
        MeasuredText(lines: lines, width: lines.map { DisplayWidth.of($0) }.max() ?? 0, height: lines.count, truncated: truncated)
    }
}
