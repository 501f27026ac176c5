/// The pictures whose fetch failed lately: asked for again within `retryAfter` seconds (a popup
/// redrawn, scrolled back, opened again), one is answered "none" at once instead of being
/// fetched again from a host that just failed it. At most `capacity` are remembered, the oldest
/// failure forgotten first.
public struct FailedPictures: Sendable {
    public static let retryAfter: Double = 300
    public static let capacity = 512

    private var failedAt: [String: Timestamp] = [:]
    private var order: [String] = []

    public init() {}

    /// Whether `url` failed less than `retryAfter` seconds before `now` (a clock set back
    /// counts as long ago: it is fetched again).
    public func isFresh(_ url: String, at now: Timestamp) -> Bool {
        guard let failed = failedAt[url] else { return false }
        let age = now.secondsSince1970 - failed.secondsSince1970
        return age >= 0 && age < Self.retryAfter
    }

    /// `url` failed at `now`.
    public mutating func failed(_ url: String, at now: Timestamp) {
        if failedAt.updateValue(now, forKey: url) != nil { order.removeAll { $0 == url } }
        order.append(url)
        while order.count > Self.capacity { failedAt[order.removeFirst()] = nil }
    }

    /// `url` came after all: no longer a failure.
    public mutating func succeeded(_ url: String) {
        guard failedAt.removeValue(forKey: url) != nil else { return }
        order.removeAll { $0 == url }
    }

    public var count: Int { failedAt.count }
}
