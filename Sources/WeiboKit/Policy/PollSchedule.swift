/// When to poll next, after success or failure: the daemon's timing rules, pure.
public struct PollSchedule: Equatable, Sendable {
    /// Seconds between polls when all is well.
    public var interval: Int
    /// Failures in a row of the retry-with-backoff kind.
    public private(set) var consecutiveFailures = 0

    public init(interval: Int) {
        self.interval = interval
    }

    /// The first backoff step and the cap: 60 s, 120 s, 240 s … 15 min.
    public static let firstBackoff = 60
    public static let maximumBackoff = 900
    /// Seconds to wait after `failures` failures in a row (at least one).
    public static func backoff(afterFailures failures: Int) -> Int {
        doubling(firstBackoff, times: failures, upTo: maximumBackoff)
    }

    /// `first`, doubled for each of `times` after the first, at most `cap`.
    private static func doubling(_ first: Int, times: Int, upTo cap: Int) -> Int {
        min(first << min(max(times - 1, 0), 10), cap)
    }

    /// While the login waits for the keyring, the seconds until it is read again after `looks`
    /// reads that found it waiting (at least one): 5 s, 10 s, 20 s … then the interval. A
    /// keyring slow to answer as the session starts is read again soon; one left locked, once
    /// an interval (its unlock is followed on the bus besides).
    public static func keyringLook(after looks: Int, interval: Int) -> Int {
        doubling(firstKeyringLook, times: looks, upTo: max(interval, firstKeyringLook))
    }

    public static let firstKeyringLook = 5

    /// How long to wait after a rate-limit answer with no reset time.
    public static let rateLimitWait = 3600

    /// What happened at the last poll.
    public enum Outcome: Equatable, Sendable {
        case success
        /// Network, timeout, server fault, malformed answer: retry with backoff.
        case transientFailure
        /// Rate limited; the reset in seconds when known.
        case rateLimited(resetIn: Int?)
        /// The login is no longer valid: no polling until it changes.
        case loginExpired
    }

    /// Seconds until the next poll, or `nil` for "not until something changes".
    public mutating func next(after outcome: Outcome) -> Int? {
        switch outcome {
        case .success:
            consecutiveFailures = 0
            return interval
        case .transientFailure:
            consecutiveFailures += 1
            return Self.backoff(afterFailures: consecutiveFailures)
        case .rateLimited(let resetIn):
            return max(resetIn ?? Self.rateLimitWait, interval)
        case .loginExpired:
            return nil
        }
    }

    /// Polling starts afresh (network back, resume, new login): no backoff left.
    public mutating func reset() {
        consecutiveFailures = 0
    }

    /// How much later than planned, by the wall clock, a tick may come before it counts as a
    /// jump: GLib's timers run on the monotonic clock, which stands still while the machine sleeps.
    public static let clockJumpSlack = 30

    /// At a tick: whether it came so much later than planned that the machine must have slept
    /// (or its clock was set), which is a resume where logind cannot say so. Polling then starts
    /// afresh, as after `reset()`.
    public mutating func noticeClockJump(planned: Timestamp, now: Timestamp) -> Bool {
        guard now.seconds(since: planned) > Double(Self.clockJumpSlack) else { return false }
        reset()
        return true
    }
}
