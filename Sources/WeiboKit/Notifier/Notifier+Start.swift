import FoundationEssentials

/// Start, login and settings: what the notifier does when it learns who it is and how to behave.
extension Notifier {
    mutating func start(_ saved: UnreadState, login: Login, at now: Date) {
        state = saved
        savedState = saved
        if let pausedUntil = state.pausedUntil, pausedUntil <= now { state.pausedUntil = nil }
        holdSavedBubbles()
        if isQuiet(at: now) { scheduleQuietEnd(at: now) }
        loginChanged(login, at: now)
    }

    mutating func loginChanged(_ new: Login, at now: Date) {
        let wasUsable = loginRead && login.isUsable
        // A missing login is recorded by `enterLoginExpired`, which first asks whether it already was.
        if !new.isMissing {
            login = new
            loginRead = true
        }
        switch new {
        case .none:
            enterNotLoggedIn()
        case .waitingForKeyring:
            // No error and no bubble: the keyring is asked again at each check.
            log(.message, "the keyring did not answer; checks start once it does")
            nextPollAt = now.addingTimeInterval(TimeInterval(settings.interval))
            effects.append(.schedulePoll(at: nextPollAt))
        case .missing(let reason):
            enterLoginExpired(reason: reason)
        case .valid:
            if !wasUsable { checkPhase = .starting }
            // The bubble that said the login expired says so no more.
            if !wasUsable { effects.append(.closeTransient(tag: Self.loginTag)) }
            schedule.reset()
            poll(at: now)
        }
        popupLoginChanged(at: now)
    }

    mutating func settingsChanged(_ new: NotifierSettings, sourceChanged: Bool, at now: Date) {
        let policyChanged = new.policy != settings.policy
        let modeChanged = new.bubbles != settings.bubbles
        settings = new
        presenter.policy = new.policy
        presenter.emoticons = new.emoticons
        presenter.accountName = new.accountName
        schedule.interval = new.interval
        scheduleQuietEnd(at: now)
        if sourceChanged {
            log(.message, "the API address changed; checking now")
            schedule.reset()
            poll(at: now)
        } else if policyChanged || modeChanged, state.lastSuccessfulPoll != nil {
            // The counts known are still right; what they mean for the bubbles changed.
            applyCounts(at: now)
        }
    }
}
