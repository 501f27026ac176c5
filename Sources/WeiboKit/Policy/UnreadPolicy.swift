public import FoundationEssentials

/// Decides what the desktop shows after each poll: pure, so that every rule is a unit test.
///
/// Unread means "above the baseline", per watched counter, so that a refresh clears the display
/// even though the server keeps counting (ordinary apps may not reset Weibo's counters).
public struct UnreadPolicy: Equatable, Sendable {
    /// Counters that raise a bubble.
    public var notify: [UnreadCounter]
    /// Counters that are only counted (tray, badge, status bar).
    public var countOnly: [UnreadCounter]

    public init(notify: [UnreadCounter] = UnreadCounter.allCases, countOnly: [UnreadCounter] = []) {
        self.notify = notify
        self.countOnly = countOnly.filter { !notify.contains($0) }
    }

    /// What to do with the bubble.
    public enum Decision: Equatable, Sendable {
        /// A counter rose: show (or replace in place) the bubble with these unread amounts.
        case show(UnreadCounts)
        /// The amounts changed without rising: update the open bubble quietly.
        case update(UnreadCounts)
        /// Nothing unread any more: close the bubble.
        case close
        /// Leave things as they are.
        case nothing
    }

    /// The unread amounts of the watched counters at `counts`, with `baseline` as seen.
    public func unread(_ counts: UnreadCounts, baseline: UnreadCounts) -> UnreadCounts {
        var unread = UnreadCounts()
        for counter in notify + countOnly {
            unread[counter] = max(0, counts[counter] - baseline[counter])
        }
        return unread
    }

    /// The sum of the watched counters' unread amounts: the number on the tray, badge and bar.
    public func total(_ unread: UnreadCounts) -> Int {
        (notify + countOnly).reduce(0) { $0 + unread[$1] }
    }

    /// A poll answered `counts` at `now`: the new state and what to do.
    public func poll(_ counts: UnreadCounts, at now: Date, state: UnreadState) -> (UnreadState, Decision) {
        var state = state
        // The server may reset a counter itself (reading the timeline resets `status`): the
        // baseline follows it down, so that what arrives next counts again.
        for counter in UnreadCounter.allCases where counts[counter] < state.baseline[counter] {
            state.baseline[counter] = counts[counter]
        }
        state.lastCounts = counts
        state.lastSuccessfulPoll = now
        let unread = self.unread(counts, baseline: state.baseline)
        let bubbleUnread = notify.reduce(0) { $0 + unread[$1] }

        if bubbleUnread == 0 {
            state.dismissed = nil
            if state.shown != nil {
                state.shown = nil
                return (state, .close)
            }
            return (state, .nothing)
        }
        let reference = state.shown ?? state.dismissed ?? UnreadCounts()
        let rose = notify.contains { unread[$0] > reference[$0] }
        if rose {
            state.shown = unread
            state.dismissed = nil
            return (state, .show(unread))
        }
        if let shown = state.shown, notify.contains(where: { unread[$0] != shown[$0] }) {
            state.shown = unread
            return (state, .update(unread))
        }
        return (state, .nothing)
    }

    /// The user looked at the timeline: everything up to now is seen.
    public func refresh(_ state: UnreadState) -> (UnreadState, Decision) {
        var state = state
        state.baseline = state.lastCounts
        state.dismissed = nil
        let wasShown = state.shown != nil
        state.shown = nil
        return (state, wasShown ? .close : .nothing)
    }

    /// The bubble went away without a refresh (dismissed, or expired).
    public func bubbleClosed(_ state: UnreadState) -> UnreadState {
        var state = state
        if let shown = state.shown { state.dismissed = shown }
        state.shown = nil
        return state
    }
}
