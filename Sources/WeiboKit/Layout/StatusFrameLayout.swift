/// Computes `StatusFrame`s: the seed's `HMStatusFrame` arithmetic, through a `TextMeasurer`
/// and `LayoutMetrics`, so that one layout gives cells for the terminal and pixels for the
/// window.
///
/// Full style, at width W (in cells):
/// ```
/// 张 张三 V6                     avatar, name, VIP mark
///    3分钟前  来自微博 weibo.com    time and source (source moves down when W is narrow)
/// text, wrapped to W
/// [图] [图] [图]                  picture grid: 3 columns, 2 × 2 for four, +N beyond nine
/// │ @李四 : retweet text          retweet block with its own pictures
///   转发   ·   评论   ·    赞      toolbar: three equal buttons
/// ```
public struct StatusFrameLayout: Sendable {
    public var localizer: Localizer
    public var timeFormatter: RelativeTimeFormatter
    public var now: Timestamp
    public var metrics: LayoutMetrics
    public var measurer: any TextMeasurer
    /// Weibo's `[表情]` codes as emoji, or as sent.
    public var emoticons: Emoticons.Style

    public init(
        localizer: Localizer, timeZone: any TimeZoneRule, now: Timestamp, metrics: LayoutMetrics = .cells,
        measurer: any TextMeasurer = CellMeasurer(), emoticons: Emoticons.Style = .emoji
    ) {
        self.localizer = localizer
        self.timeFormatter = RelativeTimeFormatter(localizer: localizer, timeZone: timeZone)
        self.now = now
        self.metrics = metrics
        self.measurer = measurer
        self.emoticons = emoticons
    }

    /// The frame of `status` at `width` in `style`.
    public func frame(for status: Status, width: Int, style: LayoutStyle = .full) -> StatusFrame {
        let width = max(width, metrics.minimumWidth)
        var builder = FrameBuilder(width: width, metrics: metrics, measurer: measurer)
        switch style {
        case .full: layOutFull(status, into: &builder)
        case .compact(let maxLines): layOutCompact(status, maxLines: max(maxLines, 1), into: &builder)
        }
        let closedByToolbar = style == .full
        return StatusFrame(
            statusID: status.id, width: width, height: builder.height + (closedByToolbar ? 0 : metrics.border),
            parts: builder.parts, isVIP: status.user?.isVIP ?? false, retweetBlock: builder.retweetBlock)
    }

    // MARK: - Full style

    private func layOutFull(_ status: Status, into builder: inout FrameBuilder) {
        let left = builder.left
        let right = builder.right
        var nameX = left
        var timeY = metrics.border
        if let user = status.user {
            let name = TextSanitizer.singleLine(user.screenName)
            let avatar = builder.add(
                .avatar, rect: FrameRect(x: left, y: metrics.border, width: metrics.avatar.width, height: metrics.avatar.height),
                lines: [builder.avatarMark(for: name, size: metrics.avatar)])
            nameX = avatar.maxX + metrics.gap
            timeY = addNameAndVIP(user, name: name, x: nameX, y: metrics.border, available: right - nameX, into: &builder).maxY
        }

        // Time under the name, source beside it, or under it when both do not fit.
        let available = right - nameX
        let time = measurer.fitted(timeFormatter.string(for: status.createdAt, now: now), as: .time, maxWidth: available)
        // An unknown time takes no place: the source starts where it would have.
        var besideX = nameX
        if !time.isEmpty {
            besideX =
                builder.add(.time, x: nameX, y: timeY, text: measurer.line(time, as: .time, maxWidth: available)).maxX
                + metrics.timeSourceGap
        }
        if let app = status.sourceName {
            let source = localizer.text(.postedFrom(app))
            if besideX + measurer.width(source, as: .source) <= right {
                builder.add(.source, x: besideX, y: timeY, text: measurer.line(source, as: .source, maxWidth: right - besideX))
            } else {
                builder.add(
                    .source, x: nameX, y: timeY + measurer.lineHeight(.time),
                    text: measurer.line(source, as: .source, maxWidth: available))
            }
        }

        // The text starts under the lowest of avatar, name, time and source.
        var y = builder.bottom
        let text = measurer.measure(Emoticons.apply(emoticons, to: status.text), as: .body, maxWidth: right - left, maxLines: nil)
        if !text.isEmpty {
            y = builder.add(.text, x: left, y: y + metrics.sectionGap, width: right - left, text: text).maxY
        }
        y = addPictureGrid(of: status, x: left, y: y, retweet: false, into: &builder)

        if let retweet = status.retweetedStatus {
            let top = y + metrics.sectionGap
            let indent = metrics.retweetIndent
            let retweetText = measurer.measure(
                retweetText(retweet, separator: " : "), as: .retweetBody, maxWidth: right - indent, maxLines: nil)
            y = builder.add(.retweetText, x: indent, y: top + metrics.retweetPadding, width: right - indent, text: retweetText).maxY
            if !retweet.isUnavailable {
                y = addPictureGrid(of: retweet, x: indent, y: y, retweet: true, into: &builder)
            }
            y += metrics.retweetPadding
            if metrics.retweetBarWidth > 0 {
                builder.add(.retweetBar, rect: FrameRect(x: 0, y: top, width: metrics.retweetBarWidth, height: y - top))
            }
            builder.retweetBlock = FrameRect(x: 0, y: top, width: builder.width, height: y - top)
            builder.bottom = max(builder.bottom, y)
        }

        addToolbar(for: status, y: y + (status.retweetedStatus == nil ? metrics.sectionGap : 0), into: &builder)
    }

    /// The name, truncated to leave room for the VIP mark; the mark right after it. Returns the
    /// name's rectangle.
    @discardableResult
    func addNameAndVIP(
        _ user: User, name: String, x: Int, y: Int, available: Int, into builder: inout FrameBuilder
    ) -> FrameRect {
        let vip = user.isVIP ? vipMark(for: user) : nil
        let reserved = vip.map { vipMarkWidth($0) + metrics.gap } ?? 0
        let nameRect = builder.add(.name, x: x, y: y, text: measurer.line(name, as: .name, maxWidth: available - reserved))
        if let vip {
            let mark = measurer.line(vip, as: .vipMark, maxWidth: vipMarkWidth(vip))
            let width = vipMarkWidth(vip)
            // A badge of its own width in pixels (square, centred on the name's line); the
            // name's line in cells.
            let side = metrics.vipMarkWidth.map { min($0, nameRect.height) } ?? nameRect.height
            builder.add(
                .vipMark, rect: FrameRect(x: nameRect.maxX + metrics.gap, y: y + (nameRect.height - side) / 2, width: width, height: side),
                lines: mark.lines)
        }
        return nameRect
    }

    /// `V` and the member level (`V6`), as the member icon chosen by `mbrank`.
    func vipMark(for user: User) -> String {
        (1...7).contains(user.memberRank) ? "V\(user.memberRank)" : "V"
    }

    func vipMarkWidth(_ mark: String) -> Int {
        metrics.vipMarkWidth ?? measurer.width(mark, as: .vipMark)
    }

    /// The picture grid: 3 columns (2 for exactly four), at most nine, then `+N`, under what is
    /// above `y`. Returns the bottom of the grid.
    private func addPictureGrid(of status: Status, x: Int, y: Int, retweet: Bool, into builder: inout FrameBuilder) -> Int {
        let shown = min(status.pictureCount, 9)
        guard shown > 0 else { return y }
        let top = y + metrics.sectionGap
        let columns = shown == 4 ? 2 : 3
        // Three columns fit the width: pictures shrink (keeping their shape) where they would not.
        let side = min(metrics.picture.width, (builder.right - x - 2 * metrics.gap) / 3)
        let size =
            side < metrics.picture.width
            ? FrameSize(width: max(1, side), height: max(1, metrics.picture.height * side / metrics.picture.width)) : metrics.picture
        let mark = localizer.text(.pictureMark)
        var last = FrameRect(x: x, y: top, width: 0, height: 0)
        for index in 0..<shown {
            let rect = FrameRect(
                x: x + (index % columns) * (size.width + metrics.gap), y: top + (index / columns) * (size.height + metrics.sectionGap),
                width: size.width, height: size.height)
            last = builder.add(
                retweet ? .retweetPicture(index) : .picture(index), rect: rect,
                lines: [measurer.fitted(mark, as: .label, maxWidth: size.width)])
        }
        let bottom = last.maxY
        let hidden = status.pictureCount - shown
        guard hidden > 0 else { return bottom }
        let kind: FramePart.Kind = retweet ? .retweetMorePictures : .morePictures
        let more = measurer.line(localizer.text(.morePictures(hidden)), as: .label, maxWidth: builder.right - x)
        if last.maxX + metrics.gap + more.width <= builder.right {
            builder.add(kind, x: last.maxX + metrics.gap, y: last.y, text: more)
            return bottom
        }
        return builder.add(kind, x: x, y: bottom + metrics.sectionGap, text: more).maxY
    }

    /// Three equal buttons across the frame's width, a separator between them, labels centred.
    private func addToolbar(for status: Status, y: Int, into builder: inout FrameBuilder) {
        let counts = CountFormatter(localizer: localizer)
        let labels: [(FramePart.ToolbarButton, String)] = [
            (.repost, counts.label(status.repostsCount, word: .repostButton)),
            (.comment, counts.label(status.commentsCount, word: .commentButton)),
            (.like, counts.label(status.attitudesCount, word: .likeButton)),
        ]
        let height = metrics.toolbarHeight ?? measurer.lineHeight(.toolbar)
        let inner = builder.width - 2 * metrics.separatorWidth
        var x = 0
        for (index, (button, label)) in labels.enumerated() {
            let buttonWidth = inner / 3 + (index < inner % 3 ? 1 : 0)
            builder.add(
                .toolbarButton(button), rect: FrameRect(x: x, y: y, width: buttonWidth, height: height),
                lines: [measurer.fitted(label, as: .toolbar, maxWidth: buttonWidth)], alignment: .center)
            x += buttonWidth
            if index < 2 {
                builder.add(.toolbarDivider(index), rect: FrameRect(x: x, y: y, width: metrics.separatorWidth, height: height))
                x += metrics.separatorWidth
            }
        }
    }

    // MARK: - Shared

    /// `@name : text`, or the notice for a retweet that can no longer be read.
    func retweetText(_ retweet: Status, separator: String) -> String {
        guard let user = retweet.user, !retweet.isDeleted else {
            // The server's own notice says why (deleted, hidden after half a year, …).
            return retweet.text.isEmpty ? localizer.text(.unavailableRetweet) : Emoticons.apply(emoticons, to: retweet.text)
        }
        return "@\(user.screenName)\(separator)\(Emoticons.apply(emoticons, to: retweet.text))"
    }
}
