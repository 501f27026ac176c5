public import FoundationEssentials

/// Computes `StatusFrame`s: the seed's `HMStatusFrame` arithmetic, in character cells.
///
/// Full style, at width W:
/// ```
/// 张 张三 V6                     avatar mark, name, VIP mark
///    3分钟前  来自微博 weibo.com    time and source (source moves down when W is narrow)
/// text, wrapped to W
/// [图] [图] [图]                  picture grid: 3 columns, 2 × 2 for four, +N beyond nine
/// │ @李四 : retweet text          retweet block with its own pictures
///   转发   ·   评论   ·    赞      toolbar: three equal buttons
/// ```
public struct StatusFrameLayout: Sendable {
    public var localizer: Localizer
    public var timeFormatter: RelativeTimeFormatter
    public var now: Date
    public var metrics: LayoutMetrics
    /// Weibo's `[表情]` codes as emoji, or as sent.
    public var emoticons: Emoticons.Style

    public init(
        localizer: Localizer, timeZone: any TimeZoneRule, now: Date, metrics: LayoutMetrics = LayoutMetrics(), emoticons: Emoticons.Style = .emoji
    ) {
        self.localizer = localizer
        self.timeFormatter = RelativeTimeFormatter(localizer: localizer, timeZone: timeZone)
        self.now = now
        self.metrics = metrics
        self.emoticons = emoticons
    }

    /// The frame of `status` at `width` cells in `style`.
    public func frame(for status: Status, width: Int, style: LayoutStyle = .full) -> StatusFrame {
        let width = max(width, metrics.minimumWidth)
        var builder = FrameBuilder(width: width)
        switch style {
        case .full: layOutFull(status, into: &builder)
        case .compact(let maxLines): layOutCompact(status, maxLines: max(maxLines, 1), into: &builder)
        }
        return StatusFrame(
            statusID: status.id, width: width, height: builder.bottom, parts: builder.parts,
            isVIP: status.user?.isVIP ?? false, retweetBlock: builder.retweetBlock)
    }

    // MARK: - Full style

    private func layOutFull(_ status: Status, into builder: inout FrameBuilder) {
        let width = builder.width
        var nameX = 0
        if let user = status.user {
            let name = TextSanitizer.singleLine(user.screenName)
            builder.add(.avatar, x: 0, y: 0, lines: [avatarMark(for: name)])
            nameX = metrics.avatarWidth + metrics.gap
            addNameAndVIP(user, name: name, x: nameX, y: 0, available: width - nameX, into: &builder)
        }

        // Time under the name, source beside it, or under it when both do not fit.
        let available = width - nameX
        let time = TextWrapper.truncate(timeFormatter.string(for: status.createdAt, now: now), toWidth: available)
        let timeRow = status.user == nil ? 0 : 1
        // An unknown time takes no place: the source starts where it would have.
        let timeWidth = time.isEmpty ? -metrics.timeSourceGap : builder.add(.time, x: nameX, y: timeRow, lines: [time]).width
        if let app = status.sourceName {
            let source = localizer.text(.postedFrom(app))
            let besideX = nameX + timeWidth + metrics.timeSourceGap
            if besideX + DisplayWidth.of(source) <= width {
                builder.add(.source, x: besideX, y: timeRow, lines: [source])
            } else {
                builder.add(.source, x: nameX, y: timeRow + 1, lines: [TextWrapper.truncate(source, toWidth: available)])
            }
        }

        // The text starts under the lowest of avatar, name, time and source.
        var y = builder.bottom
        let textLines = TextWrapper.wrap(Emoticons.apply(emoticons, to: status.text), width: width)
        if !textLines.isEmpty {
            y = builder.add(.text, x: 0, y: y, width: width, lines: textLines).maxY
        }
        y = addPictureGrid(of: status, x: 0, y: y, retweet: false, into: &builder)

        if let retweet = status.retweetedStatus {
            let indent = metrics.retweetIndent
            let top = y
            let retweetLines = TextWrapper.wrap(retweetText(retweet, separator: " : "), width: width - indent)
            y = builder.add(.retweetText, x: indent, y: y, width: width - indent, lines: retweetLines).maxY
            if !retweet.isUnavailable {
                y = addPictureGrid(of: retweet, x: indent, y: y, retweet: true, into: &builder)
            }
            builder.add(.retweetBar, x: 0, y: top, lines: Array(repeating: "│", count: y - top))
            builder.retweetBlock = CellRect(x: 0, y: top, width: width, height: y - top)
        }

        addToolbar(for: status, y: y, into: &builder)
    }

    /// The avatar mark: the name's first character, upper-cased for Latin names.
    private func avatarMark(for name: String) -> String {
        guard let first = name.first(where: { $0 != " " }) else { return "?" }
        let mark = String(first).uppercased()
        return DisplayWidth.of(mark) <= metrics.avatarWidth ? mark : "?"
    }

    /// The name, truncated to leave room for the VIP mark; the mark right after it.
    private func addNameAndVIP(
        _ user: User, name: String, x: Int, y: Int, available: Int, into builder: inout FrameBuilder
    ) {
        let vip = user.isVIP ? vipMark(for: user) : nil
        let reserved = vip.map { DisplayWidth.of($0) + metrics.gap } ?? 0
        let nameRect = builder.add(.name, x: x, y: y, lines: [TextWrapper.truncate(name, toWidth: available - reserved)])
        if let vip {
            builder.add(.vipMark, x: nameRect.maxX + metrics.gap, y: y, lines: [vip])
        }
    }

    /// `V` and the member level (`V6`), as the member icon chosen by `mbrank`.
    private func vipMark(for user: User) -> String {
        (1...7).contains(user.memberRank) ? "V\(user.memberRank)" : "V"
    }

    /// The picture grid: 3 columns (2 for exactly four), at most nine, then `+N`.
    /// Returns the line under the grid.
    private func addPictureGrid(of status: Status, x: Int, y: Int, retweet: Bool, into builder: inout FrameBuilder) -> Int {
        let shown = min(status.pictureCount, 9)
        guard shown > 0 else { return y }
        let columns = shown == 4 ? 2 : 3
        let step = metrics.pictureWidth + metrics.gap
        let mark = localizer.text(.pictureMark)
        var last = CellRect(x: x, y: y, width: 0, height: 0)
        for index in 0..<shown {
            last = builder.add(
                retweet ? .retweetPicture(index) : .picture(index),
                x: x + (index % columns) * step, y: y + index / columns, width: metrics.pictureWidth, lines: [mark])
        }
        let bottom = y + (shown + columns - 1) / columns
        let hidden = status.pictureCount - shown
        guard hidden > 0 else { return bottom }
        let more = localizer.text(.morePictures(hidden))
        if last.maxX + metrics.gap + DisplayWidth.of(more) <= builder.width {
            builder.add(retweet ? .retweetMorePictures : .morePictures, x: last.maxX + metrics.gap, y: last.y, lines: [more])
            return bottom
        }
        builder.add(retweet ? .retweetMorePictures : .morePictures, x: x, y: bottom, lines: [more])
        return bottom + 1
    }

    /// Three equal buttons across the width, a `·` between them, labels centred.
    private func addToolbar(for status: Status, y: Int, into builder: inout FrameBuilder) {
        let counts = CountFormatter(localizer: localizer)
        let labels: [(FramePart.ToolbarButton, String)] = [
            (.repost, counts.label(status.repostsCount, word: .repostButton)),
            (.comment, counts.label(status.commentsCount, word: .commentButton)),
            (.like, counts.label(status.attitudesCount, word: .likeButton)),
        ]
        let inner = builder.width - 2  // two separators
        var x = 0
        for (index, (button, label)) in labels.enumerated() {
            let buttonWidth = inner / 3 + (index < inner % 3 ? 1 : 0)
            var fitted = label
            var labelWidth = DisplayWidth.of(label)
            if labelWidth > buttonWidth {
                fitted = TextWrapper.truncate(label, toWidth: buttonWidth)
                labelWidth = DisplayWidth.of(fitted)
            }
            let padding = (buttonWidth - labelWidth) / 2
            builder.add(
                .toolbarButton(button), x: x, y: y, width: buttonWidth,
                lines: [String(repeating: " ", count: padding) + fitted])
            x += buttonWidth
            if index < 2 {
                builder.add(.separator(index), x: x, y: y, lines: ["·"])
                x += 1
            }
        }
    }

    // MARK: - Compact style

    private func layOutCompact(_ status: Status, maxLines: Int, into builder: inout FrameBuilder) {
        let width = builder.width
        let time = timeFormatter.string(for: status.createdAt, now: now)
        let timeWidth = DisplayWidth.of(time)
        var y = 1

        // `name · time` on one line while the name keeps at least six cells, else time below.
        if let user = status.user {
            let vipWidth = user.isVIP ? DisplayWidth.of(vipMark(for: user)) + metrics.gap : 0
            let besideTime = width - vipWidth - timeWidth - 3
            let fitsOneLine = besideTime >= min(6, DisplayWidth.of(user.screenName))
            addNameAndVIP(
                user, name: TextSanitizer.singleLine(user.screenName), x: 0, y: 0,
                available: fitsOneLine ? besideTime : width, into: &builder)
            let end = builder.bottomRight(ofRow: 0)
            if time.isEmpty {
                // An unknown time: the name alone.
            } else if fitsOneLine {
                builder.add(.separator(0), x: end + 1, y: 0, lines: ["·"])
                builder.add(.time, x: end + 3, y: 0, lines: [time])
            } else if maxLines > 1 {
                builder.add(.time, x: 0, y: 1, lines: [TextWrapper.truncate(time, toWidth: width)])
                y = 2
            }
        } else if time.isEmpty {
            y = 0
        } else {
            builder.add(.time, x: 0, y: 0, lines: [TextWrapper.truncate(time, toWidth: width)])
        }

        var budget = maxLines - y
        guard budget > 0 else { return }
        let retweet = status.retweetedStatus
        let textLines = TextWrapper.wrap(Emoticons.apply(emoticons, to: status.text), width: width)
        // The retweet keeps one line when there is text to share the budget with.
        let textBudget = budget - (retweet != nil && budget > 1 && !textLines.isEmpty ? 1 : 0)
        y = addTextWithPicturesLabel(
            textLines, pictures: status.pictureCount, kinds: (.text, .picturesLabel), x: 0, y: y, width: width,
            budget: textBudget, into: &builder)
        budget = maxLines - y

        guard let retweet, budget > 0 else { return }
        let indent = metrics.retweetIndent
        let retweetLines = TextWrapper.wrap(retweetText(retweet, separator: ": "), width: width - indent)
        guard !retweetLines.isEmpty else { return }
        builder.add(.retweetBar, x: 0, y: y, lines: ["↪"])
        let bottom = addTextWithPicturesLabel(
            retweetLines, pictures: retweet.isUnavailable ? 0 : retweet.pictureCount,
            kinds: (.retweetText, .retweetPicturesLabel), x: indent, y: y, width: width - indent, budget: budget,
            into: &builder)
        builder.retweetBlock = CellRect(x: 0, y: y, width: width, height: bottom - y)
    }

    /// Text cut to `budget` lines, then `[图×3]`: beside a single line when it fits (the line is
    /// shortened for it when only one line is allowed), else on a line of its own.
    /// Returns the line under what was added.
    private func addTextWithPicturesLabel(
        _ lines: [String], pictures: Int, kinds: (text: FramePart.Kind, label: FramePart.Kind),
        x: Int, y: Int, width: Int, budget: Int, into builder: inout FrameBuilder
    ) -> Int {
        guard budget > 0 else { return y }
        var kept = TextWrapper.truncate(lines, maxLines: budget, width: width)
        guard pictures > 0 else {
            if !kept.isEmpty { builder.add(kinds.text, x: x, y: y, lines: kept) }
            return y + kept.count
        }
        let label = localizer.text(.pictures(pictures))
        let labelWidth = DisplayWidth.of(label)
        let besideRoom = width - labelWidth - metrics.gap
        if kept.isEmpty {
            builder.add(kinds.label, x: x, y: y, lines: [TextWrapper.truncate(label, toWidth: width)])
            return y + 1
        }
        if kept.count == 1, budget == 1 || DisplayWidth.of(kept[0]) <= besideRoom, besideRoom > 0 {
            // Natural width, so that the label may stand right of it.
            let fitted =
                lines.count == 1
                ? TextWrapper.truncate(lines[0], toWidth: besideRoom)
                : TextWrapper.truncate(lines, maxLines: 1, width: besideRoom)[0]
            let rect = builder.add(kinds.text, x: x, y: y, lines: [fitted])
            builder.add(kinds.label, x: rect.maxX + metrics.gap, y: y, lines: [label])
            return y + 1
        }
        if kept.count == budget {
            kept = TextWrapper.truncate(lines, maxLines: budget - 1, width: width)
        }
        builder.add(kinds.text, x: x, y: y, lines: kept)
        builder.add(kinds.label, x: x, y: y + kept.count, lines: [TextWrapper.truncate(label, toWidth: width)])
        return y + kept.count + 1
    }

    // MARK: - Shared

    /// `@name : text`, or the notice for a retweet that can no longer be read.
    private func retweetText(_ retweet: Status, separator: String) -> String {
        guard let user = retweet.user, !retweet.isDeleted else {
            // The server's own notice says why (deleted, hidden after half a year, …).
            return retweet.text.isEmpty ? localizer.text(.unavailableRetweet) : Emoticons.apply(emoticons, to: retweet.text)
        }
        return "@\(user.screenName)\(separator)\(Emoticons.apply(emoticons, to: retweet.text))"
    }
}

/// Collects parts and keeps track of the frame's bottom.
struct FrameBuilder {
    let width: Int
    var parts: [FramePart] = []
    var bottom = 0
    var retweetBlock: CellRect?

    /// Adds a part whose width is its widest line (or `width` when given), clipped to the frame.
    @discardableResult
    mutating func add(_ kind: FramePart.Kind, x: Int, y: Int, width: Int? = nil, lines: [String]) -> CellRect {
        let natural = lines.map { DisplayWidth.of($0) }.max() ?? 0
        let partWidth = min(width ?? natural, self.width - x)
        let rect = CellRect(x: x, y: y, width: partWidth, height: lines.count)
        parts.append(FramePart(kind: kind, rect: rect, lines: lines))
        bottom = max(bottom, rect.maxY)
        return rect
    }

    /// The column after the rightmost part that covers `row`.
    func bottomRight(ofRow row: Int) -> Int {
        parts.filter { $0.rect.y <= row && row < $0.rect.maxY }.map(\.rect.maxX).max() ?? 0
    }
}
