/// Every piece of text WeiboKit shows a person, chosen in one place.
///
/// The rest of the library asks for a `Phrase`; only this file knows the words. When gettext
/// catalogs arrive, `text(_:)` becomes the one call that looks them up (the English strings are
/// the message ids).
public struct Localizer: Equatable, Sendable {
    public var language: Language

    public init(_ language: Language) {
        self.language = language
    }

    /// What can be said.
    public enum Phrase: Equatable, Sendable {
        /// Under a minute ago, or a time in the future.
        case justNow
        case minutesAgo(Int)
        case hoursAgo(Int)
        /// Yesterday at the given `HH:mm`.
        case yesterday(at: String)
        /// The status came from an app: `来自 iPhone客户端`.
        case postedFrom(String)
        case repostButton
        case commentButton
        case likeButton
        /// The notice for a retweet without its author (deleted or hidden).
        case unavailableRetweet
        /// A compact picture label: `[图×3]`.
        case pictures(Int)
        /// The mark that stands for one picture in a grid (four cells wide in both languages).
        case pictureMark
        /// `+N` more pictures than the grid shows.
        case morePictures(Int)
        /// One unread counter: `3 new posts`, `3 条新微博`.
        case unread(UnreadCounter, Int)
        /// All unread counters are zero.
        case nothingUnread
        /// The notifier's name, the summary of its bubbles.
        case appName
        case showTimeline
        case markAllRead
        case openWeibo
        /// The summary bubble's title: the newest N posts.
        case newestPosts(Int)
        case summaryFailed(String)
        case loginExpired
        case loginExpiresSoon(days: Int)
        /// The catch-up bubble after quiet hours or a pause.
        case whileAway(String)
        /// Tray tooltip lines.
        case checkedAt(String)
        case offlineSince(String)
        /// Short words for a status bar.
        case offline
        case loginNeeded
    }

    public func text(_ phrase: Phrase) -> String {
        switch (language, phrase) {
        case (.chinese, .justNow): return "刚刚"
        case (.english, .justNow): return "just now"
        case (.chinese, .minutesAgo(let n)): return "\(n)分钟前"
        case (.english, .minutesAgo(let n)): return "\(n) min ago"
        case (.chinese, .hoursAgo(let n)): return "\(n)小时前"
        case (.english, .hoursAgo(let n)): return "\(n) h ago"
        case (.chinese, .yesterday(let time)): return "昨天 \(time)"
        case (.english, .yesterday(let time)): return "yesterday \(time)"
        case (.chinese, .postedFrom(let app)): return "来自\(app)"
        case (.english, .postedFrom(let app)): return "via \(app)"
        case (.chinese, .repostButton): return "转发"
        case (.english, .repostButton): return "Repost"
        case (.chinese, .commentButton): return "评论"
        case (.english, .commentButton): return "Comment"
        case (.chinese, .likeButton): return "赞"
        case (.english, .likeButton): return "Like"
        case (.chinese, .unavailableRetweet): return "抱歉，此微博已被作者删除或不可见。"
        case (.english, .unavailableRetweet): return "This post was deleted or hidden by its author."
        case (.chinese, .pictures(let n)): return "[图×\(n)]"
        case (.english, .pictures(let n)): return n == 1 ? "[1 picture]" : "[\(n) pictures]"
        case (.chinese, .pictureMark): return "[图]"
        case (.english, .pictureMark): return "[📷]"
        case (_, .morePictures(let n)): return "+\(n)"
        case (.chinese, .unread(let counter, let n)):
            switch counter {
            case .status: return "\(n) 条新微博"
            case .cmt: return "\(n) 条新评论"
            case .mentionStatus: return "\(n) 条@我的微博"
            case .mentionCmt: return "\(n) 条@我的评论"
            case .dm: return "\(n) 条新私信"
            case .follower: return "\(n) 位新粉丝"
            }
        case (.english, .unread(let counter, let n)):
            let one = n == 1
            switch counter {
            case .status: return one ? "1 new post" : "\(n) new posts"
            case .cmt: return one ? "1 comment" : "\(n) comments"
            case .mentionStatus: return one ? "1 mention" : "\(n) mentions"
            case .mentionCmt: return one ? "1 mention in a comment" : "\(n) mentions in comments"
            case .dm: return one ? "1 message" : "\(n) messages"
            case .follower: return one ? "1 new follower" : "\(n) new followers"
            }
        case (.chinese, .nothingUnread): return "没有新消息"
        case (.english, .nothingUnread): return "Nothing new"
        case (.chinese, .appName): return "微博"
        case (.english, .appName): return "Weibo"
        case (.chinese, .showTimeline): return "查看"
        case (.english, .showTimeline): return "Show"
        case (.chinese, .markAllRead): return "全部已读"
        case (.english, .markAllRead): return "Mark all read"
        case (.chinese, .openWeibo): return "打开微博"
        case (.english, .openWeibo): return "Open Weibo"
        case (.chinese, .newestPosts(let n)): return "最新 \(n) 条微博"
        case (.english, .newestPosts(let n)): return n == 1 ? "The newest post" : "The newest \(n) posts"
        case (.chinese, .summaryFailed(let reason)): return "无法获取微博：\(reason)"
        case (.english, .summaryFailed(let reason)): return "Could not fetch the timeline: \(reason)"
        case (.chinese, .loginExpired): return "登录已过期：请运行 weibo-notifier login"
        case (.english, .loginExpired): return "Login expired: run weibo-notifier login"
        case (.chinese, .whileAway(let what)): return "你不在时：\(what)"
        case (.english, .whileAway(let what)): return "While you were away: \(what)"
        case (.chinese, .checkedAt(let time)): return "\(time) 已检查"
        case (.english, .checkedAt(let time)): return "checked \(time)"
        case (.chinese, .offlineSince(let time)): return "自 \(time) 起离线"
        case (.english, .offlineSince(let time)): return "offline since \(time)"
        case (.chinese, .offline): return "离线"
        case (.english, .offline): return "offline"
        case (.chinese, .loginNeeded): return "需要登录"
        case (.english, .loginNeeded): return "login needed"
        case (.chinese, .loginExpiresSoon(let days)): return "登录将在 \(days) 天后过期：请运行 weibo-notifier login"
        case (.english, .loginExpiresSoon(let days)):
            return days == 0 ? "The login expires today: run weibo-notifier login" : "The login expires in \(days) days: run weibo-notifier login"
        }
    }
}
