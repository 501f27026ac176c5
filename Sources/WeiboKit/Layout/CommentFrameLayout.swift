/// Computes the frame of a comment or mention, through the same measurer and metrics as
/// `StatusFrameLayout`'s compact style and with the same wrapping and truncation:
/// ```
/// 王五 · 3 min ago                name, time
/// 说得对，下次一起去[赞]           the text, as many lines as the budget leaves
/// ↪ replying to: 天气不错          the comment it answers, one line
/// 「今天天气真好」                  the post it is on, one line
/// ```
public struct CommentFrameLayout: Sendable {
    /// The status cells' layout, whose words, clock, metrics, measurer and emoticons a comment's
    /// cell shares.
    public var cells: StatusFrameLayout
    public var localizer: Localizer { cells.localizer }

    public init(
        localizer: Localizer, timeZone: any TimeZoneRule, now: Timestamp, metrics: LayoutMetrics = .cells,
        measurer: any TextMeasurer = CellMeasurer(), emoticons: Emoticons.Style = .emoji
    ) {
        cells = StatusFrameLayout(localizer: localizer, timeZone: timeZone, now: now, metrics: metrics, measurer: measurer, emoticons: emoticons)
    }

    /// The frame of `item` at `width`, at most `maxLines` lines of text (at least two: the
    /// header and one of text).
    public func frame(for item: DetailItem, width: Int, maxLines: Int = 6) -> StatusFrame {
        let (metrics, measurer, emoticons) = (cells.metrics, cells.measurer, cells.emoticons)
        let width = max(width, metrics.minimumWidth)
        let maxLines = max(maxLines, 2)
        var builder = FrameBuilder(width: width, metrics: metrics, measurer: measurer)
        builder.addRowAvatar(for: item.authorName, metrics: metrics)
        let left = builder.left
        let contentWidth = builder.right - left
        var y = metrics.border

        // `name · time`; the name gives way first, keeping the room of three wide characters.
        let time = measurer.fitted(cells.timeFormatter.string(for: item.createdAt, now: cells.now), as: .time, maxWidth: contentWidth)
        let timeWidth = measurer.width(time, as: .time)
        let name = TextSanitizer.singleLine(item.authorName)
        let nameRoom = contentWidth - timeWidth - 2 * metrics.gap - metrics.separatorWidth
        var used = 1
        if time.isEmpty {
            // An unknown time: the name alone.
            builder.add(.name, x: left, y: y, text: measurer.line(name, as: .name, maxWidth: contentWidth))
        } else if nameRoom >= min(measurer.width("一二三", as: .name), measurer.width(name, as: .name)) {
            let nameRect = builder.add(.name, x: left, y: y, text: measurer.line(name, as: .name, maxWidth: nameRoom))
            let separator = builder.add(
                .nameTimeDot,
                rect: FrameRect(x: nameRect.maxX + metrics.gap, y: y, width: metrics.separatorWidth, height: nameRect.height))
            let timeX = separator.maxX + metrics.gap
            builder.add(.time, x: timeX, y: y, text: measurer.line(time, as: .time, maxWidth: builder.right - timeX))
        } else {
            let nameRect = builder.add(.name, x: left, y: y, text: measurer.line(name, as: .name, maxWidth: contentWidth))
            if maxLines > 2 {
                builder.add(.time, x: left, y: nameRect.maxY, text: measurer.line(time, as: .time, maxWidth: contentWidth))
                used = 2
            }
        }
        y = builder.bottom

        // What it answers and the post it is on get a line each while the text keeps one.
        var extras: [(FramePart.Kind, String)] = []
        if let answered = item.replyingTo {
            extras.append((.replyTo, localizer.text(.replyingTo(TextSanitizer.singleLine(Emoticons.apply(emoticons, to: answered))))))
        }
        if let post = item.statusText, item.source != .statusMentions {
            extras.append((.quote, "「" + TextSanitizer.singleLine(Emoticons.apply(emoticons, to: post)) + "」"))
        }
        let text = TextSanitizer.clean(Emoticons.apply(emoticons, to: item.text))
        let hasText = !measurer.measure(text, as: .body, maxWidth: contentWidth, maxLines: 1).isEmpty
        let room = maxLines - used
        extras = Array(extras.prefix(max(0, room - (hasText ? 1 : 0))))
        let textBudget = room - extras.count
        if hasText, textBudget > 0 {
            let shown = measurer.measure(text, as: .body, maxWidth: contentWidth, maxLines: textBudget)
            y = builder.add(.text, x: left, y: y, width: contentWidth, text: shown).maxY
        }
        for (kind, line) in extras {
            y = builder.add(kind, x: left, y: y, text: measurer.line(line, as: .quote, maxWidth: contentWidth)).maxY
        }
        return StatusFrame(
            statusID: item.id, width: width, height: builder.height + metrics.border, parts: builder.parts, isVIP: false,
            retweetBlock: nil)
    }
}
