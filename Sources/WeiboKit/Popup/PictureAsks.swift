/// Which of the popup's pictures to ask the daemon for: each address once, and one that could
/// not be had (offline, a timeout) again when a row is drawn `retryAfter` seconds later, since
/// the network may be back; the popup draws its rows again then (`nextRetry`), so an open popup
/// nobody scrolls gets it too (`PictureAsksTests`). A picture that came but cannot be shown (too
/// large, not a picture) is not asked for again.
public struct PictureAsks: Sendable {
    public static let retryAfter: Double = 30
    private var asked: Set<String> = []
    private var failed: [String: Timestamp] = [:]

    public init() {}

    /// Whether to ask for `url` now; if so, it counts as asked.
    public mutating func ask(_ url: String, at now: Timestamp) -> Bool {
        if let when = failed[url], now.seconds(since: when) >= Self.retryAfter {
            failed[url] = nil
            asked.remove(url)
        }
        return asked.insert(url).inserted
    }

    /// The daemon could not have `url` at `now`.
    public mutating func failed(_ url: String, at now: Timestamp) {
        failed[url] = now
    }

    /// Seconds from `now` until the next picture that could not be had may be asked for again;
    /// nil when none waits for its time (one whose time came and whose row was not drawn since
    /// is asked for at its next draw, and sets no time of its own).
    public func nextRetry(at now: Timestamp) -> Double? {
        failed.values.map { Self.retryAfter - now.seconds(since: $0) }.filter { $0 > 0 }.min()
    }
}
