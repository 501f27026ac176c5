/// Where every part of one status goes: the seed's `HMStatusFrame`, in the unit of the
/// measurer and metrics it was laid out with (cells or pixels).
///
/// A frame is pure data: `StatusFrameLayout` computes it, a renderer draws it (`FrameRenderer`
/// in the terminal, the popup's cell in the window). Parts never overlap, all lie inside
/// `[0, width)`, and `height` is the bottom of the lowest part plus the border.
public struct StatusFrame: Equatable, Sendable {
    /// The status this frame shows.
    public var statusID: Int64
    /// The width the frame was laid out for.
    public var width: Int
    /// The height the frame takes.
    public var height: Int
    /// The parts, top to bottom.
    public var parts: [FramePart]
    /// The author is a VIP: the name is drawn in orange.
    public var isVIP: Bool
    /// The retweet block (bar, text and pictures), for a renderer that shades it.
    public var retweetBlock: FrameRect?

    /// The first part of `kind`, if the frame has one.
    public func part(_ kind: FramePart.Kind) -> FramePart? {
        parts.first { $0.kind == kind }
    }

    /// The frame with one more line at its bottom, under the content (right of a row's
    /// avatar): a row's reply button or mark.
    public func addingLine(_ kind: FramePart.Kind, _ text: String, metrics: LayoutMetrics, measurer: any TextMeasurer) -> StatusFrame {
        let x = part(.text)?.rect.x ?? part(.name)?.rect.x ?? metrics.border
        let y = parts.filter { $0.kind != .avatar || $0.rect.maxX > x }.map(\.rect.maxY).max() ?? metrics.border
        let line = measurer.line(text, as: kind.role, maxWidth: width - metrics.border - x)
        var frame = self
        let rect = FrameRect(x: x, y: y, width: line.width, height: line.height)
        frame.parts.append(FramePart(kind: kind, rect: rect, lines: line.lines))
        frame.height = max(height, rect.maxY + metrics.border)
        return frame
    }

    /// All parts of the kinds `isIncluded` accepts.
    public func parts(where isIncluded: (FramePart.Kind) -> Bool) -> [FramePart] {
        parts.filter { isIncluded($0.kind) }
    }
}

/// One part of a status frame: its place and the lines of text drawn there.
public struct FramePart: Equatable, Sendable {
    public enum Kind: Equatable, Hashable, Sendable {
        case avatar, name, vipMark, time, source, text
        /// One picture of the status's grid (or of the compact style's strip), from 0.
        case picture(Int)
        /// `+N`: pictures beyond the ones shown.
        case morePictures
        /// `[图×3]` in the compact style.
        case picturesLabel
        /// The bar left of the retweet: a decoration each renderer draws its own way (`│` on
        /// each line in the terminal); no text.
        case retweetBar
        /// `↪` before the retweet in the compact style.
        case retweetMark
        case retweetText
        case retweetPicture(Int)
        case retweetMorePictures
        case retweetPicturesLabel
        case toolbarButton(ToolbarButton)
        /// Between name and time: a decoration (a dot; `·` in the terminal); no text.
        case nameTimeDot
        /// Between toolbar buttons, numbered left to right: a decoration (a thin line; `·` in
        /// the terminal); no text.
        case toolbarDivider(Int)
        /// A comment's post, quoted (`「…」`), and the comment it answers (`↪ replying to: …`).
        case quote
        case replyTo
        /// Under a comment or a mention in the popup: "Reply" on the whole cell, a button (a
        /// click opens the reply entry).
        case replyButton
        /// Under it once the popup's reply went: "Replied".
        case repliedMark

        /// Parts whose text may hold `@names`, `#topics#` and links, drawn in the link colour
        /// and opened on a click.
        public var mayHaveLinks: Bool {
            switch self {
            case .text, .retweetText, .retweetMark, .quote, .replyTo: return true
            default: return false
            }
        }

        /// Parts drawn by the renderer its own way, with no text of their own.
        public var isDecoration: Bool {
            switch self {
            case .retweetBar, .nameTimeDot, .toolbarDivider: return true
            default: return false
            }
        }

        /// The role its text is measured and drawn in.
        public var role: TextRole {
            switch self {
            case .avatar, .name: return .name
            case .vipMark: return .vipMark
            case .time: return .time
            case .source: return .source
            case .text: return .body
            case .retweetMark, .retweetText: return .retweetBody
            case .toolbarButton, .toolbarDivider, .replyButton, .repliedMark: return .toolbar
            case .nameTimeDot: return .time
            case .quote, .replyTo: return .quote
            case .picture, .morePictures, .picturesLabel, .retweetBar, .retweetPicture, .retweetMorePictures,
                .retweetPicturesLabel:
                return .label
            }
        }
    }

    public enum ToolbarButton: Equatable, Hashable, Sendable, CaseIterable {
        case repost, comment, like
    }

    /// Where the text goes across the part's width.
    public enum Alignment: Equatable, Sendable {
        case leading, center
    }

    public var kind: Kind
    public var rect: FrameRect
    /// The text drawn, one entry per line, each no wider than `rect.width`; none for a
    /// decoration.
    public var lines: [String]
    public var alignment: Alignment

    /// Its text holds a name, topic or link to colour and open (the painter skips the search
    /// in every other part).
    public var hasLinks: Bool {
        kind.mayHaveLinks && lines.contains { !TextEntity.find(in: $0).isEmpty }
    }

    public init(kind: Kind, rect: FrameRect, lines: [String], alignment: Alignment = .leading) {
        self.kind = kind
        self.rect = rect
        self.lines = lines
        self.alignment = alignment
    }
}
