/// Every decision of the notifier for one account, pure: an event in, effects out.
///
/// It owns the unread policy, the poll schedule and its backoff, quiet hours and pauses,
/// dismissals, refresh and mark-read, the expired-login and rate-limit states, the expiry
/// warning, a bubble no server took, and the catch-up after quiet. It never reads a clock or
/// touches the desktop: the shell (WeiboDesktop's `AccountShell`) carries the effects out and
/// turns what happens back into events. A second account is a second `Notifier`.
public struct Notifier: Sendable {
    /// What survives a restart; saved (a `save` effect) whenever it changed.
    public internal(set) var state = UnreadState()
    /// What the notifier is doing: the login's state while it cannot check (`login` is the one
    /// record of it), else how the checks go (`checkPhase`).
    public var phase: NotifierPhase {
        guard let login else { return checks.phase }
        switch login {
        case .none: return .notLoggedIn
        case .missing: return .loginExpired
        case .waitingForKeyring, .noKeyring: return .waitingForKeyring
        case .valid: return checks.phase
        }
    }
    public internal(set) var settings: NotifierSettings
    /// How the checks go: phase, schedule, the check under way and the next, failures.
    public internal(set) var checks: CheckProgress
    public var lastError: String? { checks.lastError }
    public var lastErrorKind: PollFailure.Kind? { checks.lastErrorKind }
    public var nextPollAt: Timestamp? { checks.nextAt }
    public var completedPolls: Int { checks.completed }
    public var offlineSince: Timestamp? { checks.offlineSince }
    public var failuresInARow: Int { checks.failuresInARow }
    /// The words and looks of every surface.
    public internal(set) var presenter: UnreadPresenter
    /// The user's time zone, for quiet hours and the times in texts.
    public var zone: any TimeZoneRule { quiet.zone }
    /// The pause's and quiet hours' end timer (`QuietClock`).
    var quiet: QuietClock
    /// The comments, mentions and followers' names behind the bubbles.
    public internal(set) var details = DetailFetches()
    /// Why comment and mention texts are not shown now, for `status` and `doctor`.
    public var detailsNote: String? { details.note }
    /// The comments and mentions known, by bubble, newest first.
    public var items: [BubbleKind: [DetailItem]] { details.items }
    /// The login, the network, the desktop's do-not-disturb and the notification server.
    var surroundings = Surroundings()
    /// The desktop's do-not-disturb is on (whether it is followed is a setting).
    public var doNotDisturb: Bool { surroundings.doNotDisturb.isOn }
    /// What the network monitor says.
    public var networkAvailable: Bool { surroundings.networkAvailable }
    /// The login as the shell last read it (`Surroundings.login`).
    var login: Login? { surroundings.login }
    /// What requests asked and were told: a queued check, waiting refreshes, recent summaries,
    /// and the events that wait for the state.
    var requests = RequestLedger()
    /// The popup's sections and their fetches (`Notifier+Popup`).
    var popup = PopupFetches()
    /// The effects of the event under way, the state last saved, the counts announced.
    var outbox = Outbox()

    public init(settings: NotifierSettings, localizer: Localizer, zone: any TimeZoneRule) {
        self.settings = settings
        quiet = QuietClock(zone: zone)
        presenter = UnreadPresenter(localizer: localizer, policy: settings.policy)
        presenter.emoticons = settings.emoticons
        presenter.accountName = settings.accountName
        checks = CheckProgress(interval: settings.interval)
    }

    /// The unread amounts now (above the baseline), of the watched counters.
    public var unread: UnreadCounts { settings.policy.unread(state.lastCounts, baseline: state.baseline) }

    /// The desktop's do-not-disturb holds bubbles back (it is on, and followed).
    public var followsDoNotDisturb: Bool { doNotDisturb && settings.followDoNotDisturb }

    /// Whether the bubble of `kind` telling `amounts` waits at `now`: a pause, quiet hours, or
    /// the desktop's do-not-disturb, unless it lets that kind through (`dnd_allow`) or the
    /// server keeps bubbles in its list meanwhile (GNOME: who and what there, not a sum later).
    func holdsBack(_ kind: BubbleKind, _ amounts: UnreadCounts, at now: Timestamp) -> Bool {
        isQuiet(at: now)
            || surroundings.doNotDisturb.holdsBack(kind, amounts, followed: settings.followDoNotDisturb, allowed: settings.doNotDisturbAllows)
    }

    /// The phase, why bubbles wait and how sure the counts are, at `now`. The network counts as
    /// there when none is needed (a sandbox on this machine), so that nothing says offline.
    public func status(at now: Timestamp) -> NotifierStatus {
        NotifierStatus(
            phase: phase, failuresInARow: checks.failuresInARow, networkAvailable: mayUseNetwork, paused: (state.pausedUntil ?? now) > now,
            quiet: quiet.inQuietHours(settings.quietHours, at: now), doNotDisturb: followsDoNotDisturb, keyringMissing: login == .noKeyring)
    }

    /// Whether bubbles are held back at `now`: a pause, or quiet hours.
    public func isQuiet(at now: Timestamp) -> Bool {
        quiet.isQuiet(at: now, pausedUntil: state.pausedUntil, hours: settings.quietHours)
    }

    /// Takes one event; returns what the shell should do, in order. An event that acts on the
    /// account's state waits until the notifier has it (`started`): a `Pause` or `Refresh` in
    /// the first moments is applied then, not to an empty state that the loaded one replaces.
    public mutating func handle(_ event: NotifierEvent) -> [NotifierEffect] {
        if requests.waitingForTheState != nil, event.waitsForTheState {
            requests.waitingForTheState?.append(event)
            return []
        }
        let unreadBefore = unread
        let phaseBefore = phase
        let wasAnnounced = outbox.announced
        outbox.open()
        apply(event)
        if case .started = event, let waiting = requests.waitingForTheState {
            requests.waitingForTheState = nil
            for event in waiting { apply(event) }
        }
        if phase != phaseBefore { emit(.phaseChanged(phase)) }
        if unread != unreadBefore || (outbox.announced && !wasAnnounced) { emit(.countsChanged(unread)) }
        return outbox.close(saving: state)
    }

    private mutating func apply(_ event: NotifierEvent) {
        switch event {
        case .started(let saved, let login, let now): start(saved, login: login, at: now)
        case .loginChanged(let login, let now): loginChanged(login, at: now)
        case .settingsChanged(let settings, let sourceChanged, let now): settingsChanged(settings, sourceChanged: sourceChanged, at: now)
        case .pollTimerFired(let now): pollTimerFired(at: now)
        case .checkRequested(let now): checkRequested(at: now)
        case .pollSucceeded(let counts, let now): pollSucceeded(counts, at: now)
        case .pollFailed(let failure, let now): pollFailed(failure, at: now)
        case .rateLimitResetKnown(let seconds, let now): rateLimitResetKnown(seconds, at: now)
        case .refreshRequested(let request, let now): refreshRequested(request, at: now)
        case .markReadRequested(let kind, _): markRead(kind)
        case .summaryRequested(let kind, let now): summaryRequested(kind, at: now)
        case .summaryFetched(let statuses, let now): summaryFetched(statuses, at: now)
        case .summaryFailed(let reason, _): summaryFailed(reason)
        case .followersFetched(let names, _): followersArrived(names)
        case .followersFailed(let failure, _): followersArrived(nil, failure: failure)
        case .detailsFetched(let source, let items, let now): detailsArrived(source, items, failure: nil, at: now)
        case .detailsFailed(let source, let failure, let now): detailsArrived(source, [], failure: failure, at: now)
        case .itemsRequested(let kind, let count, let now): itemsRequested(kind, count: count, at: now)
        case .popupUnavailable(let kind, let now): summaryRequested(kind.bubble, at: now)
        case .popupItemsFetched(let fetch, let items, let requests, let now): popupItemsArrived(fetch, items, failure: nil, requests: requests, at: now)
        case .popupItemsFailed(let fetch, let failure, let requests, let now):
            popupItemsArrived(fetch, nil, failure: failure, requests: requests, at: now)
        case .actionInvoked(let action, let kind, let now): actionInvoked(action, kind: kind, at: now)
        case .replyTyped(let text, let kind, let now): replyTyped(text, kind: kind, at: now)
        case .replyRequested(let reply, let now): replyRequested(reply, at: now)
        case .replySent(let reply, _): emit(.showTransient(presenter.notice(.replied(reply.authorName))))
        case .replyNotSent(let reply, let failure, _): replyNotSent(reply, failure)
        case .replyFailed(let reply, let failure, let saved, _): replyFailed(reply, failure, saved: saved)
        case .bubbleShown(let kind, let id, _):
            state[kind].id = id
            if let server = surroundings.server.current { state.notificationServer = server }
        case .notificationServerChanged(let server, let now): notificationServerChanged(server, at: now)
        case .bubbleNotShown(let kind, _):
            // Not on screen: the next check shows it again.
            state[kind] = BubbleState(dismissed: state[kind].dismissed)
        case .bubbleClosed(let kind, let reason, _): bubbleClosed(kind, reason)
        case .pauseRequested(let seconds, let now): pause(seconds: seconds, at: now)
        case .resumeRequested(let now):
            state.pausedUntil = nil
            quietEnded(at: now)
        case .quietTimerFired(let now):
            quiet.fired()
            quietEnded(at: now)
        case .doNotDisturbChanged(let isOn, let keepsList, let now):
            guard surroundings.doNotDisturb.changed(isOn: isOn, keepsList: keepsList) else { break }
            if !isOn { quietEnded(at: now) }
        case .networkChanged(let isAvailable, let now): networkChanged(isAvailable, at: now)
        }
    }

    // MARK: - Polling

    private mutating func pollTimerFired(at now: Timestamp) {
        if phase == .waitingForKeyring {
            checks.nextAt = nil
            emit(.readLoginAgain)
            return
        }
        if let planned = checks.nextAt, checks.schedule.noticeClockJump(planned: planned, now: now) {
            log(.message, "this tick came \(Int(now.seconds(since: planned))) s late by the clock (a resume?); no backoff left")
        }
        checks.nextAt = nil
        poll(at: now)
    }

    /// Starts a check, unless one is under way, the login is gone, or it has run out.
    mutating func poll(at now: Timestamp) {
        guard !checks.inFlight, case .valid(let expiresAt) = login else { return }
        if expiresAt <= now {
            enterLoginExpired(reason: presenter.localizer.tr("the login expired"))
            return
        }
        warnIfExpiringSoon(expiresAt, at: now)
        if waitsForTheNetwork(at: now) { return }
        popup.trim(at: now)
        if checks.nextAt != nil {
            checks.nextAt = nil
            emit(.schedulePoll(at: nil))
        }
        checks.inFlight = true
        requests.checkStarted(at: now)
        emit(.startPoll)
    }

    private mutating func pollSucceeded(_ counts: UnreadCounts, at now: Timestamp) {
        guard !answersAGoneLogin() else { return }
        checks.answered()
        outbox.announced = true
        var previous = state.lastCounts
        if checks.homeTimelineRead, counts.status < previous.status {
            // Weibo may reset its `status` counter when the timeline is read (the notifier read
            // it since the last check): what it counts now came since, and is news; following
            // the counter down would have taken it into the baseline.
            previous.status = 0
            state.restart(.status, at: 0)
        }
        checks.homeTimelineRead = false
        popup.newsArrived(counts, previous: previous)
        settings.policy.observe(counts, at: now, state: &state)
        applyCounts(at: now)
        if !requests.waitingRefreshes.isEmpty {
            // What this check found is what the user has seen: nothing that arrives later.
            markRead(nil)
            finishRefreshes(failure: nil)
        }
        scheduleNext(.success, at: now)
        runQueuedCheck(at: now)
    }

    /// A check answered after its login went (a logout, an account file found damaged, a
    /// keyring locked meanwhile; it was on its way): its counts or failure are of a login that
    /// cannot be used now, and change nothing (no "login expired" for a token just revoked).
    private mutating func answersAGoneLogin() -> Bool {
        guard login?.isUsable != true else { return false }
        checks.inFlight = false
        log(.debug, "a check answered after its login went: its answer is dropped")
        return true
    }

    private mutating func pollFailed(_ failure: PollFailure, at now: Timestamp) {
        guard !answersAGoneLogin() else { return }
        checks.failed(failure)
        // A refresh marks what a check found; with no answer there is nothing to mark.
        finishRefreshes(failure: failure.message)
        switch failure.kind {
        case .loginRejected:
            requests.checkQueued = false
            enterLoginExpired(reason: failure.message)
        case .rateLimited:
            requests.checkQueued = false
            checks.phase = .rateLimited
            log(.message, "rate limited: \(failure.message)")
            checks.inFlight = true
            emit(.askRateLimitReset)
        case .refused, .transient, .noPermission, .budgetSpent:
            checks.phase = .offline
            checks.offlineSince = checks.offlineSince ?? now
            log(failure.kind == .transient ? .message : .warning, "poll failed: \(failure.message)")
            scheduleNext(.transientFailure, at: now)
            runQueuedCheck(at: now)
        }
    }

    /// Waits for Weibo's reset, but never longer than an hour past the next full hour (the
    /// API's limits are hourly): a reset years away is a server's mistake, not a reason to stop.
    private mutating func rateLimitResetKnown(_ seconds: Int?, at now: Timestamp) {
        checks.inFlight = false
        let untilNextHour = 3600 - Int(now.wholeSecondsSince1970 % 3600)
        let resetIn = seconds.flatMap { $0 > 0 ? min($0, untilNextHour + 3600) : nil }
        finishRefreshes(failure: presenter.localizer.tr("Weibo's rate limit is reached"))
        scheduleNext(.rateLimited(resetIn: resetIn), at: now)
    }

    mutating func scheduleNext(_ outcome: PollSchedule.Outcome, at now: Timestamp) {
        guard let seconds = checks.schedule.next(after: outcome) else {
            checks.nextAt = nil
            emit(.schedulePoll(at: nil))
            return
        }
        let at = now.adding(Double(seconds))
        checks.nextAt = at
        emit(.schedulePoll(at: at))
    }

    /// The tag of the bubble saying the login expired: closed once a login works again.
    static let loginTag = "login-expired"

    mutating func enterLoginExpired(reason: String) {
        let alreadyExpired = phase == .loginExpired
        // A login that ran out or that Weibo refused cannot be used until a new one is read.
        surroundings.login = .missing(reason: reason)
        checks.lastError = reason
        checks.lastErrorKind = .loginRejected
        if checks.nextAt != nil {
            checks.nextAt = nil
            emit(.schedulePoll(at: nil))
        }
        finishRefreshes(failure: reason)
        log(.message, "no polling until a new login: \(reason)")
        if !alreadyExpired {
            var bubble = withFix(presenter.notice(.loginExpiredOnDesktop, transient: false), .logIn)
            bubble.replacesTag = Self.loginTag
            emit(.showTransient(bubble))
        }
    }

    /// No login saved (the first run, a logout): no checks and no error bubble; what was on
    /// screen closes, the tray and bars say "not logged in".
    mutating func enterNotLoggedIn() {
        checks.lastError = nil
        checks.lastErrorKind = nil
        if checks.nextAt != nil {
            checks.nextAt = nil
            emit(.schedulePoll(at: nil))
        }
        finishRefreshes(failure: presenter.localizer.text(.notLoggedIn))
        for kind in BubbleKind.allCases where state[kind].shown != nil || state[kind].id != nil {
            emit(.closeUnread(kind, id: state[kind].id))
            state[kind] = BubbleState()
        }
        log(.message, "not logged in: no checks until a login")
    }

    /// One warning a day while the login runs out within a week.
    mutating func warnIfExpiringSoon(_ expiresAt: Timestamp, at now: Timestamp) {
        let left = expiresAt.seconds(since: now)
        guard left < 7 * 86_400 else { return }
        if let last = state.expiryWarnedAt, now.seconds(since: last) < 86_400, last <= now { return }
        state.expiryWarnedAt = now
        emit(.showTransient(withFix(presenter.notice(.loginExpiresSoon(days: Int(left / 86_400))), .logIn)))
    }

    /// Hands `effect` to the shell, after those before it.
    mutating func emit(_ effect: NotifierEffect) { outbox.effects.append(effect) }

    mutating func log(_ level: NotifierEffect.LogLevel, _ message: String) {
        emit(.log(level, message))
    }
}
