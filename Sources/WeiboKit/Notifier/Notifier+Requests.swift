import FoundationEssentials

/// What the user (or a program on the session bus) asks for: a check, a refresh, a summary.
/// A request made while one is under way joins it; one made less than `settings.requestGap`
/// (10 s) after the last answer gets that answer, the current one: a storm of calls from a local program costs
/// the user's API budget at most one check and one fetch every ten seconds. A check right
/// after a failed one (or with no answer yet) is never held back.
extension Notifier {
    /// A summary bubble shown, kept for the requests right after it.
    struct RecentSummary: Equatable, Sendable {
        var bubble: Bubble
        var at: Date
    }

    mutating func checkRequested(at now: Date) {
        schedule.reset()
        if phase == .waitingForKeyring {
            effects.append(.readLoginAgain)
        } else if pollInFlight {
            // What the asker wants to see may have arrived after this check started.
            checkQueued = phase != .rateLimited
        } else {
            checkSoon(at: now)
        }
    }

    /// Checks now, or, when a check that worked started less than `settings.requestGap` ago, once that
    /// time is up (the planned check comes no later than it would have).
    mutating func checkSoon(at now: Date) {
        guard let due = recentCheckHoldsUntil(now) else { return poll(at: now) }
        guard nextPollAt.map({ $0 > due }) ?? true else { return }
        nextPollAt = due
        effects.append(.schedulePoll(at: due))
    }

    /// When the last check's answer stops being the current one, if it still is at `now`: a
    /// check that worked (the phase is `ok`) started less than `settings.requestGap` ago.
    private func recentCheckHoldsUntil(_ now: Date) -> Date? {
        guard phase == .ok, let last = lastCheckAt else { return nil }
        let until = last.addingTimeInterval(settings.requestGap)
        return now < until ? until : nil
    }

    /// The check asked for during the one that just ended.
    mutating func runQueuedCheck(at now: Date) {
        guard checkQueued else { return }
        checkQueued = false
        checkSoon(at: now)
    }

    mutating func refreshRequested(_ request: RequestID, at now: Date) {
        waitingRefreshes.append(request)
        schedule.reset()
        if !pollInFlight, recentCheckHoldsUntil(now) != nil {
            // The check that just answered is the one a refresh would make.
            markRead(nil)
            return finishRefreshes(failure: nil)
        }
        poll(at: now)
        // No check could start (no login, an expired one, a locked keyring): nothing is
        // marked, since nothing was checked, and the caller hears why.
        if !pollInFlight { finishRefreshes(failure: lastError ?? presenter.localizer.text(.state(phase))) }
    }

    mutating func finishRefreshes(failure: String?) {
        for request in waitingRefreshes { effects.append(.finishRequest(request, failure: failure)) }
        waitingRefreshes = []
    }

    /// Shows a summary bubble, and keeps it for the requests that follow at once.
    mutating func showSummary(_ bubble: Bubble, of kind: BubbleKind, at now: Date) {
        var bubble = bubble
        // A summary asked for again (a click, a popup that cannot open) replaces the last one.
        bubble.replacesTag = "summary-" + Self.summaryKey(kind).rawValue
        recentSummaries[Self.summaryKey(kind)] = RecentSummary(bubble: bubble, at: now)
        effects.append(.showTransient(bubble))
    }

    /// The summary of `kind` shown less than `settings.requestGap` before `now`, if any.
    func recentSummary(_ kind: BubbleKind, at now: Date) -> Bubble? {
        guard let recent = recentSummaries[Self.summaryKey(kind)], now >= recent.at, now < recent.at.addingTimeInterval(settings.requestGap) else {
            return nil
        }
        return recent.bubble
    }

    /// Posts, messages and everything share the posts summary; comments and mentions have their own.
    private static func summaryKey(_ kind: BubbleKind) -> BubbleKind {
        kind == .comments || kind == .mentions ? kind : .posts
    }
}
