public import FoundationEssentials

/// The popup's sections: what `GetItems` answers, fetched within the API's limits.
///
/// Posts are the home timeline: not a budgeted detail call, but it counts toward the hourly
/// limit, so at most one fetch a minute of the first page (the last one answers meanwhile).
/// Comments and mentions spend the day's detail calls (one list each: comments to me; posts and
/// comments mentioning me; a call for each page of 200), and are fetched again at most once a
/// minute too. A request while a fetch is under way waits for it; one that cannot be fetched is
/// answered with what is known and why.
extension Notifier {
    /// The least time between two fetches of one section.
    static let popupRefetchInterval: TimeInterval = 60

    mutating func itemsRequested(_ kind: BubbleKind, count: Int, at now: Date) {
        let kind = kind.popupSection
        let count = min(max(count, 1), PopupItems.maximumCount)
        let known = popupItems[kind] ?? PopupItems()
        guard login.isUsable else {
            let failure = PollFailure(.loginRejected, presenter.localizer.text(phase == .notLoggedIn ? .notLoggedInOnDesktop : .loginExpiredOnDesktop))
            return answerItems(kind, known.with(failure))
        }
        if popupFetching[kind] != nil {
            popupFetching[kind] = max(popupFetching[kind] ?? 0, count)
            return
        }
        // Fresh enough, and as many as asked for (or all there were).
        if let fetchedAt = known.fetchedAt, now.timeIntervalSince(fetchedAt) < Self.popupRefetchInterval,
            known.failure == nil, count <= popupFetchedCount[kind] ?? 0
        {
            return answerItems(kind, known)
        }
        if kind != .posts {
            // A page of each list (mentions: posts and comments) for each 200 asked.
            let calls = (kind == .mentions ? 2 : 1) * DetailSource.calls(toFetch: count)
            guard state.detailCalls.spent(on: now) + calls <= settings.detailCallsPerDay else {
                noteDetails(presenter.localizer.text(.budgetSpent))
                return answerItems(kind, known.with(PollFailure(.rateLimited, presenter.localizer.text(.budgetSpent))))
            }
            for _ in 0..<calls { state.detailCalls.spend(on: now) }
        }
        popupFetching[kind] = count
        effects.append(.fetchPopupItems(kind, count: count))
    }

    mutating func popupItemsArrived(_ kind: BubbleKind, _ items: PopupItems?, failure: PollFailure?, at now: Date) {
        let kind = kind.popupSection
        let asked = popupFetching.removeValue(forKey: kind) ?? PopupItems.pageSize
        if let items, failure == nil {
            var fresh = items
            fresh.fetchedAt = now
            fresh.failure = nil
            // Answered whole; kept: the first page, which a popup opening again shows, fresh or
            // (offline) stale. "Load more" fetches again: 500 statuses held would be 4 MB.
            popupItems[kind] = fresh.prefix(PopupItems.pageSize)
            popupFetchedCount[kind] = min(asked, PopupItems.pageSize)
            answerItems(kind, fresh)
        } else {
            let failure = failure ?? PollFailure(.transient, "")
            log(.message, "popup \(kind.rawValue): \(failure.message)")
            answerItems(kind, (popupItems[kind] ?? PopupItems()).with(failure))
        }
    }

    private mutating func answerItems(_ kind: BubbleKind, _ items: PopupItems) {
        effects.append(.answerPopupItems(kind, items))
    }
}

extension PopupItems {
    /// When to ask again, these items having answered a request made at `asked` for news (new
    /// counts): nil when they were fetched since, or when the fetch failed (asking again would
    /// only fetch again, with no minute between); else just after the minute in which the daemon
    /// answers from its last fetch, when it fetches again. (Their time is in whole seconds.)
    public func askAgain(after asked: Date) -> Date? {
        guard failure == nil, let fetchedAt, fetchedAt < Date(timeIntervalSince1970: asked.timeIntervalSince1970.rounded(.down))
        else { return nil }
        return fetchedAt.addingTimeInterval(Notifier.popupRefetchInterval + 1)
    }

    func with(_ failure: PollFailure) -> PopupItems {
        var items = self
        items.failure = failure
        return items
    }
}

extension BubbleKind {
    /// The popup's section for a kind: posts, comments or mentions (messages have no text the
    /// API gives; the one bubble for all opens on posts).
    public var popupSection: BubbleKind {
        switch self {
        case .comments: return .comments
        case .mentions: return .mentions
        case .all, .posts, .messages: return .posts
        }
    }
}
