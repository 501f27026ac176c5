/// What the notifier is doing, for `GetStatus`, `StateChanged`, the tray and status bars.
public enum NotifierPhase: String, Sendable {
    /// Not checked yet.
    case starting
    /// The last check was answered.
    case ok
    /// The last check failed (network, server, malformed answer).
    case offline
    /// Weibo refused the login: no checks until a new one.
    case loginExpired = "login-expired"
    /// No login saved (never logged in, or logged out): no checks, no error bubble.
    case notLoggedIn = "not-logged-in"
    /// The token is in a keyring that is locked: checks start once it answers.
    case waitingForKeyring = "waiting-for-keyring"
    /// Weibo's rate limit: waiting for its reset.
    case rateLimited = "rate-limited"
}
