/// How the checks go for one account: the phase while the login is usable, the schedule and
/// its backoff, the check under way and the next one planned, how many ended and failed in a
/// row, the last error and since when checks fail. Its rules: an answer clears the failures,
/// a failure counts (`CheckProgressTests`).
public struct CheckProgress: Equatable, Sendable {
    /// Starting, ok, offline or rate-limited (the login's own states are the notifier's).
    public internal(set) var phase = NotifierPhase.starting
    var schedule: PollSchedule
    /// A check is under way.
    public internal(set) var inFlight = false
    /// When the poll timer fires next; nil when no check is planned.
    public internal(set) var nextAt: Timestamp?
    /// Checks finished since start, answered or failed.
    public internal(set) var completed = 0
    /// Checks that failed in a row; 0 after an answer.
    public internal(set) var failuresInARow = 0
    /// Why the last check failed, while it is the latest news, and its kind.
    public internal(set) var lastError: String?
    public internal(set) var lastErrorKind: PollFailure.Kind?
    /// When checks began to fail (the tray says "offline since").
    public internal(set) var offlineSince: Timestamp?
    /// The notifier read the home timeline since the last check (a summary, the popup's posts):
    /// Weibo may have reset its count of new posts, so a lower one is no sign they were seen.
    var homeTimelineRead = false
    /// Reads of the login in a row that found it waiting for the keyring.
    var keyringLooks = 0

    public init(interval: Int) {
        schedule = PollSchedule(interval: interval)
    }

    /// A check answered: it ended, nothing failed, the phase is ok.
    public mutating func answered() {
        inFlight = false
        failuresInARow = 0
        completed += 1
        phase = .ok
        lastError = nil
        lastErrorKind = nil
        offlineSince = nil
    }

    /// A check failed with `failure`: it ended, and one more failed in a row.
    public mutating func failed(_ failure: PollFailure) {
        inFlight = false
        failuresInARow += 1
        completed += 1
        lastError = failure.message
        lastErrorKind = failure.kind
    }
}
