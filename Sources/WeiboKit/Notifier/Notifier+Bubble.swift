import FoundationEssentials

/// The unread bubble: shown, replaced, held back while quiet, closed, clicked.
extension Notifier {
    /// Carries out the policy's decision. Showing waits while it is quiet (one catch-up bubble
    /// afterwards); closing never waits.
    mutating func apply(_ newState: UnreadState, _ decision: UnreadPolicy.Decision, at now: Date) {
        let before = state
        state = newState
        switch decision {
        case .show(let unread), .update(let unread):
            if isQuiet(at: now) {
                // What is on screen (if anything) stays as it was, so that it can still close.
                state.shown = before.shown
                state.heldBack = true
                scheduleQuietEnd(at: now)
            } else {
                effects.append(.showUnread(presenter.unreadBubble(unread), replacing: state.bubbleID))
            }
        case .close:
            effects.append(.closeUnread(id: before.bubbleID))
            state.bubbleID = nil
            state.heldBack = false
        case .nothing:
            break
        }
    }

    /// Everything known counts as seen; the bubble closes.
    mutating func markRead() {
        let (refreshed, decision) = settings.policy.refresh(state)
        let id = state.bubbleID
        state = refreshed
        state.heldBack = false
        if decision == .close || id != nil {
            effects.append(.closeUnread(id: id))
            state.bubbleID = nil
        }
    }

    mutating func actionInvoked(_ key: String) {
        switch key {
        case Bubble.Action.clickKey: summaryRequested()
        case Bubble.Action.markReadKey: markRead()
        case Bubble.Action.openWeiboKey: effects.append(.open(url: "https://weibo.com"))
        default: log(.debug, "unknown action \(key)")
        }
    }

    /// Fetches the newest posts, once at a time: further requests while one is under way wait for it.
    mutating func summaryRequested() {
        guard case .valid = login, phase != .loginExpired else {
            effects.append(.showTransient(presenter.notice(.loginExpired)))
            return
        }
        guard !summaryInFlight else { return }
        summaryInFlight = true
        effects.append(.fetchSummary(count: min(max(unread.status, 1), 20)))
    }

    /// The summary, then everything counts as seen.
    mutating func summaryFetched(_ statuses: [Status], at now: Date) {
        summaryInFlight = false
        effects.append(
            .showTransient(
                presenter.summaryBubble(
                    statuses, now: now, zone: zone, width: settings.summaryWidth, lines: settings.summaryLines)))
        markRead()
    }

    /// A short error bubble; nothing is marked as seen.
    mutating func summaryFailed(_ reason: String) {
        summaryInFlight = false
        log(.message, "summary: \(reason)")
        effects.append(.showTransient(presenter.notice(.summaryFailed(reason))))
    }

    /// The bubble went away without a refresh: dismissed (or expired) until a counter rises.
    mutating func bubbleClosed(_ reason: BubbleCloseReason) {
        // Closed by us (refresh, zero, pause): the state already says so.
        guard reason != .closedByProgram else { return }
        if state.shown != nil { state = settings.policy.bubbleClosed(state) }
        state.bubbleID = nil
    }

    // MARK: - Quiet hours and pause

    /// No bubbles for `seconds` (at most a week; 0 resumes). The open bubble closes and what it
    /// showed is summed up when the pause ends.
    mutating func pause(seconds: Int, at now: Date) {
        let seconds = min(max(seconds, 0), NotifierSettings.maximumPause)
        guard seconds > 0 else {
            state.pausedUntil = nil
            quietEnded(at: now)
            return
        }
        state.pausedUntil = now.addingTimeInterval(TimeInterval(seconds))
        if state.shown != nil || state.bubbleID != nil {
            effects.append(.closeUnread(id: state.bubbleID))
            state.shown = nil
            state.bubbleID = nil
            state.heldBack = true
        }
        scheduleQuietEnd(at: now)
    }

    /// Plans the quiet-end timer for when the pause and the quiet hours are both over.
    mutating func scheduleQuietEnd(at now: Date) {
        guard isQuiet(at: now) else {
            if quietEndAt != nil {
                quietEndAt = nil
                effects.append(.scheduleQuietEnd(at: nil))
            }
            return
        }
        var end = state.pausedUntil.map { max($0, now) } ?? now
        if let quiet = settings.quietHours { end = quiet.end(after: end, zone: zone) }
        end = max(end, now.addingTimeInterval(1))
        guard end != quietEndAt else { return }
        quietEndAt = end
        effects.append(.scheduleQuietEnd(at: end))
    }

    /// The quiet may be over: the catch-up bubble, if anything was held back and is still unread.
    mutating func quietEnded(at now: Date) {
        if isQuiet(at: now) {
            scheduleQuietEnd(at: now)
            return
        }
        state.pausedUntil = nil
        scheduleQuietEnd(at: now)
        guard state.heldBack else { return }
        state.heldBack = false
        let unread = self.unread
        guard settings.policy.notify.contains(where: { unread[$0] > 0 }) else { return }
        effects.append(.showUnread(presenter.catchUpBubble(unread), replacing: state.bubbleID))
        state.shown = unread
        state.dismissed = nil
    }
}
