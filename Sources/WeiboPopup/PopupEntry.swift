import FoundationEssentials
import WeiboKit

/// One row of a section: a status (posts, mentions) or a comment (comments, mentions), laid out
/// by WeiboKit's frame model in pixels.
struct PopupEntry {
    enum Item {
        case status(Status)
        case comment(Comment, DetailSource)
    }

    var item: Item
    /// Compact (the summary: three lines, a strip of thumbnails) or the full cell.
    var isExpanded = false

    var id: Int64 {
        switch item {
        case .status(let status): return status.id
        case .comment(let comment, _): return comment.id
        }
    }

    var createdAt: Date? {
        switch item {
        case .status(let status): return status.createdAt
        case .comment(let comment, _): return comment.createdAt
        }
    }

    /// The post on weibo.com (a comment's post).
    var url: String {
        switch item {
        case .status(let status): return DetailItem(mention: status).webURL
        case .comment(let comment, let source): return DetailItem(comment, source: source).webURL
        }
    }

    /// The avatar's address (public, no token), if the author has one.
    var avatarURL: String? {
        switch item {
        case .status(let status): return status.user?.profileImageURL
        case .comment(let comment, _): return comment.user?.profileImageURL
        }
    }

    /// The pictures' thumbnails, the status's own or (none of its own) the retweet's.
    var thumbnailURLs: (own: [String], retweet: [String]) {
        guard case .status(let status) = item else { return ([], []) }
        return (status.pictures.map(\.thumbnailURL), status.retweetedStatus?.pictures.map(\.thumbnailURL) ?? [])
    }

    /// Its frame at `width` pixels.
    func frame(width: Int, statusLayout: StatusFrameLayout, commentLayout: CommentFrameLayout) -> StatusFrame {
        switch item {
        case .status(let status):
            return statusLayout.frame(for: status, width: width, style: isExpanded ? .full : .compact(maxLines: 4))
        case .comment(let comment, let source):
            return commentLayout.frame(for: DetailItem(comment, source: source), width: width, maxLines: isExpanded ? 40 : 5)
        }
    }

    /// What a screen reader says for the row: author, time, text (and what it is on).
    func accessibleName(times: RelativeTimeFormatter, now: Date, emoticons: Emoticons.Style) -> String {
        let time = times.string(for: createdAt, now: now)
        switch item {
        case .status(let status):
            var words = "\(status.user?.screenName ?? ""), \(time): \(Emoticons.apply(emoticons, to: status.text))"
            if let retweet = status.retweetedStatus { words += " // @\(retweet.user?.screenName ?? ""): \(retweet.text)" }
            return TextSanitizer.singleLine(words)
        case .comment(let comment, _):
            var words = "\(comment.user?.screenName ?? ""), \(time): \(Emoticons.apply(emoticons, to: comment.text))"
            if let post = comment.status?.text { words += " 「\(post)」" }
            return TextSanitizer.singleLine(words)
        }
    }

    /// The row's text and its address, for Ctrl+C.
    var copyText: String {
        switch item {
        case .status(let status): return status.text + "\n" + url
        case .comment(let comment, _): return comment.text + "\n" + url
        }
    }

    /// A section's rows from the daemon's answer, newest first.
    static func entries(of items: PopupItems, kind: BubbleKind) -> [PopupEntry] {
        let source: DetailSource = kind == .mentions ? .commentMentions : .commentsToMe
        let all = items.statuses.map { PopupEntry(item: .status($0)) } + items.comments.map { PopupEntry(item: .comment($0, source)) }
        return all.sorted { ($0.createdAt ?? .distantPast, $0.id) > ($1.createdAt ?? .distantPast, $1.id) }
    }
}
