/// How much of a status a frame shows.
public enum LayoutStyle: Equatable, Hashable, Sendable {
    /// The timeline cell: avatar mark, name, VIP mark, time and source, text, picture grid,
    /// retweet block and toolbar.
    case full
    /// The popup summary: `name · time`, the text, `[图×3]` and `↪ @name: text`, in at most
    /// `maxLines` lines; no avatar, no source, no toolbar.
    case compact(maxLines: Int)
}

/// The sizes of the layout, in cells: the original client's constants translated to a terminal.
public struct LayoutMetrics: Equatable, Sendable {
    /// The avatar mark (the name's first character) left of the name.
    public var avatarWidth = 2
    /// Columns between neighbouring parts on one line.
    public var gap = 1
    /// Columns between time and source.
    public var timeSourceGap = 2
    /// One picture of the grid: `[图]`.
    public var pictureWidth = 4
    /// The retweet block's bar and the space after it.
    public var retweetIndent = 2
    /// The narrowest width a frame is laid out at; narrower requests are widened to it.
    public var minimumWidth = 12

    public init() {}
}
