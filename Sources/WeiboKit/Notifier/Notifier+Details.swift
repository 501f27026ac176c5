/// The comments and mentions behind a rising counter, fetched within Weibo's daily budget, and
/// replies typed into a bubble.
extension Notifier {
    /// A first fetch (nothing seen yet) asks for at most this many.
    static let firstFetch = 5

    /// Starts fetching the lists behind `kind`'s counters that rose above `reference`, as far as
    /// the preview level and the day's budget allow.
    mutating func fetchItems(for kind: BubbleKind, rising amounts: UnreadCounts, reference: UnreadCounts?, at now: Timestamp) {
        guard settings.preview != .count else { return }
        let reference = reference ?? UnreadCounts()
        for source in kind.sources where settings.policy.notifying.contains(source.counter) {
            let new = amounts[source.counter] - reference[source.counter]
            if new > 0 { startFetch(source, count: new, at: now) }
        }
    }

    /// Asks for the items of `source` newer than the newest seen, spending one call of the day.
    mutating func startFetch(_ source: DetailSource, count: Int, at now: Timestamp) {
        guard !details.pending.contains(source) else { return }
        guard state.detailCalls.spent(on: now) < settings.detailCallsPerDay else {
            noteDetails(presenter.localizer.text(.budgetSpent))
            return
        }
        state.detailCalls.spend(on: now)
        details.pending.insert(source)
        let since = state.newestSeen[source]
        emit(.fetchDetails(source, sinceID: since, count: since == nil ? Self.firstFetch : min(max(count, 1), 20)))
    }

    func isFetching(_ kind: BubbleKind) -> Bool { details.isFetching(kind) }

    /// Items arrived (or could not): kept newest first, and the bubble or summary that waited
    /// for them is shown, with the counts alone when there are none.
    mutating func detailsArrived(_ source: DetailSource, _ arrived: [DetailItem], failure: PollFailure?, at now: Timestamp) {
        details.pending.remove(source)
        let kind = source.kind
        if let failure {
            switch failure.kind {
            case .noPermission: noteDetails(presenter.localizer.text(.noPermission))
            case .rateLimited, .budgetSpent: noteDetails(presenter.localizer.text(.budgetSpent))
            default: log(.message, "\(source.rawValue): \(failure.message)")
            }
        } else {
            if let newest = arrived.map(\.id).max() { state.newestSeen[source] = max(state.newestSeen[source] ?? 0, newest) }
            details.arrived(arrived, of: kind)
        }
        guard !isFetching(kind) else { return }
        if details.summaryWaiting.remove(kind) != nil {
            if let known = items[kind], !known.isEmpty {
                showItemsSummary(kind, known, at: now)
            } else {
                emit(
                    .showTransient(
                        withFix(presenter.notice(.detailsUnavailable(detailsNote ?? failure?.message ?? presenter.localizer.text(.nothingUnread))), .settings)))
            }
            return
        }
        let target = settings.bubbles == .single ? BubbleKind.all : kind
        if let shown = state[target].shown, !holdsBack(target, shown, at: now) { show(target, shown) }
    }

    /// Says once why texts are missing (the log, `status`, `doctor`); the counts go on.
    mutating func noteDetails(_ reason: String) {
        guard details.noteMissing(reason) else { return }
        log(.message, "comment and mention texts unavailable: \(reason)")
    }

    /// A reply typed into the bubble of `kind`: to its newest item. One that cannot go now (too
    /// long, no budget) is kept for `replies --retry`, and the bubble says so.
    mutating func replyTyped(_ text: String, kind: BubbleKind, at now: Timestamp) {
        let text = text.trimmed(of: " \t\n")
        guard !text.isEmpty else { return }
        guard let item = items[kind]?.first else {
            emit(.showTransient(presenter.notice(.replyFailed(presenter.localizer.text(.nothingUnread)))))
            return
        }
        replyRequested(item.reply(text), at: now)
    }

    /// A reply to send (the popup's, or a bubble's made above): one that cannot go now (no
    /// budget, offline) is kept for `replies --retry`, and a bubble says so. One Weibo would
    /// never take (too long) is not kept: the bubble shows it whole.
    mutating func replyRequested(_ reply: ReplyRequest, at now: Timestamp) {
        let text = reply.text
        guard !text.isEmpty else { return }
        if let refusal = reply.refusal(presenter.localizer) { return refuse(reply, because: refusal) }
        if !networkAvailable, settings.needsNetwork {
            // It could only fail, and would spend one of the day's calls doing so.
            return keep(reply, because: presenter.localizer.text(.offline))
        }
        guard state.detailCalls.spent(on: now) < settings.detailCallsPerDay else {
            return keep(reply, because: presenter.localizer.text(.budgetSpent))
        }
        state.detailCalls.spend(on: now)
        emit(.sendReply(reply))
    }

    /// The bubble says what happened once the shell has tried to keep it (`replyFailed`).
    private mutating func keep(_ reply: ReplyRequest, because reason: String) {
        emit(.keepUnsentReply(reply, reason: reason))
    }

    /// A reply Weibo would refuse however often it went: kept, it would be sent again at every
    /// retry, spending a call each time. Not kept; the bubble (and the popup that sent it)
    /// says why, and shows the text whole, so that what was typed is not lost.
    private mutating func refuse(_ reply: ReplyRequest, because reason: String) {
        let bubble = presenter.notice(.replyNotSent(reason, .refused(reply.text)))
        emit(.showTransient(bubble))
        emit(.answerReply(reply, failure: bubble.body))
    }

    /// Sending failed: nothing typed is lost. Refused for what it is, the reply is not kept
    /// (`refuse`); else it is kept for `replies --retry` (as maybe sent when no answer came)
    /// and the bubble says what happened once the shell tried.
    mutating func replyNotSent(_ reply: ReplyRequest, _ failure: PollFailure) {
        if failure.kind == .refused { return refuse(reply, because: failure.message) }
        keep(reply, because: failure.message)
    }

    /// Not sent: why, and whether it was kept; one that could not be kept either is shown
    /// whole, so that what was typed is not lost.
    mutating func replyFailed(_ reply: ReplyRequest, _ failure: PollFailure, saved: Bool) {
        emit(.showTransient(presenter.notice(.replyNotSent(failure.message, saved ? .saved : .notSaved(reply.text)))))
    }
}
