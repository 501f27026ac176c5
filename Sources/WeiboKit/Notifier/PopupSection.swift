/// What the daemon holds for one of the popup's sections, for the login it was fetched with:
/// the items, how many of the newest they answer for, the fetch under way, and when the section
/// may be fetched again after a failure (the checks' backoff: a minute, doubling to 15). A new login starts with none (`Notifier+Popup`).
struct PopupSection: Sendable {
    /// The newest `answersFor` items (or all there were) in the minute after their fetch; the
    /// first page after that minute.
    var items = PopupItems()
    var answersFor = 0
    /// The list ended within `answersFor` (a short page): asking for more fetches nothing.
    var ended = false
    /// The fetch under way, and the most any request waiting for it asked for.
    var fetching: PopupFetch?
    var wanted = 0
    /// Fetches that failed in a row, the last one's failure, and when the next may go.
    var failures = 0
    var lastFailure: PollFailure?
    var retryAt: Timestamp?

    /// A check found news of the section since the items were fetched.
    var isStale = false

    /// Whether the items were fetched within `interval` of `now`, and no news came since.
    func isFresh(at now: Timestamp, interval: Double) -> Bool {
        guard !isStale, let fetchedAt = items.fetchedAt else { return false }
        return fetchedAt <= now && now.seconds(since: fetchedAt) < interval
    }

    /// The oldest status and comment held: where "Load more" goes on from.
    var oldest: PopupFetch.Oldest {
        PopupFetch.Oldest(statuses: items.statuses.last.map(\.id), comments: items.comments.last.map(\.id))
    }

    /// After their minute, more than a page is not kept (500 statuses are megabytes): a popup
    /// opening again shows the first page, and "Load more" fetches again.
    mutating func trim() {
        guard items.statuses.count > PopupItems.pageSize || items.comments.count > PopupItems.pageSize else { return }
        items = items.prefix(PopupItems.pageSize)
        answersFor = PopupItems.pageSize
        ended = false
    }
}
