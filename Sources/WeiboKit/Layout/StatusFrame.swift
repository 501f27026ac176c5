/// Where every part of one status goes, in character cells: the seed's `HMStatusFrame`.
///
/// A frame is pure data: `StatusFrameLayout` computes it, `FrameRenderer` draws it. Parts never
/// overlap, all lie inside `[0, width)`, and `height` is the bottom of the lowest part.
public struct StatusFrame: Equatable, Sendable {
    /// The status this frame shows.
    public var statusID: Int64
    /// The width the frame was laid out for.
    public var width: Int
    /// The number of lines the frame takes.
    public var height: Int
    /// The parts, top to bottom.
    public var parts: [FramePart]
    /// The author is a VIP: the name is drawn in orange.
    public var isVIP: Bool
    /// The retweet block (bar, text and pictures), for a renderer that shades it.
    public var retweetBlock: CellRect?

    /// The first part of `kind`, if the frame has one.
    public func part(_ kind: FramePart.Kind) -> FramePart? {
        parts.first { $0.kind == kind }
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
        /// One picture of the status's grid, from 0.
        case picture(Int)
        /// `+N`: pictures beyond the nine the grid shows.
        case morePictures
        /// `[图×3]` in the compact style.
        case picturesLabel
        /// The mark left of the retweet: a bar (`│`), or `↪` in the compact style.
        case retweetBar
        case retweetText
        case retweetPicture(Int)
        case retweetMorePictures
        case retweetPicturesLabel
        case toolbarButton(ToolbarButton)
        /// A `·` between toolbar buttons or between name and time; numbered left to right.
        case separator(Int)
        /// A comment's post, quoted (`「…」`), and the comment it answers (`↪ replying to: …`).
        case quote
        case replyTo
    }

    public enum ToolbarButton: Equatable, Hashable, Sendable, CaseIterable {
        case repost, comment, like
    }

    public var kind: Kind
    public var rect: CellRect
    /// The text drawn, one entry per line of `rect`, each no wider than `rect.width`.
    public var lines: [String]

    public init(kind: Kind, rect: CellRect, lines: [String]) {
        self.kind = kind
        self.rect = rect
        self.lines = lines
    }
}
