/// The compact style: the popup's summary and `timeline --compact`; in pixels the author's
/// avatar on the left (`LayoutMetrics.rowAvatar`).
///
/// ```
/// 王五 V3 · 3分钟前                  name · time (time below when the name would keep too little)
/// 今天天气很好。今天天气很好。今天天气很…  the text, as many lines as the budget leaves
/// [图×3]                           the pictures: a label in cells, a strip of thumbnails in pixels
/// ↪ @李四: 被转发的原文… [图×2]        the retweet, keeping one line when there is text
/// ```
extension StatusFrameLayout {
    func layOutCompact(_ status: Status, maxLines: Int, into builder: inout FrameBuilder) {
        if let user = status.user { builder.addRowAvatar(for: user.screenName, metrics: metrics) }
        let left = builder.left
        let right = builder.right
        let contentWidth = right - left
        let time = timeFormatter.string(for: status.createdAt, now: now)
        let timeWidth = measurer.width(time, as: .time)
        var y = metrics.border
        var used = 0

        if let user = status.user {
            // `name · time` on one line while the name keeps the room of three wide
            // characters (six cells), else the time below.
            let vipWidth = user.isVIP ? vipMarkWidth(vipMark(for: user)) + metrics.gap : 0
            let besideTime = contentWidth - vipWidth - timeWidth - 2 * metrics.gap - metrics.separatorWidth
            let fitsOneLine =
                besideTime >= min(measurer.width("一二三", as: .name), measurer.width(user.screenName, as: .name))
            let name = addNameAndVIP(
                user, name: TextSanitizer.singleLine(user.screenName), x: left, y: y,
                available: fitsOneLine ? besideTime : contentWidth, into: &builder)
            used = 1
            if time.isEmpty {
                // An unknown time: the name alone.
            } else if fitsOneLine {
                let separator = builder.add(
                    .nameTimeDot,
                    rect: FrameRect(x: builder.rightEdge(along: name) + metrics.gap, y: y, width: metrics.separatorWidth, height: name.height))
                let timeX = separator.maxX + metrics.gap
                builder.add(.time, x: timeX, y: y, text: measurer.line(time, as: .time, maxWidth: right - timeX))
            } else if maxLines > 1 {
                builder.add(.time, x: left, y: name.maxY, text: measurer.line(time, as: .time, maxWidth: contentWidth))
                used = 2
            }
            y = builder.bottom
        } else if !time.isEmpty {
            y = builder.add(.time, x: left, y: y, text: measurer.line(time, as: .time, maxWidth: contentWidth)).maxY
            used = 1
        }

        guard maxLines - used > 0 else { return }
        let retweet = status.retweetedStatus
        let text = Emoticons.apply(emoticons, to: status.text)
        let hasText = !measurer.measure(text, as: .body, maxWidth: contentWidth, maxLines: 1).isEmpty
        // The retweet keeps one line when there is text to share the budget with.
        let budget = maxLines - used
        let textBudget = budget - (retweet != nil && budget > 1 && hasText ? 1 : 0)
        let added = addTextWithPictures(
            text, role: .body, pictures: status.pictureCount, retweet: false, x: left, y: y, width: contentWidth,
            budget: textBudget, into: &builder)
        y = added.bottom
        used += added.lines

        guard let retweet, maxLines - used > 0 else { return }
        let mark = measurer.line("↪", as: .retweetBody, maxWidth: contentWidth)
        let textX = left + mark.width + metrics.gap
        let retweetText = retweetText(retweet, separator: ": ")
        guard !measurer.measure(retweetText, as: .retweetBody, maxWidth: right - textX, maxLines: 1).isEmpty else { return }
        builder.add(.retweetMark, x: left, y: y, text: mark)
        let bottom = addTextWithPictures(
            retweetText, role: .retweetBody, pictures: retweet.isUnavailable ? 0 : retweet.pictureCount, retweet: true,
            x: textX, y: y, width: right - textX, budget: maxLines - used, into: &builder
        ).bottom
        builder.retweetBlock = FrameRect(x: 0, y: y, width: builder.width, height: max(bottom, y + mark.height) - y)
    }

    /// Text cut to `budget` lines, then the pictures. In cells a label, `[图×3]`: beside a
    /// single line when it fits (the line is shortened for it when only one line is allowed),
    /// else on a line of its own. With `compactThumbnail` a strip of thumbnails under the text.
    /// Returns the bottom of what was added and the lines of text it took.
    private func addTextWithPictures(
        _ text: String, role: TextRole, pictures: Int, retweet: Bool, x: Int, y: Int, width: Int, budget: Int,
        into builder: inout FrameBuilder
    ) -> (bottom: Int, lines: Int) {
        guard budget > 0 else { return (y, 0) }
        let textKind: FramePart.Kind = retweet ? .retweetText : .text
        let labelKind: FramePart.Kind = retweet ? .retweetPicturesLabel : .picturesLabel
        var kept = measurer.measure(text, as: role, maxWidth: width, maxLines: budget)
        guard pictures > 0 else {
            if kept.isEmpty { return (y, 0) }
            return (builder.add(textKind, x: x, y: y, text: kept).maxY, kept.lines.count)
        }
        if let thumbnail = metrics.compactThumbnail {
            let bottom = kept.isEmpty ? y : builder.add(textKind, x: x, y: y, text: kept).maxY
            return (addStrip(pictures, size: thumbnail, retweet: retweet, x: x, y: bottom + metrics.gap, into: &builder), kept.lines.count)
        }
        let label = localizer.text(.pictures(pictures))
        let besideRoom = width - measurer.width(label, as: .label) - metrics.gap
        if kept.isEmpty {
            return (builder.add(labelKind, x: x, y: y, text: measurer.line(label, as: .label, maxWidth: width)).maxY, 1)
        }
        if kept.lines.count == 1, budget == 1 || measurer.width(kept.lines[0], as: role) <= besideRoom, besideRoom > 0 {
            // Natural width, so that the label may stand right of it; a first line of several
            // keeps its `…`.
            let all = measurer.measure(text, as: role, maxWidth: width, maxLines: nil).lines
            let first = all.count == 1 ? all[0] : all[0] + "…"
            let rect = builder.add(textKind, x: x, y: y, text: measurer.line(first, as: role, maxWidth: besideRoom))
            let labelX = rect.maxX + metrics.gap
            let labelRect = builder.add(labelKind, x: labelX, y: y, text: measurer.line(label, as: .label, maxWidth: x + width - labelX))
            return (max(rect.maxY, labelRect.maxY), 1)
        }
        if kept.lines.count == budget {
            kept = measurer.measure(text, as: role, maxWidth: width, maxLines: budget - 1)
        }
        let textBottom = kept.isEmpty ? y : builder.add(textKind, x: x, y: y, text: kept).maxY
        let labelRect = builder.add(labelKind, x: x, y: textBottom, text: measurer.line(label, as: .label, maxWidth: width))
        return (labelRect.maxY, kept.lines.count + 1)
    }

    /// One row of thumbnails, as many as fit, `+N` after them for the rest. Returns its bottom.
    private func addStrip(_ count: Int, size: FrameSize, retweet: Bool, x: Int, y: Int, into builder: inout FrameBuilder) -> Int {
        let right = builder.right
        let fitting = max(0, (right - x + metrics.gap) / (size.width + metrics.gap))
        var shown = min(count, fitting, 9)
        func more(_ shown: Int) -> MeasuredText {
            measurer.line(localizer.text(.morePictures(count - shown)), as: .label, maxWidth: right - x)
        }
        // Room for `+N` after the last one shown.
        while shown > 0, shown < count, x + shown * (size.width + metrics.gap) + more(shown).width > right {
            shown -= 1
        }
        var bottom = y
        for index in 0..<shown {
            let rect = FrameRect(x: x + index * (size.width + metrics.gap), y: y, width: size.width, height: size.height)
            bottom =
                builder.add(
                    retweet ? .retweetPicture(index) : .picture(index), rect: rect,
                    lines: [measurer.fitted(localizer.text(.pictureMark), as: .label, maxWidth: size.width)]
                ).maxY
        }
        if shown < count {
            let moreX = x + shown * (size.width + metrics.gap)
            let label = more(shown)
            let rect = builder.add(
                retweet ? .retweetMorePictures : .morePictures, x: moreX, y: y + max(0, (size.height - label.height) / 2), text: label)
            bottom = max(bottom, rect.maxY)
        }
        return bottom
    }
}
