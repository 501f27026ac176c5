/// Draws status frames laid out in cells (`LayoutMetrics.cells`, `CellMeasurer`) as lines of
/// text.
public struct FrameRenderer: Sendable {
    /// Colour and weight with ANSI escapes; the command line turns it on only for a terminal
    /// without `NO_COLOR`, or when asked.
    public var usesColor: Bool

    public init(usesColor: Bool = false) {
        self.usesColor = usesColor
    }

    /// The lines of one frame, each no wider than the frame.
    public func lines(of frame: StatusFrame) -> [String] {
        var canvas = CellCanvas(width: frame.width, height: frame.height)
        for part in frame.parts {
            let style = style(of: part.kind, vip: frame.isVIP)
            for (offset, line) in (part.kind.isDecoration ? decoration(of: part) : part.lines).enumerated() {
                let x = part.alignment == .center ? part.rect.x + max(0, part.rect.width - DisplayWidth.of(line)) / 2 : part.rect.x
                // The space before centred text is the part's too (dim, for the toolbar).
                if x > part.rect.x { canvas.paint(x: part.rect.x, y: part.rect.y + offset, limit: x, style: style) }
                canvas.draw(line, x: x, y: part.rect.y + offset, limit: part.rect.maxX, style: style)
            }
        }
        return canvas.lines(styled: usesColor)
    }

    /// The lines of several frames, with a dim rule (or nothing, for compact frames) between.
    public func lines(of frames: [StatusFrame], separatedByRule: Bool = true) -> [String] {
        var output: [String] = []
        for (index, frame) in frames.enumerated() {
            if index > 0 { output.append(separator(before: frame, rule: separatedByRule)) }
            output += lines(of: frame)
        }
        return output
    }

    /// The line between a frame and the one before it: a dim rule as wide as the frame, or an
    /// empty line (compact frames).
    public func separator(before frame: StatusFrame, rule: Bool = true) -> String {
        guard rule else { return "" }
        let line = String(repeating: "─", count: frame.width)
        return usesColor ? CellStyle.secondary.ansiStart + line + "\u{1B}[0m" : line
    }

    /// How the terminal draws the parts that carry no text: a bar on each line of the retweet
    /// block, a `·` for the dot between name and time and for a toolbar divider.
    private func decoration(of part: FramePart) -> [String] {
        switch part.kind {
        case .retweetBar: return Array(repeating: "│", count: part.rect.height)
        default: return Array(repeating: "·", count: part.rect.height)
        }
    }

    private func style(of kind: FramePart.Kind, vip: Bool) -> CellStyle {
        switch kind {
        case .avatar, .name: return vip ? .vipName : .name
        case .vipMark: return .vipMark
        case .time, .source, .toolbarButton, .nameTimeDot, .toolbarDivider, .replyButton, .repliedMark: return .secondary
        case .text: return .plain
        case .picture, .morePictures, .picturesLabel, .retweetPicture, .retweetMorePictures, .retweetPicturesLabel:
            return .picture
        case .retweetBar, .retweetMark, .retweetText, .quote, .replyTo: return .retweet
        }
    }
}
