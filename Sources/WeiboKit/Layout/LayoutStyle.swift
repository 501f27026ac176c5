/// How much of a status a frame shows.
public enum LayoutStyle: Equatable, Hashable, Sendable {
    /// The timeline cell: avatar, name, VIP mark, time and source, text, picture grid,
    /// retweet block and toolbar.
    case full
    /// The popup summary: `name · time`, the text, the pictures (`[图×3]` or a strip of small
    /// thumbnails) and `↪ @name: text`, in at most `maxLines` lines of text; no avatar, no
    /// source, no toolbar.
    case compact(maxLines: Int)
}

/// The sizes of a layout in its unit: `cells` for the terminal, `pixels` for the window (the
/// seed's `HMStatusFrame` constants).
public struct LayoutMetrics: Equatable, Sendable {
    /// Space around the content, on every side.
    public var border: Int
    /// The avatar left of the name: the name's first character in cells, the picture in pixels.
    public var avatar: FrameSize
    /// Space between neighbouring parts on one line: avatar and name, name and VIP mark,
    /// pictures of the grid.
    public var gap: Int
    /// Space between time and source.
    public var timeSourceGap: Int
    /// Space between the header, the text, the pictures and the retweet block.
    public var sectionGap: Int
    /// The VIP mark's width, or `nil` for the width of its text (`V6`).
    public var vipMarkWidth: Int?
    /// The avatar left of a compact status or a comment, or `nil` for none (the terminal's).
    public var rowAvatar: FrameSize?
    /// One picture of the grid: `[图]` in cells.
    public var picture: FrameSize
    /// One thumbnail of the compact style's strip, or `nil` for the `[图×3]` label instead.
    public var compactThumbnail: FrameSize?
    /// The width of the retweet block's bar (`│`), or 0 where the block is shaded instead.
    public var retweetBarWidth: Int
    /// Where the retweet's text starts, from the block's left edge.
    public var retweetIndent: Int
    /// Space inside the retweet block above and below its content.
    public var retweetPadding: Int
    /// The toolbar's height, or `nil` for one line of its text.
    public var toolbarHeight: Int?
    /// The width of a separator: the `·` between toolbar buttons, or between name and time.
    public var separatorWidth: Int
    /// The narrowest width a frame is laid out at; narrower requests are widened to it.
    public var minimumWidth: Int
    /// The popup's line budgets: a compact status's, a compact comment's, a whole comment's.
    public var popupLines = PopupLineBudgets()

    public init(
        border: Int, avatar: FrameSize, rowAvatar: FrameSize? = nil, gap: Int, timeSourceGap: Int, sectionGap: Int, vipMarkWidth: Int?,
        picture: FrameSize, compactThumbnail: FrameSize?, retweetBarWidth: Int, retweetIndent: Int, retweetPadding: Int,
        toolbarHeight: Int?, separatorWidth: Int, minimumWidth: Int
    ) {
        self.border = border
        self.avatar = avatar
        self.rowAvatar = rowAvatar
        self.gap = gap
        self.timeSourceGap = timeSourceGap
        self.sectionGap = sectionGap
        self.vipMarkWidth = vipMarkWidth
        self.picture = picture
        self.compactThumbnail = compactThumbnail
        self.retweetBarWidth = retweetBarWidth
        self.retweetIndent = retweetIndent
        self.retweetPadding = retweetPadding
        self.toolbarHeight = toolbarHeight
        self.separatorWidth = separatorWidth
        self.minimumWidth = minimumWidth
    }

    /// The terminal's: the original client's constants translated to character cells.
    public static let cells = LayoutMetrics(
        border: 0, avatar: FrameSize(width: 2, height: 1), gap: 1, timeSourceGap: 2, sectionGap: 0, vipMarkWidth: nil,
        picture: FrameSize(width: 4, height: 1), compactThumbnail: nil, retweetBarWidth: 1, retweetIndent: 2,
        retweetPadding: 0, toolbarHeight: nil, separatorWidth: 1, minimumWidth: 12)

    /// The window's, in pixels: the seed's geometry (border 10, avatar 35 × 35 on every row,
    /// pictures 70 × 70 with gaps of 10, a toolbar 35 high).
    public static let pixels = LayoutMetrics(
        border: 10, avatar: FrameSize(width: 35, height: 35), rowAvatar: FrameSize(width: 35, height: 35), gap: 10, timeSourceGap: 10, sectionGap: 10,
        vipMarkWidth: 14, picture: FrameSize(width: 70, height: 70), compactThumbnail: FrameSize(width: 40, height: 40),
        retweetBarWidth: 0, retweetIndent: 10, retweetPadding: 10, toolbarHeight: 35, separatorWidth: 4,
        minimumWidth: 240)
}

/// How many lines of text the popup's rows keep.
public struct PopupLineBudgets: Equatable, Sendable {
    /// A compact status: name and time, text, the retweet's line.
    public var compactStatus = 4
    /// A compact comment: name and time, what it answers, the post, its text.
    public var compactComment = 5
    /// A whole comment (a whole status has no budget).
    public var wholeComment = 40
}
