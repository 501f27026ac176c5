/// Start, login and settings: what the notifier does when it learns who it is and how to behave.
extension Notifier {
    mutating func start(_ saved: UnreadState, login: Login, at now: Timestamp) {
        state = saved
        outbox.saved = saved
        // A pause ends when it is over, and no pause is longer than a week: one saved further
        // ahead was taken while the clock was wrong (ahead, before NTP set it), or is foreign.
        if let pausedUntil = state.pausedUntil, pausedUntil <= now || pausedUntil > now.adding(Double(PauseDuration.maximumSeconds)) {
            if pausedUntil > now { log(.message, "the saved pause ends more than a week from now (the clock was wrong when it was taken); it is over") }
            state.pausedUntil = nil
        }
        holdSavedBubbles()
        if isQuiet(at: now) { scheduleQuietEnd(at: now) }
        loginChanged(login, at: now)
    }

    /// The tag of the bubble asking to unlock the keyring: shown once a wait, closed when the
    /// login is read.
    static let keyringTag = "keyring-locked"

    mutating func loginChanged(_ new: Login, at now: Timestamp) {
        let wasUsable = login?.isUsable == true
        let before = login
        let wasWaiting = login == .waitingForKeyring || login == .noKeyring
        // A missing login is recorded by `enterLoginExpired`, which first asks whether it already was.
        if !new.isMissing {
            surroundings.login = new
        }
        // The keyring answered (whatever it said): its bubble has nothing more to ask.
        if wasWaiting, new != .waitingForKeyring, new != .noKeyring {
            checks.keyringLooks = 0
            emit(.closeTransient(tag: Self.keyringTag))
        }
        switch new {
        case .none:
            enterNotLoggedIn()
        case .waitingForKeyring, .noKeyring:
            // No error; one bubble: with the button that asks the keyring for its password, or
            // (none runs) the one that logs in again, the token then kept where it can be. The
            // keyring is read again soon, then at each check (`keyringLook`), and followed on the bus.
            let none = new == .noKeyring
            if before != new {
                log(.message, none ? "no keyring runs in this session; checks start once one does" : "the keyring did not answer; checks start once it does")
                var bubble =
                    none
                    ? withFix(presenter.notice(.noKeyringToCheck, transient: false), .logIn)
                    : withFix(presenter.notice(.unlockKeyringToCheck, transient: false), .unlockKeyring)
                bubble.replacesTag = Self.keyringTag
                emit(.showTransient(bubble))
            }
            checks.keyringLooks += 1
            checks.nextAt = now.adding(Double(PollSchedule.keyringLook(after: checks.keyringLooks, interval: settings.interval)))
            emit(.schedulePoll(at: checks.nextAt))
        case .missing(let reason):
            enterLoginExpired(reason: reason)
        case .valid:
            if !wasUsable { checks.phase = .starting }
            // The bubble that said the login expired says so no more.
            if !wasUsable { emit(.closeTransient(tag: Self.loginTag)) }
            checks.schedule.reset()
            poll(at: now)
        }
        popupLoginChanged(at: now)
    }

    mutating func settingsChanged(_ new: NotifierSettings, sourceChanged: Bool, at now: Timestamp) {
        let policyChanged = new.policy != settings.policy
        let modeChanged = new.bubbles != settings.bubbles
        settings = new
        presenter.policy = new.policy
        presenter.emoticons = new.emoticons
        presenter.accountName = new.accountName
        checks.schedule.interval = new.interval
        scheduleQuietEnd(at: now)
        if sourceChanged {
            log(.message, "the API address changed; checking now")
            checks.schedule.reset()
            poll(at: now)
        } else if policyChanged || modeChanged, state.lastSuccessfulPoll != nil {
            // The counts known are still right; what they mean for the bubbles changed.
            applyCounts(at: now)
        }
    }
}
