/// The bubble of each kind: who and what, as far as the preview level allows.
extension UnreadPresenter {
    /// Characters (grapheme clusters) of a bubble's lines: the comment, the post it is on, an
    /// item of a summary. The server wraps each to its own width; they are only cut.
    static let textLength = 120
    static let quoteLength = 40
    static let summaryLineLength = 50

    /// The bubble of `kind` for `unread`, told with `items` (newest first) when `preview` allows.
    public func bubble(_ kind: BubbleKind, unread: UnreadCounts, items: [DetailItem], preview: PreviewLevel, sound: Set<BubbleKind>) -> Bubble {
        var bubble: Bubble
        switch kind {
        case .all:
            bubble = unreadBubble(unread)
        case .posts:
            bubble = Bubble(
                summary: titled(localizer.text(.appName)),
                body: counterWords(unread, among: kind.counters.filter(policy.notifying.contains) + policy.counting).joined(separator: " · "),
                actions: [
                    .init(.click, localizer.text(.showTimeline)), .init(.markRead, localizer.text(.markRead)),
                    .init(.openWeibo, localizer.text(.openWeibo)),
                ])
            bubble.category = "x-weibo.post"
        case .comments, .mentions:
            bubble = itemBubble(kind, unread: unread, items: preview == .count ? [] : items, textShown: preview == .full)
        case .messages:
            bubble = Bubble(
                summary: titled(localizer.text(.appName)),
                body: counterWords(unread, among: kind.counters.filter(policy.notifying.contains)).joined(separator: " · "),
                actions: [.init(.click, localizer.text(.open)), .init(.markRead, localizer.text(.markRead))])
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
                .init(.click, localizer.text(.showTimeline)), .init(.markRead, localizer.text(.markRead)),
                .init(.open, localizer.text(.open)), .init(.reply, localizer.text(.reply)),
            ])
        bubble.category = kind == .comments ? "x-weibo.comment" : "x-weibo.mention"
        guard let newest = items.first else { return bubble }
        let name = TextSanitizer.singleLine(newest.authorName)
        bubble.summary = peopleSummary(kind, unread: total, items: items)
        bubble.imageURL = newest.avatarURL
        bubble.replyPlaceholder = localizer.text(.replyPlaceholder(name))
        let more = max(total, items.count) - 1
        var lines: [String] = []
        if textShown {
            lines.append(TextSanitizer.line(Emoticons.apply(emoticons, to: newest.text), atMost: Self.textLength))
            if let post = newest.statusText, kind == .comments {
                lines.append("「" + TextSanitizer.line(Emoticons.apply(emoticons, to: post), atMost: Self.quoteLength) + "」")
            }
        }
        if more > 0 { lines.append(localizer.text(kind == .comments ? .moreComments(more) : .moreMentions(more))) }
        bubble.body = lines.isEmpty ? counterWords(unread, among: kind.counters).joined(separator: " · ") : lines.joined(separator: "\n")
        return bubble
    }

    /// Who is behind a comments or mentions bubble: the newest two people named, and how many
    /// there are, each counted once; "and others" when not every unread item is known.
    func peopleSummary(_ kind: BubbleKind, unread total: Int, items: [DetailItem]) -> String {
        var seen = Set<Int64>()
        let people = items.prefix(max(total, 1)).filter { seen.insert($0.authorID).inserted }.map { TextSanitizer.singleLine($0.authorName) }
        let everyoneKnown = total <= items.count
        return localizer.text(.people(kind == .comments ? .commented : .mentioned, names: Array(people.prefix(2)), count: everyoneKnown ? people.count : nil))
    }

    /// Who followed: named on a click on a bubble that counts new followers, once their names
    /// came (`names`, the newest first, at most as many as were new; `count` new in all).
    public func followersBubble(names: [String], count: Int) -> Bubble {
        let names = names.map(TextSanitizer.singleLine)
        var bubble = Bubble(
            summary: localizer.text(.people(.followed, names: Array(names.prefix(2)), count: names.count >= count ? count : nil)),
            body: names.count > 2 ? names.prefix(8).joined(separator: " · ") : "", actions: [.init(.openWeibo, localizer.text(.openWeibo))])
        bubble.kind = .posts
        bubble.replacesTag = "followers"
        return bubble
    }

    /// The summary shown on a click on a comments or mentions bubble: a line per item (who,
    /// and what, cut), at most `maxItems` of them and then "and N more"; its title counts
    /// them all. Kept in the server's history.
    public func itemsSummary(_ kind: BubbleKind, items: [DetailItem], items maxItems: Int) -> Bubble {
        let lines = items.prefix(maxItems).map { item in
            TextSanitizer.singleLine(item.authorName) + ": " + TextSanitizer.line(Emoticons.apply(emoticons, to: item.text), atMost: Self.summaryLineLength)
        }
        let more = items.count - lines.count
        var bubble = Bubble(
            summary: titled(localizer.text(kind == .comments ? .newComments(items.count) : .newMentions(items.count))),
            body: lines.isEmpty
                ? localizer.text(.nothingUnread)
                : (lines + (more > 0 ? [localizer.text(kind == .comments ? .moreComments(more) : .moreMentions(more))] : [])).joined(separator: "\n"),
            actions: items.isEmpty ? [] : [.init(.open, localizer.text(.open))])
        bubble.kind = kind
        return bubble
    }

    /// The timeline summary: a line per post (who, and what, cut), at most `maxItems` of them
    /// and then "and N more"; its title counts them all. Kept in the server's history.
    public func summaryBubble(_ statuses: [Status], items maxItems: Int) -> Bubble {
        // A deleted post has no author and nothing to tell.
        let statuses = statuses.filter { !$0.isUnavailable }
        let lines = statuses.prefix(maxItems).map { status in
            TextSanitizer.singleLine(status.user?.screenName ?? "") + ": "
                + TextSanitizer.line(Emoticons.apply(emoticons, to: status.text), atMost: Self.summaryLineLength)
        }
        let more = statuses.count - lines.count
        var bubble = Bubble(
            summary: titled(localizer.text(.newestPosts(statuses.count))),
            body: lines.isEmpty ? localizer.text(.nothingUnread) : (lines + (more > 0 ? [localizer.text(.morePosts(more))] : [])).joined(separator: "\n"),
            actions: [.init(.openWeibo, localizer.text(.openWeibo))])
        bubble.kind = .posts
        return bubble
    }
}
