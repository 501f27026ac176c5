/// Who followed: the API's count of new followers names nobody, so a click on the bubble that
/// counts them (posts, or the one for everything) fetches their names, one call of the day's
/// detail budget, and a passing bubble names them as the comments bubble names its people.
/// Never fetched on a rise: only a click asks.
extension Notifier {
    mutating func askFollowersNames(at now: Timestamp) {
        let new = unread.follower
        guard new > 0, details.followersWanted == nil, settings.preview != .count else { return }
        guard state.detailCalls.spent(on: now) < settings.detailCallsPerDay else {
            return log(.message, "the new followers are not named: today's budget of calls is spent")
        }
        state.detailCalls.spend(on: now)
        details.followersWanted = new
        emit(.fetchFollowers(count: min(new, 20)))
    }

    /// The names came (nil: they could not be had, and the log says why).
    mutating func followersArrived(_ names: [String]?, failure: PollFailure? = nil) {
        guard let wanted = details.followersWanted else { return }
        details.followersWanted = nil
        guard let names, !names.isEmpty else {
            if let failure { log(.message, "followers: \(failure.message)") }
            return
        }
        emit(.showTransient(presenter.followersBubble(names: Array(names.prefix(wanted)), count: wanted)))
    }
}
