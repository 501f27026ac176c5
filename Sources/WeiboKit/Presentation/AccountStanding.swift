/// What the settings window's Account page says of one account, and whether it offers "Log in
/// again…": from its saved login (when it runs out, where its token is) and from what the
/// running notifier says (`GetStatus`), which knows whether Weibo still takes the login. The
/// saved date alone cannot tell a login Weibo rejected (a changed password, a revoked app).
public struct AccountStanding: Equatable, Sendable {
    public enum State: Equatable, Sendable {
        case loggedIn
        /// The login runs out within `soonDays`: "Log in again…" renews it.
        case expiresSoon(days: Int)
        case expiredByDate
        /// The notifier's last check had the login refused (`login-expired`, a login-rejected error).
        case rejected
        /// The notifier cannot reach Weibo: the login is as saved, unchecked.
        case offline
        /// No notifier runs: the login is as saved, unchecked.
        case notRunning
    }

    /// What the running notifier says, for this account.
    public struct Notifier: Equatable, Sendable {
        /// Its state (`GetStatus`'s `state`).
        public var phase: NotifierPhase
        /// Whether that state is this account's (`GetStatus`'s `account`, the uid it reports).
        public var isThisAccount: Bool

        public init(phase: NotifierPhase, isThisAccount: Bool) {
            self.phase = phase
            self.isThisAccount = isThisAccount
        }
    }

    /// "Log in again…" is offered this many days before the end.
    public static let soonDays = 7

    public var state: State
    /// The row's second line: "uid 123 · the login runs out on 2027-01-01 12:00 · its token in the keyring".
    public var words: String
    public var offersLogInAgain: Bool {
        switch state {
        case .expiresSoon, .expiredByDate, .rejected: true
        case .loggedIn, .offline, .notRunning: false
        }
    }

    /// `expiresAt`: nil for a login without an end (a token given by hand).
    public init(
        uid: Int64, expiresAt: Timestamp?, inKeyring: Bool, notifier: Notifier?, now: Timestamp, zone: any TimeZoneRule, localizer: Localizer
    ) {
        let date = expiresAt.map { CivilTime($0, in: zone).dateAndClockText }
        let secondsLeft = expiresAt.map { $0.seconds(since: now) }
        var words = [localizer.tr("uid %s", String(uid))]
        if let expiresAt, let date, expiresAt < now {
            state = .expiredByDate
            words.append(localizer.tr("the login ran out on %s", date))
        } else if let notifier, notifier.isThisAccount, notifier.phase == .loginExpired {
            state = .rejected
            words.append(localizer.tr("Weibo no longer accepts this login"))
        } else {
            if notifier == nil {
                state = .notRunning
            } else if notifier?.phase == .offline {
                state = .offline
            } else if let secondsLeft, secondsLeft < Double(Self.soonDays * 86_400) {
                // Not negative here (ran out is above); a far end is never turned into an Int.
                state = .expiresSoon(days: Int(secondsLeft / 86_400))
            } else {
                state = .loggedIn
            }
            if let date { words.append(localizer.tr("the login runs out on %s", date)) }
            switch state {
            case .notRunning: words.append(localizer.tr("unchecked: the notifier is not running"))
            case .offline: words.append(localizer.tr("unchecked: Weibo cannot be reached"))
            default: break
            }
        }
        words.append(inKeyring ? localizer.tr("its token in the keyring") : localizer.tr("its token in the account file (0600)"))
        self.words = words.joined(separator: " · ")
    }
}
