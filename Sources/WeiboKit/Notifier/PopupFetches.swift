/// The popup's sections held for one login, and the rules for fetching them again: once a
/// minute from the newest item, "Load more" from the oldest, a wait that doubles after each
/// failure, and one fetch at a time per section that answers every request waiting for it.
///
/// `Notifier+Popup` routes the events here and adds what the sections do not know: the login,
/// the network, and the day's detail calls.
struct PopupFetches: Sendable {
    /// The least time between two fetches of one section from its newest item.
    static let refetchInterval: Double = 60

    private(set) var sections: [PopupSectionKind: PopupSection] = [:]
    private var nextID = 1

    /// What a request for a section calls for.
    enum Step: Equatable {
        /// The items held (with why they are old, after a failure).
        case answer(PopupItems)
        /// A fetch is under way: its answer answers this request too.
        case join
        /// `count` items fetched, older than `olderThan` when given (a "Load more" page); the
        /// requests waiting asked for `wanted` in all.
        case fetch(count: Int, olderThan: PopupFetch.Oldest?, wanted: Int)
    }

    /// What a request for `count` items of `kind` calls for at `now`.
    mutating func request(_ kind: PopupSectionKind, count: Int, at now: Timestamp) -> Step {
        var section = sections[kind] ?? PopupSection()
        defer { sections[kind] = section }
        if section.fetching != nil {
            section.wanted = max(section.wanted, count)
            return .join
        }
        let fresh = section.isFresh(at: now, interval: Self.refetchInterval)
        if fresh, count <= section.answersFor || section.ended {
            return .answer(section.items)
        }
        if let retryAt = section.retryAt, now < retryAt {
            return .answer(section.items.with(section.lastFailure ?? PollFailure(.transient, "")))
        }
        if fresh {
            // "Load more" within the minute: what is older than the oldest held.
            return .fetch(count: count - section.answersFor, olderThan: section.oldest, wanted: count)
        }
        section.trim()
        return .fetch(count: count, olderThan: nil, wanted: count)
    }

    /// The items held for `kind` (none before its first fetch).
    func held(_ kind: PopupSectionKind) -> PopupItems {
        sections[kind]?.items ?? PopupItems()
    }

    /// A fetch that `request` called for, now started: its answer is the one `arrived` takes.
    mutating func start(_ kind: PopupSectionKind, count: Int, olderThan: PopupFetch.Oldest?, wanted: Int, requests: Int) -> PopupFetch {
        let fetch = PopupFetch(id: nextID, kind: kind, count: count, olderThan: olderThan, requests: requests)
        nextID += 1
        sections[kind, default: PopupSection()].fetching = fetch
        sections[kind, default: PopupSection()].wanted = wanted
        return fetch
    }

    /// A fetch's answer (`items`, or its `failure`): the items that answer the requests that
    /// waited, or nil when the fetch is not the section's (another login's, since forgotten).
    mutating func arrived(_ fetch: PopupFetch, _ items: PopupItems?, failure: PollFailure?, at now: Timestamp) -> PopupItems? {
        guard var section = sections[fetch.kind], section.fetching?.id == fetch.id else { return nil }
        defer { sections[fetch.kind] = section }
        section.fetching = nil
        section.wanted = 0
        guard let items, failure == nil else {
            let failure = failure ?? PollFailure(.transient, "")
            section.failures += 1
            section.lastFailure = failure
            section.retryAt = now.adding(Double(PollSchedule.backoff(afterFailures: section.failures)))
            return section.items.with(failure)
        }
        section.failures = 0
        section.lastFailure = nil
        section.retryAt = nil
        section.ended = max(items.statuses.count, items.comments.count) < fetch.count
        if fetch.olderThan != nil {
            section.items = section.items.appending(items)
            section.answersFor += fetch.count
        } else {
            section.items = items
            section.items.fetchedAt = now
            section.answersFor = fetch.count
            section.isStale = false
        }
        section.items.failure = nil
        return section.items
    }

    /// A login read anew: everything held is forgotten. Returns the requests that waited for a
    /// fetch (the section and how many items), to be asked again.
    mutating func forgetAll() -> [(kind: PopupSectionKind, wanted: Int)] {
        let waiting = sections.compactMap { kind, section in section.fetching.map { _ in (kind: kind, wanted: section.wanted) } }
        sections = [:]
        return waiting.sorted { $0.kind.rawValue < $1.kind.rawValue }
    }

    /// A check found more of a section's news than the last one: what is held for it is not
    /// the newest any more, and the next request fetches.
    mutating func newsArrived(_ counts: UnreadCounts, previous: UnreadCounts) {
        for kind in PopupSectionKind.allCases where kind.counters.contains(where: { counts[$0] > previous[$0] }) {
            sections[kind]?.isStale = true
        }
    }

    /// Sections past their minute keep their first page only.
    mutating func trim(at now: Timestamp) {
        for kind in sections.keys where sections[kind]?.isFresh(at: now, interval: Self.refetchInterval) == false {
            sections[kind]?.trim()
        }
    }

    /// Weibo refused the home timeline to this app (10014) at the last fetch of the posts.
    var timelineRefused: Bool {
        sections[.posts]?.lastFailure?.kind == .noPermission
    }
}
