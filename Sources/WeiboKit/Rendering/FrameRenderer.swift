/// Draws status frames as lines of text.
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
            for (offset, line) in part.lines.enumerated() {
                canvas.draw(line, x: part.rect.x, y: part.rect.y + offset, limit: part.rect.maxX, style: style)
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

    private func style(of kind: FramePart.Kind, vip: Bool) -> CellStyle {
        switch kind {
        case .avatar, .name: return vip ? .vipName : .name
        case .vipMark: return .vipMark
        case .time, .source, .toolbarButton, .separator: return .secondary
        case .text: return .plain
        case .picture, .morePictures, .picturesLabel, .retweetPicture, .retweetMorePictures, .retweetPicturesLabel:
            return .picture
        case .retweetBar, .retweetText, .quote, .replyTo: return .retweet
        }
    }
}
