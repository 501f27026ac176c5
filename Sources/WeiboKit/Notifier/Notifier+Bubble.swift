/// The bubbles: shown, replaced, held back while quiet (a pause, quiet hours, the desktop's
/// do-not-disturb), closed, clicked.
extension Notifier {
    /// The bubbles in use: one per kind, or one for all.
    var kindsInUse: [BubbleKind] { BubbleKind.inUse(settings.bubbles) }

    /// Decides every bubble from the unread amounts now. Showing waits while it is quiet (one
    /// catch-up bubble afterwards), and for the comments and mentions behind a rise; closing
    /// never waits.
    mutating func applyCounts(at now: Timestamp) {
        if bubblesWaitForServer() { return }
        let unread = self.unread
        for kind in BubbleKind.allCases where !kindsInUse.contains(kind) {
            // A bubble of the other mode (the setting changed, or an older state file).
            if let id = state[kind].id { emit(.closeUnread(kind, id: id)) }
            state[kind] = BubbleState()
        }
        for kind in kindsInUse {
            let before = state[kind]
            var (bubble, decision) = settings.policy.decide(unread, counters: kind.counters, bubble: before)
            bubble.id = before.id
            switch decision {
            case .show(let amounts), .update(let amounts):
                if holdsBack(kind, amounts, at: now) {
                    // What is on screen (if anything) stays as it was, so that it can still close;
                    // what was seen before stays seen (the catch-up sums up only what is beyond).
                    bubble.shown = before.shown
                    bubble.dismissed = before.dismissed
                    state.heldBack = true
                    state[kind] = bubble
                    scheduleQuietEnd(at: now)
                    continue
                }
                state[kind] = bubble
                if case .show = decision { fetchItems(for: kind, rising: amounts, reference: before.shown ?? before.dismissed, at: now) }
                if !isFetching(kind) { show(kind, amounts) }
            case .close:
                emit(.closeUnread(kind, id: before.id))
                state[kind] = BubbleState()
            case .nothing:
                state[kind] = bubble
            }
        }
        if !kindsInUse.contains(where: { state[$0].shown != nil }) && !hasUnreadBubbleWords(unread) { state.heldBack = false }
    }

    /// Whether any counter that raises a bubble has something unread.
    func hasUnreadBubbleWords(_ unread: UnreadCounts) -> Bool {
        settings.policy.notifying.contains { unread[$0] > 0 }
    }

    /// Shows (or replaces) the bubble of `kind` with `amounts`, told with the items known.
    mutating func show(_ kind: BubbleKind, _ amounts: UnreadCounts) {
        var bubble = presenter.bubble(kind, unread: amounts, items: items[kind] ?? [], preview: settings.preview, sound: settings.sound)
        // Let through do-not-disturb: urgent, which servers show during it.
        bubble.isUrgent = followsDoNotDisturb
        // Time to type a reply, where the server takes one (KDE gives 5 s unless told).
        if bubble.replyPlaceholder != nil { bubble.replyTimeout = settings.replyBubbles.expireTimeout }
        emit(.showUnread(bubble, kind: kind, replacing: state[kind].id))
    }

    /// What a kind of bubble tells counts as seen (nil or `.all`: everything); its bubble closes
    /// (all of them for everything).
    mutating func markRead(_ kind: BubbleKind?) {
        let everything = kind == nil || kind == .all
        settings.policy.markSeen(everything ? UnreadCounter.allCases : kind?.counters ?? [], state: &state)
        for shown in BubbleKind.allCases where everything || shown == kind {
            let bubble = state[shown]
            if bubble.shown != nil || bubble.id != nil { emit(.closeUnread(shown, id: bubble.id)) }
            state[shown] = BubbleState()
        }
        if everything { state.heldBack = false }
        // What was announced is seen: the next bubble tells only of what comes after.
        for known in BubbleKind.allCases where everything || known == kind { details.forget(known) }
    }

    mutating func actionInvoked(_ action: BubbleAction, kind: BubbleKind, at now: Timestamp) {
        switch action {
        case .click:
            if kind == .messages {
                emit(.open(url: WeiboPages.messages))
                markRead(.messages)
            } else {
                // The popup at that kind's section; the summary bubble only where it cannot start.
                emit(.showPopup(PopupSectionKind(kind)))
                if kind == .posts || kind == .all { askFollowersNames(at: now) }
            }
        case .markRead: markRead(kind)
        case .openWeibo: emit(.open(url: WeiboPages.home))
        case .logIn: emit(.startLogin)
        case .checkNow: checkRequested(at: now)
        // The bubbles that offer it tell of comment and mention texts: their rows are there.
        case .settings: emit(.showSettings(.notifications))
        case .unlockKeyring: emit(.unlockKeyring)
        case .open:
            emit(.open(url: kind == .messages ? WeiboPages.messages : items[kind]?.first?.webURL ?? details.lastOpened[kind] ?? WeiboPages.home))
        // Typed text comes as `replyTyped`; the button alone does nothing.
        case .reply: break
        }
    }

    /// What a kind of bubble tells: the newest posts (fetched), or the comments and mentions
    /// known (fetched first when none are). Further requests while one is under way wait for it.
    mutating func summaryRequested(_ kind: BubbleKind, at now: Timestamp) {
        guard login?.isUsable == true else {
            emit(.showTransient(withFix(presenter.notice(phase == .notLoggedIn ? .notLoggedInOnDesktop : .loginExpiredOnDesktop), .logIn)))
            return
        }
        if let recent = recentSummary(kind, at: now) { return emit(.showTransient(recent)) }
        switch kind {
        case .all, .posts, .messages:
            guard !requests.summaryInFlight else { return }
            requests.summaryInFlight = true
            emit(.fetchSummary(count: min(max(unread.status, 1), 20)))
        case .comments, .mentions:
            if let known = items[kind], !known.isEmpty {
                showItemsSummary(kind, known, at: now)
                return
            }
            guard !details.summaryWaiting.contains(kind) else { return }
            details.summaryWaiting.insert(kind)
            let unread = self.unread
            for source in kind.sources { startFetch(source, count: max(unread[source.counter], 5), at: now) }
            if !isFetching(kind) {
                details.summaryWaiting.remove(kind)
                emit(
                    .showTransient(withFix(presenter.notice(.detailsUnavailable(detailsNote ?? presenter.localizer.text(.nothingUnread))), .settings)))
            }
        }
    }

    /// The posts summary, then the posts count as seen (everything, with one bubble for all).
    mutating func summaryFetched(_ statuses: [Status], at now: Timestamp) {
        requests.summaryInFlight = false
        showSummary(presenter.summaryBubble(statuses, items: settings.summaryItems), of: .posts, at: now)
        markRead(settings.bubbles == .single ? nil : .posts)
        checks.homeTimelineRead = true
    }

    mutating func showItemsSummary(_ kind: BubbleKind, _ shown: [DetailItem], at now: Timestamp) {
        showSummary(presenter.itemsSummary(kind, items: shown, items: settings.summaryItems), of: kind, at: now)
        // The summary's Open goes to the newest of them, after they are marked as seen.
        details.lastOpened[kind] = shown.first?.webURL
        markRead(kind)
    }

    /// A short error bubble; nothing is marked as seen.
    mutating func summaryFailed(_ reason: String) {
        requests.summaryInFlight = false
        log(.message, "summary: \(reason)")
        emit(.showTransient(withFix(presenter.notice(.summaryFailed(reason)), .checkNow)))
    }

    /// A bubble about a problem with the button that mends it: log in (again), check now, or
    /// the settings.
    func withFix(_ bubble: Bubble, _ action: BubbleAction) -> Bubble {
        var bubble = bubble
        switch action {
        case .logIn: bubble.actions = [.init(.logIn, presenter.localizer.text(.logInAgain))]
        case .checkNow: bubble.actions = [.init(.checkNow, presenter.localizer.text(Localizer.TrayPhrase.checkNow))]
        case .settings: bubble.actions = [.init(.settings, presenter.localizer.text(Localizer.TrayPhrase.settingsWindow))]
        case .unlockKeyring: bubble.actions = [.init(.unlockKeyring, presenter.localizer.text(.unlockKeyring))]
        default: bubble.actions = []
        }
        return bubble
    }

    /// The bubble went away without a refresh: dismissed (or expired) until a counter rises,
    /// and forgotten, so that the next one is a new bubble. Whatever the reason: the shell
    /// forgets a bubble before closing it itself, so every close it reports is the server's, and
    /// Plasma reports its own close after a click as "closed by a call" (3). A later bubble
    /// that replaced that closed one went to Plasma's history, not to the screen.
    mutating func bubbleClosed(_ kind: BubbleKind, _ reason: BubbleCloseReason) {
        state[kind] = settings.policy.bubbleClosed(state[kind])
    }

    // MARK: - Quiet hours and pause

    /// No bubbles for `seconds` (at most a week; 0 resumes). Open bubbles close; what they
    /// showed counts as seen, so that only what comes during the pause is summed up when it
    /// ends (nothing, when nothing came).
    mutating func pause(seconds: Int, at now: Timestamp) {
        let seconds = min(max(seconds, 0), NotifierSettings.maximumPause)
        guard seconds > 0 else {
            state.pausedUntil = nil
            quietEnded(at: now)
            return
        }
        state.pausedUntil = now.adding(Double(seconds))
        for kind in BubbleKind.allCases where state[kind].shown != nil || state[kind].id != nil {
            emit(.closeUnread(kind, id: state[kind].id))
            state[kind] = BubbleState(dismissed: state[kind].shown ?? state[kind].dismissed)
        }
        scheduleQuietEnd(at: now)
    }

    /// Plans the quiet-end timer for when the pause and the quiet hours are both over.
    mutating func scheduleQuietEnd(at now: Timestamp) {
        if let effect = quiet.plan(at: now, pausedUntil: state.pausedUntil, hours: settings.quietHours) { emit(effect) }
    }

    /// The quiet may be over: the catch-up bubble, if anything was held back and is still unread.
    mutating func quietEnded(at now: Timestamp) {
        if isQuiet(at: now) {
            scheduleQuietEnd(at: now)
            return
        }
        state.pausedUntil = nil
        scheduleQuietEnd(at: now)
        guard state.heldBack, !followsDoNotDisturb else { return }
        state.heldBack = false
        let unread = self.unread
        // What came while it was quiet: beyond what a bubble showed before (closed by a pause).
        var news = unread
        for kind in kindsInUse {
            guard let seen = state[kind].dismissed else { continue }
            for counter in kind.counters { news[counter] = max(0, unread[counter] - seen[counter]) }
        }
        guard hasUnreadBubbleWords(news) else { return }
        // One bubble sums up, in the place of the first kind with news; the other kinds count
        // as shown by it, so that only what arrives later raises them again.
        let withNews = kindsInUse.filter { $0.counters.contains { settings.policy.notifying.contains($0) && news[$0] > 0 } }
        guard let first = withNews.first else { return }
        emit(.showUnread(presenter.catchUpBubble(news), kind: first, replacing: state[first].id))
        for kind in withNews { state[kind] = BubbleState(shown: unread, id: state[kind].id) }
    }
}

extension Notifier {
    /// The bubble a show of `kind` replaces when it goes out later than asked (its avatar came
    /// first): the one the server named meanwhile (the answer to an earlier show of the kind),
    /// else the one the show asked to replace.
    public func bubbleToReplace(_ kind: BubbleKind, asked: UInt32?) -> UInt32? {
        state[kind].id ?? asked
    }
}
