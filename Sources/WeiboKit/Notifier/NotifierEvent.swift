/// Something that happened, told to a `Notifier`: a timer, an answer from Weibo, the user, the
/// notification server, the session. Each carries the time it happened, so the core never
/// reads a clock (and never mistakes a missing time for 1970: a day's budget of calls).
public enum NotifierEvent: Equatable, Sendable {
    /// The notifier starts with the saved state (the shell loaded it) and the login it found.
    case started(UnreadState, login: Login, at: Timestamp)
    /// The login changed (a new login, a logout, the account file edited).
    case loginChanged(Login, at: Timestamp)
    /// The settings were read again (SIGHUP). `sourceChanged`: the API address changed, so the
    /// counts known are another server's.
    case settingsChanged(NotifierSettings, sourceChanged: Bool, at: Timestamp)

    /// The poll timer fired.
    case pollTimerFired(at: Timestamp)
    /// Check now: the user asked (`CheckNow`, the tray's middle click), or the session says the
    /// counts may be stale (the network came back, the machine woke up).
    case checkRequested(at: Timestamp)
    case pollSucceeded(UnreadCounts, at: Timestamp)
    case pollFailed(PollFailure, at: Timestamp)
    /// After a rate-limit answer: seconds until Weibo's reset, when it said.
    case rateLimitResetKnown(seconds: Int?, at: Timestamp)

    /// Check once more, then count everything up to that check as seen (`Refresh`). The shell
    /// answers the caller when the request finishes (`NotifierEffect.finishRequest`).
    case refreshRequested(RequestID, at: Timestamp)
    /// Count what a kind of bubble tells as seen (nil: everything), without a check
    /// (`MarkRead`, a bubble's button).
    case markReadRequested(BubbleKind?, at: Timestamp)
    /// Show what a kind of bubble tells: the newest posts (a click, the tray, `ShowSummary`),
    /// the new comments or mentions (`ShowComments`, `ShowMentions`).
    case summaryRequested(BubbleKind, at: Timestamp)
    /// The newest posts for the summary arrived, or could not be fetched.
    case summaryFetched([Status], at: Timestamp)
    case summaryFailed(String, at: Timestamp)
    /// The newest followers' names arrived (newest first), or could not be fetched.
    case followersFetched([String], at: Timestamp)
    case followersFailed(PollFailure, at: Timestamp)
    /// The items behind a rising counter arrived, or could not be fetched.
    case detailsFetched(DetailSource, [DetailItem], at: Timestamp)
    case detailsFailed(DetailSource, PollFailure, at: Timestamp)
    /// The popup asks for a section's items (`GetItems`): at most `count` of them.
    case itemsRequested(PopupSectionKind, count: Int, at: Timestamp)
    /// The popup could not start (not installed, no display): the summary bubble instead.
    case popupUnavailable(PopupSectionKind, at: Timestamp)
    /// A popup fetch's items arrived, or could not, after `requests` requests to the API.
    case popupItemsFetched(PopupFetch, PopupItems, requests: Int, at: Timestamp)
    case popupItemsFailed(PopupFetch, PollFailure, requests: Int, at: Timestamp)

    /// A button of a bubble, or the bubble itself (`default`), by its key.
    case actionInvoked(BubbleAction, kind: BubbleKind, at: Timestamp)
    /// Text typed into a bubble's inline reply.
    case replyTyped(String, kind: BubbleKind, at: Timestamp)
    /// A reply reached Weibo, or could not be sent (`maybeSent` when it may have arrived all the
    /// same: no answer came); then whether it could be kept to be sent later.
    /// A reply typed in the popup, to a comment or a post it lists: sent as a bubble's reply.
    case replyRequested(ReplyRequest, at: Timestamp)
    case replySent(ReplyRequest, at: Timestamp)
    case replyNotSent(ReplyRequest, PollFailure, at: Timestamp)
    case replyFailed(ReplyRequest, PollFailure, saved: Bool, at: Timestamp)
    /// The notification server now running (its bus's id and its unique name), or none.
    case notificationServerChanged(String?, at: Timestamp)
    /// The notification server took a bubble and gave it this id.
    case bubbleShown(BubbleKind, id: UInt32, at: Timestamp)
    /// No notification server took the bubble.
    case bubbleNotShown(BubbleKind, at: Timestamp)
    /// A bubble went away, and why.
    case bubbleClosed(BubbleKind, BubbleCloseReason, at: Timestamp)

    /// No bubbles for `seconds` (0 resumes); the counts keep updating.
    case pauseRequested(seconds: Int, at: Timestamp)
    case resumeRequested(at: Timestamp)
    /// The quiet-end timer fired (quiet hours or a pause may be over).
    case quietTimerFired(at: Timestamp)
    /// The desktop's do-not-disturb went on or off. `keepsList`: the server hides the banners
    /// but keeps the bubbles in its list (GNOME's), where they are better than a sum later.
    case doNotDisturbChanged(Bool, keepsList: Bool = false, at: Timestamp)
    /// The network monitor's availability changed; coming back checks at once.
    case networkChanged(Bool, at: Timestamp)
}

extension NotifierEvent {
    /// Whether the event acts on the account's state, and so waits for `started`. What the
    /// session says (settings, the notification server, do-not-disturb, the network) applies
    /// at once.
    var waitsForTheState: Bool {
        switch self {
        case .started, .settingsChanged, .notificationServerChanged, .doNotDisturbChanged, .networkChanged: false
        default: true
        }
    }
}

/// A login as the core sees it: when it ends, or why there is none. The token stays with the shell.
public enum Login: Equatable, Sendable {
    case valid(expiresAt: Timestamp)
    /// No login saved: never logged in, or logged out. Not an error.
    case none
    /// A login that cannot be used (unreadable, refused): the words say why.
    case missing(reason: String)
    /// The token is in the keyring, which did not answer (locked): no error, checks wait.
    case waitingForKeyring
    /// The token is in the keyring, and none runs in this session (no Secret Service on the
    /// bus): checks wait for one to start, and the words say so (no "unlock").
    case noKeyring

    /// A login to check with.
    var isUsable: Bool {
        if case .valid = self { return true }
        return false
    }

    var isMissing: Bool {
        if case .missing = self { return true }
        return false
    }
}

/// Why a poll failed, sorted by what the notifier does about it.
public struct PollFailure: Equatable, Sendable {
    /// Named on D-Bus (`GetStatus`'s `last-error-kind`) by the raw value, so that a client
    /// words it in its own language.
    public enum Kind: String, Equatable, Sendable {
        /// Weibo refused the token: no polling until a new login.
        case loginRejected = "login-rejected"
        /// Weibo's rate limit: wait for its reset.
        case rateLimited = "rate-limited"
        /// Weibo refused the request itself (a client bug, the wrong user): back off, loudly.
        case refused
        /// The notifier's own budget of detail calls for the day is spent: comments and
        /// mentions wait for the next day.
        case budgetSpent = "budget-spent"
        /// This app key may not call the API (10014): fall back, say so once.
        case noPermission = "no-permission"
        /// Network, timeout, server fault, malformed answer: back off.
        case transient
    }

    public var kind: Kind
    /// What went wrong, for `GetStatus` and the log (never holds the token).
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// Weibo's refusal `error`, sorted by what the notifier does about it: a rejected token
    /// waits for a new login, a missing permission (10014) falls back, the rate limit waits for
    /// its reset, the wrong user or a client bug backs off loudly, anything else is passing.
    public init(refusal error: APIError, _ message: String) {
        switch error.kind {
        case .auth: self.init(.loginRejected, message)
        case _ where error.code == 10014: self.init(.noPermission, message)
        case .rateLimit: self.init(.rateLimited, message)
        case .wrongUser, .clientBug: self.init(.refused, message)
        case .other where error.refusesTheRequestItself: self.init(.refused, message)
        case .transient, .other: self.init(.transient, message)
        }
    }
}

/// Names a caller waiting for an answer (a D-Bus method invocation held by the shell).
public struct RequestID: Hashable, Sendable {
    public var value: UInt64
    public init(_ value: UInt64) { self.value = value }
}
