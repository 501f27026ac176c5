public import FoundationEssentials

/// The bubble of each kind: who and what, as far as the preview level allows.
extension UnreadPresenter {
    /// Cells of a bubble's body line; the comment gets three lines, the post it is on one.
    static let bubbleWidth = 40

    /// The bubble of `kind` for `unread`, told with `items` (newest first) when `preview` allows.
    public func bubble(_ kind: BubbleKind, unread: UnreadCounts, items: [DetailItem], preview: PreviewLevel, sound: Set<BubbleKind>) -> Bubble {
        var bubble: Bubble
        switch kind {
        case .all:
            bubble = unreadBubble(unread)
        case .posts:
            bubble = Bubble(
                summary: titled(localizer.text(.appName)),
                body: counterWords(unread, among: kind.counters.filter(policy.notify.contains) + policy.countOnly).joined(separator: " · "),
                actions: [
                    .init(Bubble.Action.clickKey, localizer.text(.showTimeline)), .init(Bubble.Action.markReadKey, localizer.text(.markRead)),
                    .init(Bubble.Action.openWeiboKey, localizer.text(.openWeibo)),
                ])
            bubble.category = "x-weibo.post"
        case .comments, .mentions:
            bubble = itemBubble(kind, unread: unread, items: preview == .count ? [] : items, textShown: preview == .full)
        case .messages:
            bubble = Bubble(
                summary: titled(localizer.text(.appName)), body: counterWords(unread, among: [.dm]).joined(separator: " · "),
                actions: [.init(Bubble.Action.clickKey, localizer.text(.open)), .init(Bubble.Action.markReadKey, localizer.text(.markRead))])
        }
        bubble.kind = kind
        let audible = kind == .all ? sound.contains { $0 != .posts && $0.counters.contains { unread[$0] > 0 } } : sound.contains(kind)
        if audible { bubble.soundName = "message-new-instant" }
        return bubble
    }

    /// A comments or mentions bubble: the newest author and text, the post it is on, how many
    /// more; the counts alone when no item is known.
    private func itemBubble(_ kind: BubbleKind, unread: UnreadCounts, items: [DetailItem], textShown: Bool) -> Bubble {
        let total = kind.counters.reduce(0) { $0 + unread[$1] }
        var bubble = Bubble(
            summary: titled(localizer.text(.appName)), body: counterWords(unread, among: kind.counters).joined(separator: " · "),
            actions: [
                .init(Bubble.Action.clickKey, localizer.text(.showTimeline)), .init(Bubble.Action.markReadKey, localizer.text(.markRead)),
                .init(Bubble.Action.openKey, localizer.text(.open)), .init(Bubble.Action.replyKey, localizer.text(.reply)),
            ])
        bubble.category = kind == .comments ? "x-weibo.comment" : "x-weibo.mention"
        guard let newest = items.first else { return bubble }
        let name = TextSanitizer.singleLine(newest.authorName)
        bubble.summary = localizer.text(kind == .comments ? .commented(name) : .mentioned(name))
        bubble.imageURL = newest.avatarURL
        bubble.replyPlaceholder = localizer.text(.replyPlaceholder(name))
        let more = max(total, items.count) - 1
        var lines: [String] = []
        if textShown {
            let text = TextSanitizer.clean(Emoticons.apply(emoticons, to: newest.text))
            lines += TextWrapper.truncate(TextWrapper.wrap(text, width: Self.bubbleWidth), maxLines: 3, width: Self.bubbleWidth)
            if let post = newest.statusText, kind == .comments {
                lines.append(TextWrapper.truncate("「" + TextSanitizer.singleLine(Emoticons.apply(emoticons, to: post)) + "」", toWidth: Self.bubbleWidth))
            }
        }
        if more > 0 { lines.append(localizer.text(kind == .comments ? .moreComments(more) : .moreMentions(more))) }
        bubble.body = lines.isEmpty ? counterWords(unread, among: kind.counters).joined(separator: " · ") : lines.joined(separator: "\n")
        return bubble
    }

    /// The summary shown on a click on a comments or mentions bubble: author · time, the text,
    /// the post it is on, what it answers; as many items as fit.
    public func itemsSummary(_ kind: BubbleKind, items: [DetailItem], now: Date, zone: any TimeZoneRule, width: Int, lines maxLines: Int) -> Bubble {
        let layout = CommentFrameLayout(localizer: localizer, timeZone: zone, now: now, emoticons: emoticons)
        var lines: [String] = []
        for item in items {
            let remaining = maxLines - lines.count - (lines.isEmpty ? 0 : 1)
            guard remaining >= 2 else { break }
            if !lines.isEmpty { lines.append("") }
            lines += FrameRenderer().lines(of: layout.frame(for: item, width: width, maxLines: remaining))
        }
        var bubble = Bubble(
            summary: titled(localizer.text(kind == .comments ? .newComments(items.count) : .newMentions(items.count))),
            body: lines.isEmpty ? localizer.text(.nothingUnread) : lines.joined(separator: "\n"),
            actions: items.isEmpty ? [] : [.init(Bubble.Action.openKey, localizer.text(.open))], isTransient: true)
        bubble.kind = kind
        return bubble
    }
}
