/// The popup's sections: what `GetItems` answers, fetched within the API's limits, whatever
/// calls for them (any program on the session bus may).
///
/// A section is fetched from its newest item at most once a minute; meanwhile a request is
/// answered from what is held, and "Load more" fetches only what is older than the oldest held
/// (up to 500 items, so a minute costs at most the pages of 500 items, however many calls come).
/// After a failure the section waits a minute, doubling up to a quarter of an hour, and
/// requests are answered with what is held and why. Posts are the home timeline (the hourly
/// limit); comments and mentions spend the day's detail calls, charged per request made (a
/// fetch reserves its most and gives back what it did not use). What is held belongs to the
/// login it was fetched with: a login read anew (another account, a logout) starts with nothing.
extension Notifier {
    /// The least time between two fetches of one section from its newest item.
    static let popupRefetchInterval: Double = 60

    mutating func itemsRequested(_ kind: PopupSectionKind, count: Int, at now: Timestamp) {
        let count = min(max(count, 1), PopupItems.maximumCount)
        guard login.isUsable else {
            // Nothing of a login that is gone: the words only.
            let failure = PollFailure(.loginRejected, presenter.localizer.text(phase == .notLoggedIn ? .notLoggedInOnDesktop : .loginExpiredOnDesktop))
            return answerItems(kind, PopupItems().with(failure))
        }
        var section = popupSections[kind] ?? PopupSection()
        defer { popupSections[kind] = section }
        if !networkAvailable, settings.needsNetwork {
            // Offline: what is held, and why it is old; no request leaves.
            return answerItems(kind, section.items.with(PollFailure(.transient, presenter.localizer.text(.offline))))
        }
        if section.fetching != nil {
            section.wanted = max(section.wanted, count)
            return
        }
        let fresh = section.isFresh(at: now, interval: Self.popupRefetchInterval)
        if fresh, count <= section.answersFor || section.ended {
            return answerItems(kind, section.items)
        }
        if let retryAt = section.retryAt, now < retryAt {
            return answerItems(kind, section.items.with(section.lastFailure ?? PollFailure(.transient, "")))
        }
        if fresh {
            // "Load more" within the minute: what is older than the oldest held.
            startPopupFetch(kind, &section, count: count - section.answersFor, olderThan: section.oldest, wanted: count, at: now)
        } else {
            section.trim()
            startPopupFetch(kind, &section, count: count, olderThan: nil, wanted: count, at: now)
        }
    }

    /// Starts fetching `count` items of `kind` (older than `olderThan`, when given), within the
    /// day's detail calls for comments and mentions; the requests that wait ask for `wanted`.
    private mutating func startPopupFetch(
        _ kind: PopupSectionKind, _ section: inout PopupSection, count: Int, olderThan: PopupFetch.Oldest?, wanted: Int, at now: Timestamp
    ) {
        let requests = kind.requests(toFetch: count)
        if kind.spendsDetailCalls {
            guard state.detailCalls.spent(on: now) + requests <= settings.detailCallsPerDay else {
                noteDetails(presenter.localizer.text(.budgetSpent))
                return answerItems(kind, section.items.with(PollFailure(.budgetSpent, presenter.localizer.text(.budgetSpent))))
            }
            state.detailCalls.spend(requests, on: now)
        }
        let fetch = PopupFetch(id: nextPopupFetch, kind: kind, count: count, olderThan: olderThan, requests: requests)
        nextPopupFetch += 1
        section.fetching = fetch
        section.wanted = wanted
        effects.append(.fetchPopupItems(fetch))
    }

    mutating func popupItemsArrived(_ fetch: PopupFetch, _ items: PopupItems?, failure: PollFailure?, requests: Int, at now: Timestamp) {
        if fetch.kind.spendsDetailCalls {
            // Reserved at the start; what was not spent is given back (the same day only).
            state.detailCalls.giveBack(max(0, fetch.requests - requests), on: now)
        }
        guard var section = popupSections[fetch.kind], section.fetching?.id == fetch.id else {
            return log(.debug, "popup \(fetch.kind.rawValue): an answer for another login's fetch, dropped")
        }
        defer { popupSections[fetch.kind] = section }
        section.fetching = nil
        section.wanted = 0
        guard let items, failure == nil else {
            let failure = failure ?? PollFailure(.transient, "")
            log(.message, "popup \(fetch.kind.rawValue): \(failure.message)")
            section.failures += 1
            section.lastFailure = failure
            section.retryAt = now.adding(Double(PollSchedule.backoff(afterFailures: section.failures)))
            return answerItems(fetch.kind, section.items.with(failure))
        }
        section.failures = 0
        section.lastFailure = nil
        section.retryAt = nil
        if fetch.kind.statusList == .homeTimeline { homeTimelineRead = true }
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
        answerItems(fetch.kind, section.items)
    }

    /// A login read anew: nothing held is shown to it; a request that waited for a fetch of the
    /// old login is asked again (fetched with the new one, or answered with why there is none).
    mutating func popupLoginChanged(at now: Timestamp) {
        let waiting = popupSections.compactMap { kind, section in section.fetching.map { _ in (kind, section.wanted) } }
        popupSections = [:]
        for (kind, wanted) in waiting.sorted(by: { $0.0.rawValue < $1.0.rawValue }) { itemsRequested(kind, count: wanted, at: now) }
    }

    /// A check found more of a section's news than the last one: what is held for it is not
    /// the newest any more, and the next request fetches (at most once a check, a minute), so
    /// that an open popup's "new" pill comes with the tab's count, not a minute after it.
    mutating func popupNewsArrived(_ counts: UnreadCounts, previous: UnreadCounts) {
        for kind in PopupSectionKind.allCases where kind.counters.contains(where: { counts[$0] > previous[$0] }) {
            popupSections[kind]?.isStale = true
        }
    }

    /// A check starts: sections past their minute keep their first page only.
    mutating func trimPopupSections(at now: Timestamp) {
        for kind in popupSections.keys where popupSections[kind]?.isFresh(at: now, interval: Self.popupRefetchInterval) == false {
            popupSections[kind]?.trim()
        }
    }

    private mutating func answerItems(_ kind: PopupSectionKind, _ items: PopupItems) {
        effects.append(.answerPopupItems(kind, items))
    }
}

extension PopupItems {
    /// When to ask again, these items having answered a request made at `asked` for news (new
    /// counts): nil when they were fetched since, or when the fetch failed (asking again would
    /// only fetch again, with no minute between); else just after the minute in which the daemon
    /// answers from its last fetch, when it fetches again. (Their time is in whole seconds.)
    public func askAgain(after asked: Timestamp) -> Timestamp? {
        guard failure == nil, let fetchedAt, fetchedAt < Timestamp(secondsSince1970: asked.secondsSince1970.rounded(.down))
        else { return nil }
        return fetchedAt.adding(Notifier.popupRefetchInterval + 1)
    }

    func with(_ failure: PollFailure) -> PopupItems {
        var items = self
        items.failure = failure
        return items
    }

    /// These items and then `older` ones (a "Load more" page), each list without repeats.
    func appending(_ older: PopupItems) -> PopupItems {
        let statusIDs = Set(statuses.map(\.id))
        let commentIDs = Set(comments.map(\.id))
        var items = self
        items.statuses += older.statuses.filter { !statusIDs.contains($0.id) }
        items.comments += older.comments.filter { !commentIDs.contains($0.id) }
        return items
    }
}
