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
    mutating func itemsRequested(_ kind: PopupSectionKind, count: Int, at now: Timestamp) {
        let count = min(max(count, 1), PopupItems.maximumCount)
        guard login?.isUsable == true else {
            // Nothing of a login that is gone: the words only.
            let failure = PollFailure(.loginRejected, presenter.localizer.text(phase == .notLoggedIn ? .notLoggedInOnDesktop : .loginExpiredOnDesktop))
            return answerItems(kind, PopupItems().with(failure))
        }
        if !networkAvailable, settings.needsNetwork {
            // Offline: what is held, and why it is old; no request leaves.
            return answerItems(kind, popup.held(kind).with(PollFailure(.transient, presenter.localizer.text(.offline))))
        }
        switch popup.request(kind, count: count, at: now) {
        case .answer(let items): answerItems(kind, items)
        case .join: break
        case .fetch(let count, let olderThan, let wanted): startPopupFetch(kind, count: count, olderThan: olderThan, wanted: wanted, at: now)
        }
    }

    /// Starts fetching `count` items of `kind` (older than `olderThan`, when given), within the
    /// day's detail calls for comments and mentions; the requests that wait ask for `wanted`.
    private mutating func startPopupFetch(_ kind: PopupSectionKind, count: Int, olderThan: PopupFetch.Oldest?, wanted: Int, at now: Timestamp) {
        let requests = kind.requests(toFetch: count)
        if kind.spendsDetailCalls {
            guard state.detailCalls.spent(on: now) + requests <= settings.detailCallsPerDay else {
                noteDetails(presenter.localizer.text(.budgetSpent))
                return answerItems(kind, popup.held(kind).with(PollFailure(.budgetSpent, presenter.localizer.text(.budgetSpent))))
            }
            state.detailCalls.spend(requests, on: now)
        }
        emit(.fetchPopupItems(popup.start(kind, count: count, olderThan: olderThan, wanted: wanted, requests: requests)))
    }

    mutating func popupItemsArrived(_ fetch: PopupFetch, _ items: PopupItems?, failure: PollFailure?, requests: Int, at now: Timestamp) {
        if fetch.kind.spendsDetailCalls {
            // Reserved at the start; what was not spent is given back (the same day only).
            state.detailCalls.giveBack(max(0, fetch.requests - requests), on: now)
        }
        guard let answer = popup.arrived(fetch, items, failure: failure, at: now) else {
            return log(.debug, "popup \(fetch.kind.rawValue): an answer for another login's fetch, dropped")
        }
        if let failure = answer.failure {
            log(.message, "popup \(fetch.kind.rawValue): \(failure.message)")
        } else if fetch.kind.statusList == .homeTimeline {
            checks.homeTimelineRead = true
        }
        answerItems(fetch.kind, answer)
    }

    /// A login read anew: nothing held is shown to it; a request that waited for a fetch of the
    /// old login is asked again (fetched with the new one, or answered with why there is none).
    mutating func popupLoginChanged(at now: Timestamp) {
        for (kind, wanted) in popup.forgetAll() { itemsRequested(kind, count: wanted, at: now) }
    }

    private mutating func answerItems(_ kind: PopupSectionKind, _ items: PopupItems) {
        emit(.answerPopupItems(kind, items))
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
        return fetchedAt.adding(PopupFetches.refetchInterval + 1)
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
