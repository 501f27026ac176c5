/// What the user (or a program on the session bus) asks for: a check, a refresh, a summary.
/// A request made while one is under way joins it; one made less than `settings.requestGap`
/// (10 s) after the last answer gets that answer, the current one: a storm of calls from a local program costs
/// the user's API budget at most one check and one fetch every ten seconds. A check right
/// after a failed one (or with no answer yet) is never held back.
extension Notifier {
    mutating func checkRequested(at now: Timestamp) {
        checks.schedule.reset()
        if phase == .waitingForKeyring {
            emit(.readLoginAgain)
        } else if checks.inFlight {
            // What the asker wants to see may have arrived after this check started.
            requests.checkQueued = phase != .rateLimited
        } else {
            checkSoon(at: now)
        }
    }

    /// Checks now, or, when a check that worked started less than `settings.requestGap` ago, once that
    /// time is up (the planned check comes no later than it would have).
    mutating func checkSoon(at now: Timestamp) {
        guard let due = requests.currentUntil(now, checkWorked: phase == .ok, gap: settings.requestGap) else { return poll(at: now) }
        guard checks.nextAt.map({ $0 > due }) ?? true else { return }
        checks.nextAt = due
        emit(.schedulePoll(at: due))
    }

    /// The check asked for during the one that just ended.
    mutating func runQueuedCheck(at now: Timestamp) {
        guard requests.takeQueuedCheck() else { return }
        checkSoon(at: now)
    }

    mutating func refreshRequested(_ request: RequestID, at now: Timestamp) {
        requests.refreshWaits(request)
        checks.schedule.reset()
        if !checks.inFlight, requests.currentUntil(now, checkWorked: phase == .ok, gap: settings.requestGap) != nil {
            // The check that just answered is the one a refresh would make.
            markRead(nil)
            return finishRefreshes(failure: nil)
        }
        poll(at: now)
        // No check could start (no login, an expired one, a locked keyring): nothing is
        // marked, since nothing was checked, and the caller hears why.
        if !checks.inFlight { finishRefreshes(failure: checks.lastError ?? presenter.localizer.text(.state(phase))) }
    }

    mutating func finishRefreshes(failure: String?) {
        for request in requests.takeRefreshes() { emit(.finishRequest(request, failure: failure)) }
    }

    /// Shows a summary bubble, and keeps it for the requests that follow at once.
    mutating func showSummary(_ bubble: Bubble, of kind: BubbleKind, at now: Timestamp) {
        var bubble = bubble
        // A summary asked for again (a click, a popup that cannot open) replaces the last one.
        bubble.replacesTag = "summary-" + RequestLedger.summaryKey(kind).rawValue
        requests.summaryShown(bubble, of: kind, at: now)
        emit(.showTransient(bubble))
    }

    /// The summary of `kind` shown less than `settings.requestGap` before `now`, if any.
    func recentSummary(_ kind: BubbleKind, at now: Timestamp) -> Bubble? {
        requests.recentSummary(kind, at: now, gap: settings.requestGap)
    }
}
