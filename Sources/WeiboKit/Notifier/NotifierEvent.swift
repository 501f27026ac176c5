public import FoundationEssentials

/// Something that happened, told to a `Notifier`: a timer, an answer from Weibo, the user, the
/// notification server, the session. Each carries the time it happened where the decision
/// depends on it, so the core never reads a clock.
public enum NotifierEvent: Equatable, Sendable {
    /// The notifier starts with the saved state (the shell loaded it) and the login it found.
    case started(UnreadState, login: Login, at: Date)
    /// The login changed (a new login, a logout, the account file edited).
    case loginChanged(Login, at: Date)
    /// The settings were read again (SIGHUP). `sourceChanged`: the API address changed, so the
    /// counts known are another server's.
    case settingsChanged(NotifierSettings, sourceChanged: Bool, at: Date)

    /// The poll timer fired.
    case pollTimerFired(at: Date)
    /// Check now: the user asked (`CheckNow`, the tray's middle click), or the session says the
    /// counts may be stale (the network came back, the machine woke up).
    case checkRequested(at: Date)
    case pollSucceeded(UnreadCounts, at: Date)
    case pollFailed(PollFailure, at: Date)
    /// After a rate-limit answer: seconds until Weibo's reset, when it said.
    case rateLimitResetKnown(seconds: Int?, at: Date)

    /// Check once more, then count everything up to that check as seen (`Refresh`). The shell
    /// answers the caller when the request finishes (`NotifierEffect.finishRequest`).
    case refreshRequested(RequestID, at: Date)
    /// Count everything known as seen, without a check (`MarkRead`, the bubble's button).
    case markReadRequested
    /// Show the newest posts (a click on the bubble, the tray, `ShowSummary`).
    case summaryRequested
    case summaryFetched([Status], at: Date)
    case summaryFailed(String)

    /// A button of a bubble, or the bubble itself (`default`), by its key.
    case actionInvoked(String, at: Date)
    /// The notification server took the unread bubble and gave it this id.
    case bubbleShown(id: UInt32)
    /// No notification server took the unread bubble.
    case bubbleNotShown
    /// The unread bubble went away, and why.
    case bubbleClosed(BubbleCloseReason)

    /// No bubbles for `seconds` (0 resumes); the counts keep updating.
    case pauseRequested(seconds: Int, at: Date)
    case resumeRequested(at: Date)
    /// The quiet-end timer fired (quiet hours or a pause may be over).
    case quietTimerFired(at: Date)
}

/// A login as the core sees it: when it ends, or why there is none. The token stays with the shell.
public enum Login: Equatable, Sendable {
    case valid(expiresAt: Date)
    /// No usable login (none saved, unreadable, refused): the words say why.
    case missing(reason: String)
}

/// Why a poll failed, sorted by what the notifier does about it.
public struct PollFailure: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Weibo refused the token: no polling until a new login.
        case loginRejected
        /// Weibo's rate limit: wait for its reset.
        case rateLimited
        /// Weibo refused the request itself (a client bug, the wrong user): back off, loudly.
        case refused
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
}

/// Names a caller waiting for an answer (a D-Bus method invocation held by the shell).
public struct RequestID: Hashable, Sendable {
    public var value: UInt64
    public init(_ value: UInt64) { self.value = value }
}
