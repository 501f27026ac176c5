import WeiboPlatform

/// Where the Weibo API lives: the main host and the `rm.` host of the unread counts.
public struct WeiboEndpoints: Equatable, Sendable {
    /// `https://api.weibo.com`
    public var apiBase: String
    /// `https://rm.api.weibo.com`
    public var remindBase: String

    public init(apiBase: String, remindBase: String) {
        self.apiBase = Self.trimmed(apiBase)
        self.remindBase = Self.trimmed(remindBase)
    }

    /// The real Weibo.
    public static let weibo = WeiboEndpoints(apiBase: "https://api.weibo.com", remindBase: "https://rm.api.weibo.com")

    /// One server for both hosts, as `--api-base` gives (the sandbox serves both).
    public init(singleBase: String) {
        self.init(apiBase: singleBase, remindBase: singleBase)
    }

    var unreadCount: String { remindBase + "/2/remind/unread_count.json" }
    var setCount: String { remindBase + "/2/remind/set_count.json" }
    var homeTimeline: String { apiBase + "/2/statuses/home_timeline.json" }
    var commentsToMe: String { apiBase + "/2/comments/to_me.json" }
    var commentMentions: String { apiBase + "/2/comments/mentions.json" }
    var statusMentions: String { apiBase + "/2/statuses/mentions.json" }
    var followers: String { apiBase + "/2/friendships/followers.json" }
    var commentReply: String { apiBase + "/2/comments/reply.json" }
    var commentCreate: String { apiBase + "/2/comments/create.json" }
    var rateLimitStatus: String { apiBase + "/2/account/rate_limit_status.json" }
    var userShow: String { apiBase + "/2/users/show.json" }
    var authorize: String { apiBase + "/oauth2/authorize" }
    var accessToken: String { apiBase + "/oauth2/access_token" }
    var tokenInfo: String { apiBase + "/oauth2/get_token_info" }
    var revoke: String { apiBase + "/oauth2/revokeoauth2" }

    private static func trimmed(_ base: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}
