/// The network monitor's word: while it says offline, no check leaves (it could only fail, and
/// a laptop on a train should not spend its battery on retries); the timer goes on at the
/// interval, and the network's return checks at once. A sandbox on this machine needs no
/// network (`NotifierSettings.needsNetwork`).
extension Notifier {
    mutating func networkChanged(_ isAvailable: Bool, at now: Timestamp) {
        let cameBack = isAvailable && !networkAvailable
        surroundings.networkAvailable = isAvailable
        if cameBack {
            checks.schedule.reset()
            poll(at: now)
        }
    }

    /// Whether a request may leave now: the network monitor says online, or the API is on this
    /// machine (a sandbox needs no network). The popup's pictures follow it too.
    public var mayUseNetwork: Bool { surroundings.networkAvailable || !settings.needsNetwork }

    /// Whether the check due now waits for the network: then the state says offline and the
    /// next tick is planned a whole interval on, with no backoff (nothing failed).
    mutating func waitsForTheNetwork(at now: Timestamp) -> Bool {
        guard !mayUseNetwork else { return false }
        checks.phase = .offline
        checks.offlineSince = checks.offlineSince ?? now
        scheduleNext(.success, at: now)
        return true
    }
}
