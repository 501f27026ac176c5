import CGLib
public import WeiboKit
public import WeiboPlatform

/// The GLib shell around one account's `Notifier`: it carries out the core's effects (timers,
/// requests to Weibo, bubbles, the state file, signals) and feeds what comes of them back as
/// events. It decides nothing itself.
///
/// Runs on the main context's thread. Events that arrive while effects are being carried out
/// (a bubble's id, a synchronous failure) wait in a queue, so the core sees them one at a time.
public final class AccountShell {
    public private(set) var notifier: Notifier
    /// Called after every event handled: the group makes the surfaces' snapshot then (the
    /// counts, the phase and all else they show).
    public var eventsHandled: (() -> Void)?

    // Internal, not private, where `AccountShell+Login` needs them.
    var client: WeiboClient
    let accounts: AccountStore
    var account: Account?
    /// The state of the account followed (`state-UID.json`), or of none (`stateStore` as given).
    var stateStore: StateStore
    let noAccountState: StateStore
    /// The account whose state `stateStore` holds (nil: none yet).
    var stateUID: Int64?
    let sink: any NotificationSink
    private let avatars: AvatarCache?
    /// Login reads started, so that only the newest answer counts.
    var loginReads = 0
    /// A token in the account file moves to the keyring at the first read (`token_store` not `file`).
    var movesTokenToKeyring: Bool
    /// A read found the keyring locked (its unlock prompt was shown, or could not be): later
    /// reads, of every account, do not prompt again: one prompt per session.
    static var keyringFoundLocked: Bool {
        get {
            MainContext.assertOnLoopThread()
            return keyringLocked
        }
        set {
            MainContext.assertOnLoopThread()
            keyringLocked = newValue
        }
    }
    /// `nonisolated(unsafe)`: the main loop's thread alone touches it (asserted above).
    nonisolated(unsafe) private static var keyringLocked = false
    private let unsentReplies: UnsentReplies?
    /// Starts the popup window; nil: none (the summary bubble instead).
    let popup: PopupLauncher?
    /// What the browser login needs when the daemon runs it itself (a loopback redirect); nil:
    /// "Log in…" opens a terminal with `weibo-notifier login`.
    public var desktopLogin: DesktopLogin.Settings?
    var runningLogin: DesktopLogin?
    /// Counts the shows and closes of each kind: an avatar that arrives after a newer show or a
    /// close of its bubble is not shown.
    private var bubbleGeneration: [BubbleKind: Int] = [:]
    let clock: () -> Timestamp
    private var isRetired = false
    /// `GetItems` calls waiting for their section, with how many each asked for.
    var itemsWaiting: [PopupSectionKind: [(count: Int, reply: (String) -> Void)]] = [:]
    /// The popup's replies waiting to be sent or kept (`reply(_:done:)`).
    var repliesWaiting: [(reply: ReplyRequest, done: (String?) -> Void)] = []
    private var pollTimer: GLibSource?
    private var quietTimer: GLibSource?
    private var queue: [NotifierEvent] = []
    private var isHandling = false
    private var waitingCallers: [RequestID: (String?) -> Void] = [:]
    private var nextRequest: UInt64 = 1

    public init(
        settings: NotifierSettings, localizer: Localizer, client: WeiboClient, accounts: AccountStore, stateStore: StateStore,
        sink: any NotificationSink, avatars: AvatarCache? = nil, unsentReplies: UnsentReplies? = nil, movesTokenToKeyring: Bool = false,
        popup: PopupLauncher? = nil, clock: @escaping () -> Timestamp = { Timestamp.now }
    ) {
        self.popup = popup
        self.movesTokenToKeyring = movesTokenToKeyring
        notifier = Notifier(settings: settings, localizer: localizer, zone: SystemTimeZone())
        self.client = client
        self.accounts = accounts
        self.stateStore = stateStore
        noAccountState = stateStore
        self.sink = sink
        self.avatars = avatars
        self.unsentReplies = unsentReplies
        self.clock = clock
        sink.actionInvoked = { [weak self] kind, key in
            guard let self else { return }
            // A key none of our bubbles has (a server's own): nothing to do.
            guard let action = BubbleAction(rawValue: key) else { return Log.debug("unknown action \(key)") }
            self.send(.actionInvoked(action, kind: kind, at: self.clock()))
        }
        sink.replied = { [weak self] kind, text in
            guard let self else { return }
            self.send(.replyTyped(text, kind: kind, at: self.clock()))
        }
        sink.unreadClosed = { [weak self] kind, reason in
            guard let self else { return }
            self.send(.bubbleClosed(kind, reason, at: self.clock()))
        }
        sink.serverChanged = { [weak self] server in
            guard let self else { return }
            self.send(.notificationServerChanged(server, at: self.clock()))
        }
    }

    // MARK: - What the session and the user ask

    /// Reads the saved state and the login, then checks now and every interval.
    public func start() {
        sink.followServer()
        readLogin { [weak self] login in
            guard let self else { return }
            if let uid = self.account?.uid {
                self.stateStore = self.noAccountState.forAccount(uid)
                self.stateUID = uid
            }
            // What was asked before (a D-Bus call that started the daemon) waits in the core.
            self.send(.started(self.stateStore.load(), login: login, at: self.clock()))
        }
    }

    /// The network monitor's availability changed (coming back checks at once).
    public func networkChanged(_ isAvailable: Bool) { send(.networkChanged(isAvailable, at: clock())) }

    /// The desktop's do-not-disturb went on or off.
    public func doNotDisturbChanged(_ isOn: Bool, keepsList: Bool = false) { send(.doNotDisturbChanged(isOn, keepsList: keepsList, at: clock())) }

    /// Checks at once (D-Bus `CheckNow`, the tray, the network coming back, resume from suspend).
    public func checkNow() { send(.checkRequested(at: clock())) }

    /// The account file changed: a new login (or a logout) takes effect at once.
    public func accountChanged() {
        readLogin { [weak self] login in self?.loginRead(login) }
    }

    /// Settings read again (SIGHUP). The login is read again too, and counts as changed only when
    /// it did. `client`: a client for a changed API address (the counts known are then stale).
    public func reload(settings: NotifierSettings, client newClient: WeiboClient? = nil) {
        if let newClient { client = newClient }
        send(.settingsChanged(settings, sourceChanged: newClient != nil, at: clock()))
        let before = account
        readLogin { [weak self] login in
            guard let self, self.account != before else { return }
            self.loginRead(login)
        }
    }

    /// Checks once more, then counts what that check found as seen; `done` gets nil, or why
    /// nothing could be checked (and so nothing was marked).
    public func refresh(_ done: @escaping (String?) -> Void) {
        let request = RequestID(nextRequest)
        nextRequest += 1
        waitingCallers[request] = done
        send(.refreshRequested(request, at: clock()))
    }

    /// What a kind of bubble tells counts as seen (nil: everything); its bubble closes.
    public func markRead(_ kind: BubbleKind? = nil) { send(.markReadRequested(kind, at: clock())) }

    /// What a kind of bubble tells, as a summary bubble: the newest posts, the new comments or
    /// mentions; then those count as seen.
    public func showSummary(_ kind: BubbleKind = .posts) {
        send(.summaryRequested(kind, at: clock()))
    }

    /// No bubbles for `seconds` (0 resumes at once).
    public func pause(seconds: Int) {
        send(seconds > 0 ? .pauseRequested(seconds: seconds, at: clock()) : .resumeRequested(at: clock()))
    }

    /// https://weibo.com in the user's browser.
    public func openWeibo() { Browser.open(WeiboPages.home) }

    /// Lets the user log in (again): the tray's "Log in…".
    public func logIn() { send(.actionInvoked(BubbleAction.logIn, kind: .all, at: clock())) }

    /// Saves the state (SIGTERM): whatever the core holds now.
    public func saveState() { stateStore.save(notifier.state) }

    /// The user whose counts this follows, once the login was read.
    public var uid: Int64? { account?.uid }

    /// Names the account in the bubbles' titles (several accounts), or not (nil).
    public func setAccountName(_ name: String?) {
        guard notifier.settings.accountName != name else { return }
        var settings = notifier.settings
        settings.accountName = name
        send(.settingsChanged(settings, sourceChanged: false, at: clock()))
    }

    /// Leaves the account followed so far: its state saved, its bubbles on screen closed.
    func putAway() {
        stateStore.save(notifier.state)
        for kind in BubbleKind.allCases { if let id = notifier.state[kind].id { sink.closeUnread(kind, id: id) } }
    }

    /// The account was logged out (or became the default, followed elsewhere): its state saved,
    /// its bubbles closed, its timers stopped; nothing it started later counts. Callers still
    /// waiting are answered now (their answer would never come): a refresh has nothing left to
    /// do for an account no longer followed, and the popup's items are none.
    public func retire() {
        isRetired = true
        putAway()
        pollTimer = nil
        quietTimer = nil
        runningLogin = nil
        let callers = waitingCallers
        waitingCallers = [:]
        for (_, done) in callers { done(nil) }
        let items = itemsWaiting
        itemsWaiting = [:]
        for (_, replies) in items { for (_, reply) in replies { reply("{}") } }
    }

    // MARK: - Events in, effects out

    /// Hands `event` to the core and carries out what it says; events raised meanwhile wait their turn.
    public func send(_ event: NotifierEvent) {
        guard !isRetired else { return }
        queue.append(event)
        guard !isHandling else { return }
        isHandling = true
        defer { isHandling = false }
        while !queue.isEmpty {
            for effect in notifier.handle(queue.removeFirst()) { perform(effect) }
        }
        eventsHandled?()
    }

    private func perform(_ effect: NotifierEffect) {
        switch effect {
        case .startPoll: startPoll()
        case .fetchPopupItems(let fetch): fetchPopupItems(fetch)
        case .showPopup(let kind): showPopup(kind, activationToken: sink.activationToken)
        case .answerPopupItems(let kind, let items): answerPopupItems(kind, items)
        case .askRateLimitReset: askRateLimitReset()
        case .schedulePoll(let at):
            pollTimer = at.map { at in
                GLibSource.once(afterSeconds: at.seconds(since: clock())) { [weak self] in
                    guard let self else { return }
                    self.send(.pollTimerFired(at: self.clock()))
                }
            }
        case .scheduleQuietEnd(let at):
            quietTimer = at.map { at in
                GLibSource.once(afterSeconds: at.seconds(since: clock())) { [weak self] in
                    guard let self else { return }
                    self.send(.quietTimerFired(at: self.clock()))
                }
            }
        case .showUnread(let bubble, let kind, let id): show(bubble, kind: kind, replacing: id)
        case .closeUnread(let kind, let id):
            bubbleGeneration[kind, default: 0] += 1
            sink.closeUnread(kind, id: id)
        case .adoptBubble(let kind, let id): sink.adopt(kind, id: id)
        case .fetchDetails(let source, let sinceID, let count): fetchDetails(source, sinceID: sinceID, count: count)
        case .sendReply(let reply): sendReply(reply)
        case .keepUnsentReply(let reply, let reason):
            // Kept now; the core hears how it went on the next turn (never inside this effect).
            let saved = keepUnsent(reply)
            GLibSource.later { [weak self] in
                guard let self else { return }
                self.send(.replyFailed(reply, PollFailure(.refused, reason), saved: saved, at: self.clock()))
                self.answerReply(reply, failure: processLocalizer.text(.replyNotSent(reason, saved ? .saved : .notSaved(reply.text))))
            }
        case .answerReply(let reply, let failure): answerReply(reply, failure: failure)
        case .showTransient(let bubble): sink.showTransient(bubble)
        case .fetchSummary(let count): fetchSummary(count: count)
        case .fetchFollowers(let count): fetchFollowers(count: count)
        case .open(let url): Browser.open(url, activationToken: sink.activationToken)
        case .readLoginAgain: accountChanged()
        case .unlockKeyring: unlockKeyring()
        case .closeTransient(let tag): sink.closeTransient(tag: tag)
        case .startLogin: startLogin()
        case .showSettings(let page):
            if let reason = SettingsLauncher.open(page, environment: ProcessEnvironment.current, activationToken: sink.activationToken) {
                Log.message("the settings window could not start: \(reason)")
            }
        case .save(let state): stateStore.save(state)
        // Said by the snapshot the group makes once the events are handled.
        case .countsChanged, .phaseChanged: break
        case .finishRequest(let request, let failure): waitingCallers.removeValue(forKey: request)?(failure)
        case .log(let level, let message):
            switch level {
            case .debug: Log.debug(message)
            case .info: Log.info(message)
            case .message: Log.message(message)
            case .warning: Log.warning(message)
            }
        }
    }

    /// Shows a bubble; with an avatar, once it is on disk (at most two seconds later). The
    /// server's answer comes later, as an event.
    private func show(_ bubble: Bubble, kind: BubbleKind, replacing id: UInt32?) {
        bubbleGeneration[kind, default: 0] += 1
        let shown: (UInt32?) -> Void = { [weak self] id in
            guard let self else { return }
            self.send(id.map { .bubbleShown(kind, id: $0, at: self.clock()) } ?? .bubbleNotShown(kind, at: self.clock()))
        }
        guard let url = bubble.imageURL, let avatars else { return sink.showUnread(bubble, kind: kind, replacing: id, image: nil, shown: shown) }
        let generation = bubbleGeneration[kind, default: 0]
        avatars.image(for: url) { [weak self] image in
            guard let self, self.bubbleGeneration[kind, default: 0] == generation else { return }
            // The id may have come meanwhile (an earlier show of the same kind): replace that one.
            self.sink.showUnread(bubble, kind: kind, replacing: self.notifier.bubbleToReplace(kind, asked: id), image: image, shown: shown)
        }
    }

    private func startPoll() {
        guard let account else { return send(.pollFailed(PollFailure(.loginRejected, tr("not logged in")), at: clock())) }
        client.unreadCounts(for: account) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let counts): self.send(.pollSucceeded(counts, at: self.clock()))
            case .failure(let error): self.send(.pollFailed(Self.pollFailure(error), at: self.clock()))
            }
        }
    }

    /// A failed call as the core sees it: Weibo's refusals sorted by the core
    /// (`PollFailure(refusal:)`), the way there (network, timeout, a malformed answer) passing.
    static func pollFailure(_ error: WeiboClientError) -> PollFailure {
        guard case .api(let refusal) = error else { return PollFailure(.transient, error.description) }
        return PollFailure(refusal: refusal, error.description)
    }

    private func askRateLimitReset() {
        guard let account else { return send(.rateLimitResetKnown(seconds: nil, at: clock())) }
        client.rateLimitStatus(for: account) { [weak self] result in
            guard let self else { return }
            self.send(.rateLimitResetKnown(seconds: (try? result.get())?.resetTimeInSeconds, at: self.clock()))
        }
    }

    /// Sends a reply typed into a bubble; the core hears whether it went (and keeps one that did not).
    private func sendReply(_ reply: ReplyRequest) {
        guard let account else { return send(.replyNotSent(reply, PollFailure(.loginRejected, tr("not logged in")), at: clock())) }
        let done: (Result<Comment, WeiboClientError>) -> Void = { [weak self] result in
            guard let self else { return }
            switch result {
            case .success:
                self.send(.replySent(reply, at: self.clock()))
                self.answerReply(reply, failure: nil)
            case .failure(let error):
                var unsent = reply
                unsent.maybeSent = error.requestMayHaveArrived
                self.send(.replyNotSent(unsent, Self.pollFailure(error), at: self.clock()))
            }
        }
        if let cid = reply.commentID {
            client.reply(for: account, toComment: cid, onStatus: reply.statusID, text: reply.text, completion: done)
        } else {
            client.comment(for: account, onStatus: reply.statusID, text: reply.text, completion: done)
        }
    }

    /// Keeps a reply for later; whether it could be kept.
    @discardableResult
    private func keepUnsent(_ reply: ReplyRequest) -> Bool {
        guard let unsentReplies, let uid = account?.uid else { return false }
        do {
            try unsentReplies.forAccount(uid).add(reply)
            return true
        } catch {
            Log.warning("cannot keep the reply: \(error)")
            return false
        }
    }
}
