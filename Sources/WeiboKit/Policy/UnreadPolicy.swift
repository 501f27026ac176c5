/// Decides what the desktop shows after each poll: pure, so that every rule is a unit test.
///
/// Unread means "above the baseline", per watched counter, so that a refresh clears the display
/// even though the server keeps counting (ordinary apps may not reset Weibo's counters).
public struct UnreadPolicy: Equatable, Sendable {
    /// Listed counters that raise a bubble (`notify`).
    public var notify: [UnreadCounter]
    /// Listed counters that are only counted: tray, badge, status bar (`count_only`).
    public var countOnly: [UnreadCounter]
    /// What strangers' private messages (`msgbox`) do (`strangers_messages`).
    public var strangersMessages: CounterMode = SettingsTable.shared.strangersMessages.defaultValue
    /// What likes (`attitude`) do, when Weibo gives them (`likes`).
    public var likes: CounterMode = SettingsTable.shared.likes.defaultValue

    public init(notify: [UnreadCounter] = SettingsTable.shared.notify.defaultValue, countOnly: [UnreadCounter] = SettingsTable.shared.countOnly.defaultValue) {
        self.notify = notify
        self.countOnly = countOnly.filter { !notify.contains($0) }
    }

    /// Every counter that raises a bubble: the listed ones and those whose own setting says so.
    public var notifying: [UnreadCounter] { notify + ownSettings(.notify) }
    /// Every counter only counted.
    public var counting: [UnreadCounter] { countOnly + ownSettings(.count) }

    private func ownSettings(_ mode: CounterMode) -> [UnreadCounter] {
        [(UnreadCounter.msgbox, strangersMessages), (.attitude, likes)].filter { $0.1 == mode }.map(\.0)
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
        for counter in notifying + counting where counts.carries(counter) {
            unread[counter] = max(0, counts[counter] - baseline[counter])
        }
        return unread
    }

    /// The sum of the watched counters' unread amounts: the number on the tray, badge and bar.
    public func total(_ unread: UnreadCounts) -> Int {
        (notifying + counting).reduce(0) { $0 + unread[$1] }
    }

    /// A poll answered `counts` at `now`: the counts are recorded, and the baseline follows the
    /// server down where it reset a counter itself (reading the timeline resets `status`), so
    /// that what arrives next counts again, however much a bubble showed before.
    public func observe(_ counts: UnreadCounts, at now: Timestamp, state: inout UnreadState) {
        for counter in UnreadCounter.allCases where counts[counter] < state.baseline[counter] {
            state.restart(counter, at: counts[counter])
        }
        state.lastCounts = counts
        state.lastSuccessfulPoll = now
    }

    /// What to do with the bubble that shows `counters` (those of them that raise bubbles), the
    /// unread amounts being `unread`: show when one rose above what the bubble shows (or what
    /// was dismissed), update quietly when they changed without rising, close at zero.
    public func decide(_ unread: UnreadCounts, counters: [UnreadCounter], bubble: BubbleState) -> (BubbleState, Decision) {
        let watched = counters.filter(notifying.contains)
        var bubble = bubble
        if !watched.contains(where: { unread[$0] > 0 }) {
            bubble.dismissed = nil
            if bubble.shown != nil {
                bubble.shown = nil
                return (bubble, .close)
            }
            return (bubble, .nothing)
        }
        let reference = bubble.shown ?? bubble.dismissed ?? UnreadCounts()
        if watched.contains(where: { unread[$0] > reference[$0] }) {
            bubble.shown = unread
            bubble.dismissed = nil
            return (bubble, .show(unread))
        }
        if let shown = bubble.shown, watched.contains(where: { unread[$0] != shown[$0] }) {
            bubble.shown = unread
            return (bubble, .update(unread))
        }
        return (bubble, .nothing)
    }

    /// The counters in `counters` are seen up to the last poll (a refresh, a click, a button).
    public func markSeen(_ counters: [UnreadCounter], state: inout UnreadState) {
        for counter in counters where state.lastCounts.carries(counter) { state.baseline[counter] = state.lastCounts[counter] }
    }

    /// The bubble went away without a refresh (dismissed, or expired): what it showed stays
    /// dismissed until a counter rises above it.
    public func bubbleClosed(_ bubble: BubbleState) -> BubbleState {
        var bubble = bubble
        if let shown = bubble.shown { bubble.dismissed = shown }
        bubble.shown = nil
        bubble.id = nil
        return bubble
    }
}
