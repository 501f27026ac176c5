/// Every piece of text WeiboKit shows a person, chosen in one place.
///
/// The rest of the library asks for a `Phrase`; only this file knows the words, as gettext
/// message ids (English) that the catalog translates. `tr` and `trn` are also what the desktop
/// layer and the command line call, and the names `Scripts/update-messages.py` looks for when it
/// collects the messages into `po/weibo-notifier.pot`: a message id is always a string literal.
public struct Localizer: Sendable {
    public let catalog: any MessageCatalog

    public init(_ catalog: any MessageCatalog = EnglishMessages()) {
        self.catalog = catalog
    }

    /// The language of the catalog: it decides what is not a word, such as 万 against K.
    public var language: Language { catalog.language }

    /// The translation of `message` with its placeholders (`%s`, `%d`, `%1$s`) filled in.
    public func tr(_ message: String, _ arguments: any CustomStringConvertible...) -> String {
        MessageFormat.format(catalog.translate(message), arguments)
    }

    /// The form of `singular`/`plural` that fits `count`, translated, placeholders filled in.
    public func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: any CustomStringConvertible...) -> String {
        MessageFormat.format(catalog.translate(singular, plural: plural, count: count), arguments)
    }

    /// What can be said.
    /// What became of a reply that did not go.
    public enum ReplyKept: Equatable, Sendable {
        /// Kept for `replies --retry`.
        case saved
        /// It could not be kept either: the text, shown whole.
        case notSaved(String)
        /// Weibo would refuse it however often it is sent, so it is not kept: the text.
        case refused(String)
    }

    /// A reason put inside a sentence: without its own full stop.
    static func withoutStop(_ reason: String) -> String {
        var reason = reason
        while let last = reason.last, ".。".contains(last) { reason.removeLast() }
        return reason
    }

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
        /// Weibo's hot-search list: the tray's item and the popup's button.
        case hotSearch
        /// The summary bubble's title: the newest N posts.
        case newestPosts(Int)
        case summaryFailed(String)
        /// A login expired or missing, on the desktop: the words name the button and menu item
        /// that log in, not a command (the terminal's `status` says `notLoggedIn`).
        case loginExpiredOnDesktop
        /// A state as `status` names it.
        case state(NotifierPhase)
        /// What kind of failure the last check had.
        case failureKind(PollFailure.Kind)
        case notLoggedInOnDesktop
        case loginExpiresSoon(days: Int)
        /// The catch-up bubble after quiet hours or a pause.
        case whileAway(String)
        /// Tray tooltip lines.
        case checkedAt(String)
        /// The tray's tooltip while notifications wait: until when.
        case pausedUntil(String)
        case quietUntil(String)
        /// The desktop's do-not-disturb holds notifications back.
        case doNotDisturb
        /// Weibo's rate limit: the counts shown are the last ones.
        case rateLimited
        case offlineSince(String)
        /// Checks fail since then while the network is up.
        case weiboFailingSince(String)
        /// Short words for a status bar.
        case offline
        case loginNeeded
        /// A comments bubble's summary: `王五 commented on your post`.
        case commented(String)
        /// A mentions bubble's summary: `李四 mentioned you`.
        case mentioned(String)
        /// A comments or mentions bubble's summary naming who: the newest people (one or two)
        /// and how many there are in all (nil: more than named, not all known):
        /// `张三、李四等 5 人评论了你` / `Zhang San, Li Si and 3 others commented`.
        case people(PeopleDid, names: [String], count: Int?)
        /// After the newest item: how many more of the kind.
        case moreComments(Int)
        case morePosts(Int)
        case moreMentions(Int)
        /// A comment answers another: `↪ replying to: …`.
        case replyingTo(String)
        case reply
        case open
        case markRead
        case replyPlaceholder(String)
        case replied(String)
        case replyFailed(String)
        /// A reply that did not go (why), and what became of it.
        case replyNotSent(String, ReplyKept)
        /// The summary bubbles' titles.
        case newComments(Int)
        case newMentions(Int)
        /// Why comment and mention texts are not shown.
        case detailsUnavailable(String)
        case budgetSpent
        case noPermission
        /// No login saved (the first run, a logout).
        case notLoggedIn
        case logInAgain
        /// The token is in a locked keyring.
        case waitingForKeyring
        /// The bubble of a locked keyring, and its button.
        case unlockKeyringToCheck
        case unlockKeyring
        /// No keyring runs: the bubble, and the tray's line.
        case noKeyringToCheck
        case noKeyringRuns
    }

    public func text(_ phrase: Phrase) -> String {
        switch phrase {
        case .justNow: return tr("just now")
        case .minutesAgo(let n): return trn("%d min ago", "%d min ago", n, n)
        case .hoursAgo(let n): return trn("%d h ago", "%d h ago", n, n)
        case .yesterday(let time): return tr("yesterday %s", time)
        case .postedFrom(let app): return tr("via %s", app)
        case .repostButton: return tr("Repost")
        case .commentButton: return tr("Comment")
        case .likeButton: return tr("Like")
        case .unavailableRetweet: return tr("This post was deleted or hidden by its author.")
        case .pictures(let n): return trn("[%d picture]", "[%d pictures]", n, n)
        // A translation must keep this four cells wide: the picture grid is drawn with it.
        case .pictureMark: return tr("[📷]")
        case .morePictures(let n): return "+\(n)"
        case .unread(let counter, let n):
            switch counter {
            case .status: return trn("%d new post", "%d new posts", n, n)
            case .cmt: return trn("%d comment", "%d comments", n, n)
            case .mentionStatus: return trn("%d mention", "%d mentions", n, n)
            case .mentionCmt: return trn("%d mention in a comment", "%d mentions in comments", n, n)
            case .dm: return trn("%d new private message", "%d new private messages", n, n)
            case .follower: return trn("%d new follower", "%d new followers", n, n)
            case .msgbox: return trn("%d message from a stranger", "%d messages from strangers", n, n)
            case .attitude: return trn("%d new like", "%d new likes", n, n)
            }
        case .nothingUnread: return tr("Nothing new")
        case .appName: return tr("Weibo")
        case .showTimeline: return tr("Show")
        case .markAllRead: return tr("Mark all read")
        case .openWeibo: return tr("Open Weibo")
        case .hotSearch: return tr("Hot search")
        case .newestPosts(let n): return trn("The newest post", "The newest %d posts", n, n)
        case .summaryFailed(let reason): return tr("Could not fetch the timeline: %s", reason)
        case .state(let phase):
            switch phase {
            case .starting: return tr("starting")
            case .ok: return tr("ok")
            case .offline: return tr("offline")
            case .loginExpired: return tr("login expired")
            case .notLoggedIn: return tr("not logged in")
            case .waitingForKeyring: return tr("waiting for the keyring")
            case .rateLimited: return tr("rate-limited")
            }
        case .failureKind(let kind):
            switch kind {
            case .loginRejected: return tr("Weibo refused the login")
            case .rateLimited: return tr("Weibo's rate limit was reached")
            case .budgetSpent: return tr("today's budget of calls is spent")
            case .refused: return tr("Weibo refused the request")
            case .noPermission: return tr("this app may not read comments and mentions (10014)")
            case .transient: return tr("Weibo could not be reached, or answered badly")
            }
        case .loginExpiredOnDesktop: return tr("Your Weibo login has expired: “Log in to Weibo again” logs in anew")
        case .notLoggedInOnDesktop: return tr("Not logged in: “Log in to Weibo…” in the tray's menu logs in")
        case .loginExpiresSoon(let days):
            return days == 0
                ? tr("The login expires today: run weibo-notifier login")
                : trn("The login expires in %d day: run weibo-notifier login", "The login expires in %d days: run weibo-notifier login", days, days)
        case .whileAway(let what): return tr("While you were away: %s", what)
        case .checkedAt(let time): return tr("checked %s", time)
        case .pausedUntil(let time): return tr("notifications paused until %s", time)
        case .quietUntil(let time): return tr("quiet hours until %s", time)
        case .doNotDisturb: return tr("do not disturb: notifications wait until it ends")
        case .rateLimited: return tr("Weibo's rate limit is reached; the counts are from the last check")
        case .offlineSince(let time): return tr("offline since %s", time)
        case .weiboFailingSince(let time): return tr("no usable answer from Weibo since %s (the network is up)", time)
        case .offline: return tr("offline")
        case .loginNeeded: return tr("login needed")
        case .commented(let name): return tr("%s commented on your post", name)
        case .mentioned(let name): return tr("%s mentioned you", name)
        case .people(let did, let names, let count): return people(did, names: names, count: count)
        case .moreComments(let n): return trn("and %d more comment", "and %d more comments", n, n)
        case .morePosts(let n): return trn("and %d more post", "and %d more posts", n, n)
        case .moreMentions(let n): return trn("and %d more mention", "and %d more mentions", n, n)
        case .replyingTo(let text): return tr("↪ replying to: %s", text)
        case .reply: return tr("Reply")
        case .open: return tr("Open")
        case .markRead: return tr("Mark as read")
        case .replyPlaceholder(let name): return tr("Reply to %s…", name)
        case .replied(let name): return tr("Replied to %s", name)
        case .replyFailed(let reason): return tr("Could not reply: %s", reason)
        case .replyNotSent(let reason, .saved):
            return tr("Could not reply: %s. It is saved; 'weibo-notifier replies --retry' sends it.", Self.withoutStop(reason))
        case .replyNotSent(let reason, .notSaved(let text)):
            return tr("Could not reply: %s. It could not be saved either; it was: %s", Self.withoutStop(reason), text)
        case .replyNotSent(let reason, .refused(let text)):
            return tr("Could not reply: %s. Weibo would refuse it again, so it is not kept; it was: %s", Self.withoutStop(reason), text)
        case .newComments(let n): return trn("%d new comment", "%d new comments", n, n)
        case .newMentions(let n): return trn("%d new mention", "%d new mentions", n, n)
        case .detailsUnavailable(let reason): return tr("comment and mention texts unavailable: %s", reason)
        case .budgetSpent: return tr("today's budget of calls is spent")
        case .noPermission: return tr("this app key has no permission for comments (10014)")
        case .notLoggedIn: return tr("Not logged in: run weibo-notifier login")
        case .logInAgain: return tr("Log in to Weibo again")
        case .waitingForKeyring: return tr("Waiting for the keyring to be unlocked")
        case .unlockKeyringToCheck: return tr("Unlock your keyring to check Weibo")
        case .unlockKeyring: return tr("Unlock…")
        case .noKeyringToCheck:
            return tr("Your Weibo login is kept in a keyring, and none runs in this session: checks start once one does, or log in again to keep it in a file")
        case .noKeyringRuns: return tr("No keyring runs in this session: checks start once one does")
        }
    }
}

extension Localizer {
    /// What the people a bubble names did.
    public enum PeopleDid: Sendable {
        case commented, mentioned, followed
    }

    /// The number a group's summary shows, as the catalog's language counts: the people not
    /// named (English: "and 3 others"), or everyone (Chinese: "等 5 人"). The translator
    /// chooses by translating this message id, as GTK's "default:LTR" is chosen.
    var countsEveryone: Bool { tr("people-count:others") == "people-count:everyone" }

    private func people(_ did: PeopleDid, names: [String], count: Int?) -> String {
        guard let first = names.first else { return "" }
        let second = names.count > 1 ? names[1] : nil
        switch (second, count, did) {
        case (nil, 1?, .commented): return tr("%s commented on your post", first)
        case (nil, 1?, .mentioned): return tr("%s mentioned you", first)
        case (nil, 1?, .followed): return tr("%s followed you", first)
        case (let second?, 2?, .commented): return tr("%1$s and %2$s commented", first, second)
        case (let second?, 2?, .mentioned): return tr("%1$s and %2$s mentioned you", first, second)
        case (let second?, 2?, .followed): return tr("%1$s and %2$s followed you", first, second)
        case (let second?, let count?, _):
            let shown = countsEveryone ? count : count - 2
            switch did {
            case .commented: return trn("%1$s, %2$s and %3$d other commented", "%1$s, %2$s and %3$d others commented", shown, first, second, shown)
            case .mentioned: return trn("%1$s, %2$s and %3$d other mentioned you", "%1$s, %2$s and %3$d others mentioned you", shown, first, second, shown)
            case .followed: return trn("%1$s, %2$s and %3$d other followed you", "%1$s, %2$s and %3$d others followed you", shown, first, second, shown)
            }
        case (nil, _, .commented): return tr("%s and others commented", first)
        case (nil, _, .mentioned): return tr("%s and others mentioned you", first)
        case (nil, _, .followed): return tr("%s and others followed you", first)
        case (let second?, nil, .commented): return tr("%1$s, %2$s and others commented", first, second)
        case (let second?, nil, .mentioned): return tr("%1$s, %2$s and others mentioned you", first, second)
        case (let second?, nil, .followed): return tr("%1$s, %2$s and others followed you", first, second)
        }
    }
}
