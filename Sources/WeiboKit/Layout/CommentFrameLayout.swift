public import FoundationEssentials

/// Computes the frame of a comment or mention, in the same cells as `StatusFrameLayout`'s
/// compact style and with the same wrapping and truncation:
/// ```
/// 王五 · 3 min ago                name, time
/// 说得对，下次一起去[赞]           the text, as many lines as the budget leaves
/// ↪ replying to: 天气不错          the comment it answers, one line
/// 「今天天气真好」                  the post it is on, one line
/// ```
public struct CommentFrameLayout: Sendable {
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
        timeFormatter = RelativeTimeFormatter(localizer: localizer, timeZone: timeZone)
        self.now = now
        self.metrics = metrics
        self.emoticons = emoticons
    }

    /// The frame of `item` at `width` cells, at most `maxLines` lines (at least two: the header
    /// and one of text).
    public func frame(for item: DetailItem, width: Int, maxLines: Int = 6) -> StatusFrame {
        let width = max(width, metrics.minimumWidth)
        let maxLines = max(maxLines, 2)
        var builder = FrameBuilder(width: width)

        // `name · time`; the name gives way first, keeping six cells.
        let time = TextWrapper.truncate(timeFormatter.string(for: item.createdAt, now: now), toWidth: width)
        let timeWidth = DisplayWidth.of(time)
        let name = TextSanitizer.singleLine(item.authorName)
        let nameRoom = width - timeWidth - 3
        var y = 1
        if time.isEmpty {
            // An unknown time: the name alone.
            builder.add(.name, x: 0, y: 0, lines: [TextWrapper.truncate(name, toWidth: width)])
        } else if nameRoom >= min(6, DisplayWidth.of(name)) {
            let nameRect = builder.add(.name, x: 0, y: 0, lines: [TextWrapper.truncate(name, toWidth: nameRoom)])
            builder.add(.separator(0), x: nameRect.maxX + 1, y: 0, lines: ["·"])
            builder.add(.time, x: nameRect.maxX + 3, y: 0, lines: [time])
        } else {
            builder.add(.name, x: 0, y: 0, lines: [TextWrapper.truncate(name, toWidth: width)])
            if maxLines > 2 {
                builder.add(.time, x: 0, y: 1, lines: [time])
                y = 2
            }
        }

        // What it answers and the post it is on get a line each while the text keeps one.
        var extras: [(FramePart.Kind, String)] = []
        if let answered = item.replyingTo {
            extras.append((.replyTo, localizer.text(.replyingTo(TextSanitizer.singleLine(Emoticons.apply(emoticons, to: answered))))))
        }
        if let post = item.statusText, item.source != .statusMentions {
            extras.append((.quote, "「" + TextSanitizer.singleLine(Emoticons.apply(emoticons, to: post)) + "」"))
        }
        let textLines = TextWrapper.wrap(TextSanitizer.clean(Emoticons.apply(emoticons, to: item.text)), width: width)
        let room = maxLines - y
        extras = Array(extras.prefix(max(0, room - (textLines.isEmpty ? 0 : 1))))
        let textBudget = room - extras.count
        if !textLines.isEmpty, textBudget > 0 {
            let shown = TextWrapper.truncate(textLines, maxLines: textBudget, width: width)
            y = builder.add(.text, x: 0, y: y, width: width, lines: shown).maxY
        }
        for (kind, line) in extras {
            y = builder.add(kind, x: 0, y: y, lines: [TextWrapper.truncate(line, toWidth: width)]).maxY
        }
        return StatusFrame(statusID: item.id, width: width, height: builder.bottom, parts: builder.parts, isVIP: false, retweetBlock: nil)
    }
}
