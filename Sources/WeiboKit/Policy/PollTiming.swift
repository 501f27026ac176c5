/// The timing rules around the checks that are not the schedule's own (`PollSchedule`): how
/// long a request may take, how far apart the accounts check, which intervals are allowed, how
/// long the first check waits for the desktop's notification server.
public enum PollTiming {
    /// A request always ends well before the next tick: at most 20 s, and a second less than
    /// the interval.
    public static func requestTimeout(interval: Int) -> Int {
        max(1, min(20, interval - 1))
    }

    /// Seconds between the accounts' checks (their first ones, so all of them): a twelfth of
    /// the interval, so that a dozen accounts fit in one.
    public static func stagger(interval: Int) -> Double {
        Double(max(interval, 0)) / 12
    }

    /// Whether `interval` seconds may be asked for: from `Configuration.minimumInterval` to a
    /// day against Weibo, from a second against a sandbox on this machine (tests, the demo).
    public static func allows(interval: Int, sandbox: Bool) -> Bool {
        (sandbox ? 1 : Configuration.minimumInterval) <= interval && interval <= Configuration.maximumInterval
    }

    /// At a session's start the first check waits up to this long for the notification server
    /// (it comes up with the desktop), so that the first bubble is not lost; the demo waits 0.
    public static let notificationServerWait = 30
}

extension AccountGroup {
    /// The account's name in its bubbles' titles: only when several accounts are to be told
    /// apart ("Weibo · 小明"); nil for one.
    public static func bubbleName(_ name: String, accounts: Int) -> String? {
        accounts > 1 ? name : nil
    }
}
