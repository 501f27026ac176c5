/// One row of a popup section: a status (posts, mentions) or a comment (comments, mentions),
/// compact or whole, marked when it came since the section was last looked at.
public struct PopupRow: Equatable, Sendable {
    public enum Item: Equatable, Sendable {
        case status(Status)
        case comment(Comment, DetailSource)
    }

    public var item: Item
    /// The whole cell, or the summary (a few lines, a strip of thumbnails).
    public var isExpanded = false
    /// It came since the section was last looked at.
    public var isNew = false
    /// A reply to it from the popup, and how it went.
    public var reply = ReplyState.none

    public enum ReplyState: Equatable, Sendable {
        case none
        case sending
        case replied
        /// Not sent (kept for `replies --retry`), and why.
        case failed(String)
    }

    public init(_ item: Item, isExpanded: Bool = false, isNew: Bool = false) {
        self.item = item
        self.isExpanded = isExpanded
        self.isNew = isNew
    }

    public var id: Int64 {
        switch item {
        case .status(let status): status.id
        case .comment(let comment, _): comment.id
        }
    }

    public var createdAt: Timestamp? {
        switch item {
        case .status(let status): status.createdAt
        case .comment(let comment, _): comment.createdAt
        }
    }

    public var author: User? {
        switch item {
        case .status(let status): status.user
        case .comment(let comment, _): comment.user
        }
    }

    public var text: String {
        switch item {
        case .status(let status): status.text
        case .comment(let comment, _): comment.text
        }
    }

    /// The post on weibo.com (a comment's post).
    public var url: String {
        switch item {
        case .status(let status): DetailItem(mention: status).webURL
        case .comment(let comment, let source): DetailItem(comment, source: source).webURL
        }
    }

    /// The avatar's address (public, no token), if the author has one.
    public var avatarURL: String? { author?.profileImageURL }

    /// The pictures' thumbnails, the status's own and the retweet's.
    public var thumbnailURLs: (own: [String], retweet: [String]) {
        guard case .status(let status) = item else { return ([], []) }
        return (status.pictures.map(\.thumbnailURL), status.retweetedStatus?.pictures.map(\.thumbnailURL) ?? [])
    }

    /// A reply from the popup can go to it in section `kind` (not to a post of the timeline).
    public func canReply(in kind: PopupSectionKind) -> Bool { replyRequest("", in: kind) != nil }

    /// What a reply from the popup sends: an answer to a comment (or to a mention in one), or
    /// a comment on a post that mentions the user; nil for a post of the home timeline.
    public func replyRequest(_ text: String, in kind: PopupSectionKind) -> ReplyRequest? {
        switch item {
        case .comment(let comment, let source): return DetailItem(comment, source: source).reply(text)
        case .status(let status): return kind == .mentions ? DetailItem(mention: status).reply(text) : nil
        }
    }

    /// Its frame at `width` in section `kind`, within the popup's line budgets
    /// (`LayoutMetrics.popupLines`); under a row one can answer, "Reply" when whole and
    /// "Replied" once the reply went.
    public func frame(width: Int, in kind: PopupSectionKind, statusLayout: StatusFrameLayout, commentLayout: CommentFrameLayout) -> StatusFrame {
        let lines = statusLayout.metrics.popupLines
        let frame: StatusFrame
        switch item {
        case .status(let status):
            frame = statusLayout.frame(for: status, width: width, style: isExpanded ? .full : .compact(maxLines: lines.compactStatus))
        case .comment(let comment, let source):
            frame = commentLayout.frame(
                for: DetailItem(comment, source: source), width: width, maxLines: isExpanded ? lines.wholeComment : lines.compactComment)
        }
        guard canReply(in: kind) else { return frame }
        let words = commentLayout.localizer
        if reply == .replied {
            return frame.addingLine(.repliedMark, words.text(.repliedMark), metrics: statusLayout.metrics, measurer: statusLayout.measurer)
        }
        guard isExpanded else { return frame }
        return frame.addingLine(.replyButton, words.text(.replyButton), metrics: statusLayout.metrics, measurer: statusLayout.measurer)
    }

    /// What a screen reader says of the row, in one sentence: author, time, text, pictures,
    /// the retweet's author and text (or the post commented on), the counts; "new" first when
    /// it is.
    public func accessibleDescription(localizer: Localizer, times: RelativeTimeFormatter, now: Timestamp, emoticons: Emoticons.Style) -> String {
        var parts: [String] = []
        if isNew { parts.append(localizer.text(.newRow)) }
        if reply == .replied { parts.append(localizer.text(.repliedRow)) }
        parts.append("\(author?.screenName ?? ""), \(times.string(for: createdAt, now: now)): \(Emoticons.apply(emoticons, to: text))")
        switch item {
        case .status(let status):
            if !status.pictures.isEmpty { parts.append(localizer.text(Localizer.PopupPhrase.picturesInRow(status.pictures.count))) }
            if let retweet = status.retweetedStatus {
                parts.append(localizer.text(.reposting(retweet.user?.screenName ?? "")) + ": " + Emoticons.apply(emoticons, to: retweet.text))
            }
            if status.repostsCount + status.commentsCount + status.attitudesCount > 0 {
                parts.append(localizer.text(.counts(reposts: status.repostsCount, comments: status.commentsCount, likes: status.attitudesCount)))
            }
        case .comment(let comment, _):
            if let post = comment.status?.text { parts.append(localizer.text(.onPost(Emoticons.apply(emoticons, to: post)))) }
        }
        return TextSanitizer.singleLine(parts.joined(separator: "; "))
    }

    /// The row's text and its address (Ctrl+C).
    public var copyText: String { text + "\n" + url }

    /// Whether the row's author or text holds every word of `query` (case folded; CJK, which
    /// has no spaces, by its characters in order).
    public func matches(_ query: String) -> Bool {
        let words = query.lowercased().split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return true }
        var haystack = (author?.screenName ?? "") + "\n" + text
        if case .status(let status) = item, let retweet = status.retweetedStatus {
            haystack += "\n" + (retweet.user?.screenName ?? "") + "\n" + retweet.text
        }
        let folded = haystack.lowercased()
        return words.allSatisfy { folded.containsText($0) }
    }

    /// A section's rows from the daemon's answer, newest first (a mentions section merges
    /// posts and comments).
    public static func rows(of items: PopupItems, in kind: PopupSectionKind) -> [PopupRow] {
        let source = kind.commentList?.source ?? .commentsToMe
        let all = items.statuses.map { PopupRow(.status($0)) } + items.comments.map { PopupRow(.comment($0, source)) }
        return all.sorted { ($0.createdAt ?? .distantPast, $0.id) > ($1.createdAt ?? .distantPast, $1.id) }
    }
}
