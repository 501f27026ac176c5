import CGLib
public import FoundationEssentials
public import WeiboKit

/// The notifier: polls the unread counts on a GLib timer, tells the user with one bubble,
/// shows the timeline summary on a click, and clears everything on a refresh.
///
/// Runs on the main context's thread. Never two polls at once; every request ends well before
/// the next tick (the HTTP client's total timeout is shorter than the interval).
public final class NotifierDaemon {
    /// What the daemon is doing, for `GetStatus` and the tray.
    public enum Phase: String, Sendable {
        case starting, ok, offline
        case loginExpired = "login-expired"
        case rateLimited = "rate-limited"
    }

    public struct Settings: Sendable {
        public var interval: Int
        public var policy: UnreadPolicy
        /// The words of bubbles and summaries.
        public var localizer: Localizer
        /// A daily stretch without bubbles.
        public var quietHours: QuietHours?
        /// Popup summary size: width in cells and lines in all.
        public var summaryWidth = 40
        public var summaryLines = 12

        public init(interval: Int, policy: UnreadPolicy, localizer: Localizer) {
            self.interval = interval
            self.policy = policy
            self.localizer = localizer
        }
    }

    public private(set) var state: UnreadState
    public private(set) var phase: Phase = .starting {
        didSet { if phase != oldValue { phaseChanged?(phase) } }
    }
    /// Called when the phase changes (D-Bus `StateChanged`, status bars).
    public var phaseChanged: ((Phase) -> Void)?
    public private(set) var lastError: String?
    public private(set) var nextPollAt: Date?
    /// Polls finished since start, answered or failed.
    public private(set) var completedPolls = 0
    /// Called with the unread amounts whenever they change (D-Bus signal, tray, badge).
    public var countsChanged: ((UnreadCounts) -> Void)?
    public var settings: Settings

    private let client: WeiboClient
    private let accounts: AccountStore
    private var account: Account?
    private let stateStore: StateStore
    private let sink: any NotificationSink
    private let clock: () -> Date
    private var schedule: PollSchedule
    private var timer: UInt32 = 0
    private var pollInFlight = false
    private var refreshWhenPolled = false
    /// No bubbles until then (the tray menu's pause).
    public private(set) var pausedUntil: Date?
    /// A bubble was held back while quiet: one catch-up bubble when the quiet ends.
    private var heldBack = false
    private var quietTimer: UInt32 = 0
    /// The counts were announced at least once (the badge and bars start from the first poll).
    private var announced = false
    private var lastExpiryWarning: Date?
    private let localizer: Localizer

    public init(
        settings: Settings, client: WeiboClient, accounts: AccountStore, stateStore: StateStore,
        sink: any NotificationSink, clock: @escaping () -> Date = { Date() }
    ) {
        self.settings = settings
        self.client = client
        self.accounts = accounts
        self.stateStore = stateStore
        self.sink = sink
        self.clock = clock
        localizer = settings.localizer
        schedule = PollSchedule(interval: settings.interval)
        state = stateStore.load()
        sink.actionInvoked = { [weak self] key in self?.actionInvoked(key) }
        sink.unreadClosed = { [weak self] reason in self?.bubbleClosed(reason) }
    }

    deinit {
        if timer != 0 { g_source_remove(timer) }
        if quietTimer != 0 { g_source_remove(quietTimer) }
    }

    // MARK: - Quiet hours and pause

    /// Whether bubbles are held back now: quiet hours, or a pause.
    public var isQuiet: Bool {
        let now = clock()
        if let pausedUntil, pausedUntil > now { return true }
        return settings.quietHours?.contains(now, zone: SystemTimeZone()) ?? false
    }

    /// No bubbles for `seconds` (0 resumes at once); counts keep updating everywhere else.
    public func pause(seconds: Int) {
        pausedUntil = seconds > 0 ? clock().addingTimeInterval(TimeInterval(seconds)) : nil
        if seconds > 0, state.shown != nil {
            sink.closeUnread()
        }
        scheduleQuietEnd()
        if seconds <= 0 { quietEnded() }
    }

    /// When the quiet ends, the catch-up bubble.
    private func scheduleQuietEnd() {
        if quietTimer != 0 {
            g_source_remove(quietTimer)
            quietTimer = 0
        }
        let now = clock()
        guard isQuiet else { return }
        var end = pausedUntil.map { max($0, now) } ?? now
        if let quiet = settings.quietHours {
            end = quiet.end(after: end, zone: SystemTimeZone())
        }
        let seconds = max(1, UInt32(end.timeIntervalSince(now).rounded(.up)))
        // One-shot and unretained: `deinit` removes it.
        quietTimer = g_timeout_add_seconds(seconds, { data in
            guard let data else { return CGLib_SOURCE_REMOVE }
            let daemon = Unmanaged<NotifierDaemon>.fromOpaque(data).takeUnretainedValue()
            daemon.quietTimer = 0
            daemon.quietEnded()
            return CGLib_SOURCE_REMOVE
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func quietEnded() {
        if isQuiet {
            scheduleQuietEnd()
            return
        }
        pausedUntil = nil
        guard heldBack else { return }
        heldBack = false
        let unread = self.unread
        guard settings.policy.notify.contains(where: { unread[$0] > 0 }) else { return }
        var bubble = unreadBubble(unread)
        bubble.body = localizer.text(.whileAway(bubble.body))
        if sink.showUnread(bubble) {
            state.shown = unread
            stateStore.save(state)
        }
    }

    /// The unread amounts now (above the baseline).
    public var unread: UnreadCounts { settings.policy.unread(state.lastCounts, baseline: state.baseline) }

    /// Polls now, then every interval.
    public func start() {
        loadAccount()
        pollNow()
    }

    /// Polls at once (D-Bus `CheckNow`, the network coming back, resume from suspend).
    public func pollNow() {
        schedule.reset()
        poll()
    }

    /// The account file changed, or SIGHUP: read the login again and poll.
    public func reloadAccount() {
        loadAccount()
        if account != nil { pollNow() }
    }

    /// The user looked at the timeline: everything up to now is seen; the bubble closes.
    public func refresh() {
        let (newState, decision) = settings.policy.refresh(state)
        apply(newState, decision)
    }

    /// Polls, then counts everything up to that poll as seen (`weibo-notifier refresh`).
    public func refreshAfterPoll() {
        refreshWhenPolled = true
        pollNow()
        if !pollInFlight {
            // No poll could start (no login): refresh with what is known.
            refreshWhenPolled = false
            refresh()
        }
    }

    /// Fetches the newest statuses, shows them as a summary bubble, then counts as a refresh.
    /// A failed fetch shows a short error bubble and clears nothing.
    public func showSummary() {
        guard let account else {
            sink.showTransient(Bubble(summary: localizer.text(.appName), body: localizer.text(.loginExpired), isTransient: true))
            return
        }
        let wanted = min(max(unread.status, 1), 20)
        client.homeTimeline(for: account, count: wanted) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let page):
                self.sink.showTransient(self.summaryBubble(page.statuses))
                self.refresh()
            case .failure(let error):
                Log.message("summary: \(error)")
                self.sink.showTransient(Bubble(
                    summary: self.localizer.text(.appName), body: self.localizer.text(.summaryFailed(error.description)),
                    isTransient: true))
            }
        }
    }

    // MARK: - Polling

    private func loadAccount() {
        do {
            account = try accounts.load()
            if phase == .loginExpired { phase = .starting }
        } catch {
            account = nil
            enterLoginExpired(reason: error.description, showBubble: phase != .loginExpired)
        }
    }

    private func poll() {
        // After an expired login, only a new login (account file, SIGHUP) polls again.
        guard !pollInFlight, phase != .loginExpired else { return }
        if timer != 0 {
            g_source_remove(timer)
            timer = 0
        }
        guard let account else { return }
        if account.isExpired(at: clock()) {
            enterLoginExpired(reason: tr("the login expired"), showBubble: phase != .loginExpired)
            return
        }
        warnIfExpiringSoon(account)
        pollInFlight = true
        client.unreadCounts(for: account) { [weak self] result in
            guard let self else { return }
            self.pollInFlight = false
            self.completedPolls += 1
            self.pollFinished(result)
        }
    }

    private func pollFinished(_ result: Result<UnreadCounts, WeiboClientError>) {
        switch result {
        case .success(let counts):
            let (newState, decision) = settings.policy.poll(counts, at: clock(), state: state)
            phase = .ok
            lastError = nil
            apply(newState, decision)
            if refreshWhenPolled {
                refreshWhenPolled = false
                refresh()
            }
            scheduleNext(.success)
        case .failure(let error):
            lastError = error.description
            switch error {
            case .api(let apiError) where apiError.kind == .auth:
                enterLoginExpired(reason: error.description, showBubble: phase != .loginExpired)
            case .api(let apiError) where apiError.kind == .rateLimit:
                phase = .rateLimited
                Log.message("rate limited: \(error)")
                waitForRateLimitReset()
            case .api(let apiError) where apiError.kind == .wrongUser || apiError.kind == .clientBug:
                phase = .offline
                Log.warning("\(error)")
                scheduleNext(.transientFailure)
            default:
                phase = .offline
                Log.message("poll failed: \(error)")
                scheduleNext(.transientFailure)
            }
        }
    }

    /// Asks Weibo when the limit resets and waits until then; an hour when it will not say.
    private func waitForRateLimitReset() {
        guard let account else { return scheduleNext(.rateLimited(resetIn: nil)) }
        pollInFlight = true
        client.rateLimitStatus(for: account) { [weak self] result in
            guard let self else { return }
            self.pollInFlight = false
            let resetIn = (try? result.get()).map(\.resetTimeInSeconds).flatMap { $0 > 0 ? $0 : nil }
            self.scheduleNext(.rateLimited(resetIn: resetIn))
        }
    }

    /// New settings (SIGHUP read the configuration again): they apply from the next poll.
    public func reload(settings: Settings) {
        self.settings = settings
        schedule.interval = settings.interval
        reloadAccount()
    }

    private func scheduleNext(_ outcome: PollSchedule.Outcome) {
        guard let seconds = schedule.next(after: outcome) else {
            nextPollAt = nil
            return
        }
        nextPollAt = clock().addingTimeInterval(TimeInterval(seconds))
        // One-shot and unretained: `deinit` removes it.
        timer = g_timeout_add_seconds(
            UInt32(seconds),
            { data in
                guard let data else { return CGLib_SOURCE_REMOVE }
                let daemon = Unmanaged<NotifierDaemon>.fromOpaque(data).takeUnretainedValue()
                daemon.timer = 0
                if let planned = daemon.nextPollAt, daemon.schedule.noticeClockJump(planned: planned, now: daemon.clock()) {
                    Log.message("this tick came \(Int(daemon.clock().timeIntervalSince(planned))) s late by the clock (a resume?); no backoff left")
                }
                daemon.poll()
                return CGLib_SOURCE_REMOVE
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func enterLoginExpired(reason: String, showBubble: Bool) {
        phase = .loginExpired
        lastError = reason
        nextPollAt = nil
        if timer != 0 {
            g_source_remove(timer)
            timer = 0
        }
        Log.message("no polling until a new login: \(reason)")
        if showBubble {
            sink.showTransient(Bubble(summary: localizer.text(.appName), body: localizer.text(.loginExpired)))
        }
    }

    /// One warning a day when the login runs out within a week.
    private func warnIfExpiringSoon(_ account: Account) {
        let now = clock()
        let left = account.secondsLeft(at: now)
        guard left < 7 * 86_400 else { return }
        if let last = lastExpiryWarning, now.timeIntervalSince(last) < 86_400 { return }
        lastExpiryWarning = now
        sink.showTransient(Bubble(
            summary: localizer.text(.appName), body: localizer.text(.loginExpiresSoon(days: Int(left / 86_400))),
            isTransient: true))
    }

    // MARK: - The bubble

    private func apply(_ newState: UnreadState, _ decision: UnreadPolicy.Decision) {
        let before = unread
        state = newState
        switch decision {
        case .show(let unread), .update(let unread):
            if isQuiet {
                // Quiet: held back, summed up in one bubble when the quiet ends.
                heldBack = true
                state.shown = nil
                scheduleQuietEnd()
            } else if !sink.showUnread(unreadBubble(unread)) {
                // No notification server took it: not shown, so the next poll tries again.
                state.shown = nil
            }
        case .close:
            sink.closeUnread()
        case .nothing:
            break
        }
        // Once, after the bubble's fate is known.
        stateStore.save(state)
        if unread != before || !announced {
            announced = true
            countsChanged?(unread)
        }
    }

    func unreadBubble(_ unread: UnreadCounts) -> Bubble {
        let parts = settings.policy.notify.filter { unread[$0] > 0 }.map { localizer.text(.unread($0, unread[$0])) }
        return Bubble(
            summary: localizer.text(.appName), body: parts.joined(separator: " · "),
            actions: [
                .init(Bubble.Action.clickKey, localizer.text(.showTimeline)),
                .init(Bubble.Action.markReadKey, localizer.text(.markAllRead)),
                .init(Bubble.Action.openWeiboKey, localizer.text(.openWeibo)),
            ])
    }

    /// The compact timeline summary: as many statuses as fit the popup's lines.
    func summaryBubble(_ statuses: [Status]) -> Bubble {
        let layout = StatusFrameLayout(localizer: localizer, timeZone: SystemTimeZone(), now: clock())
        let renderer = FrameRenderer()
        var lines: [String] = []
        for status in statuses {
            let remaining = settings.summaryLines - lines.count - (lines.isEmpty ? 0 : 1)
            guard remaining >= 2 else { break }
            let frame = layout.frame(for: status, width: settings.summaryWidth, style: .compact(maxLines: min(3, remaining)))
            if !lines.isEmpty { lines.append("") }
            lines += renderer.lines(of: frame)
        }
        return Bubble(
            summary: localizer.text(.newestPosts(statuses.count)),
            body: lines.isEmpty ? localizer.text(.nothingUnread) : lines.joined(separator: "\n"),
            actions: [.init(Bubble.Action.openWeiboKey, localizer.text(.openWeibo))], isTransient: true)
    }

    private func actionInvoked(_ key: String) {
        switch key {
        case Bubble.Action.clickKey: showSummary()
        case Bubble.Action.markReadKey: refresh()
        case Bubble.Action.openWeiboKey: Self.openWeibo()
        default: Log.debug("unknown action \(key)")
        }
    }

    private func bubbleClosed(_ reason: BubbleCloseReason) {
        // Closed by us (refresh, zero): the state already says so.
        guard reason != .closedByProgram, state.shown != nil else { return }
        state = settings.policy.bubbleClosed(state)
        stateStore.save(state)
    }

    /// https://weibo.com in the user's browser.
    public static func openWeibo() {
        var error: UnsafeMutablePointer<GError>?
        if g_app_info_launch_default_for_uri("https://weibo.com", nil, &error) == 0 {
            Log.message("cannot open https://weibo.com: \(error.map { GLibError(taking: $0).message } ?? "no handler")")
        }
    }

    /// Saves the state (SIGTERM).
    public func saveState() {
        stateStore.save(state)
    }
}
