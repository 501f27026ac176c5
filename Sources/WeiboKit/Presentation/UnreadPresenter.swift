/// What a set of unread amounts looks like, on every surface: the bubble, the tray icon and its
/// tooltip, the dock badge, the status-bar line, `status` and `unread`.
///
/// Computed here once, so that no two surfaces can disagree about the words, the total, what
/// is urgent or which icon stands for a state.
public struct UnreadPresenter: Sendable {
    public var localizer: Localizer
    /// Which counters raise a bubble and which are only counted.
    public var policy: UnreadPolicy
    /// Weibo's `[表情]` codes as emoji, or as sent, in every text shown.
    public var emoticons = Emoticons.Style.emoji
    /// The account the bubbles are about, named in their titles when several are logged in.
    public var accountName: String?

    public init(localizer: Localizer, policy: UnreadPolicy = UnreadPolicy()) {
        self.localizer = localizer
        self.policy = policy
    }

    // MARK: - Words and numbers

    /// The words of each non-zero counter, in the API's order: `3 new posts`, `1 comment`.
    public func counterWords(_ unread: UnreadCounts, among counters: [UnreadCounter] = UnreadCounter.allCases) -> [String] {
        counters.filter { unread[$0] > 0 }.map { localizer.text(.unread($0, unread[$0])) }
    }

    /// The non-zero counters on one line, or "Nothing new".
    public func countsLine(_ unread: UnreadCounts) -> String {
        let words = counterWords(unread)
        return words.isEmpty ? localizer.text(.nothingUnread) : words.joined(separator: " · ")
    }

    /// The number on the tray, the badge and the bar: the watched counters added up.
    public func total(_ unread: UnreadCounts) -> Int { policy.total(unread) }

    /// @mentions and direct messages wait: the badge turns urgent, bars mark it.
    public func isUrgent(_ unread: UnreadCounts) -> Bool {
        UnreadCounter.allCases.contains { $0.isUrgent && unread[$0] > 0 }
    }

    // MARK: - Bubbles

    /// A bubble's title, naming the account when there is one to name: "Weibo · 小明".
    public func titled(_ title: String) -> String {
        guard let accountName, !accountName.isEmpty else { return title }
        return title + " · " + accountName
    }

    /// The unread bubble: the counters that raise bubbles, and its three buttons.
    public func unreadBubble(_ unread: UnreadCounts) -> Bubble {
        Bubble(
            summary: titled(localizer.text(.appName)), body: counterWords(unread, among: policy.notifying).joined(separator: " · "),
            actions: [
                .init(.click, localizer.text(.showTimeline)),
                .init(.markRead, localizer.text(.markAllRead)),
                .init(.openWeibo, localizer.text(.openWeibo)),
            ])
    }

    /// The bubble after quiet hours or a pause: what arrived meanwhile.
    public func catchUpBubble(_ unread: UnreadCounts) -> Bubble {
        var bubble = unreadBubble(unread)
        bubble.body = localizer.text(.whileAway(bubble.body))
        return bubble
    }

    /// A passing bubble with one message (an error, a warning).
    public func notice(_ phrase: Localizer.Phrase, transient: Bool = true) -> Bubble {
        Bubble(summary: titled(localizer.text(.appName)), body: localizer.text(phrase), isTransient: transient)
    }

    // MARK: - Tray, badge, bars

    /// The dock badge: the total, shown when not zero, urgent while mentions or messages wait.
    public func badge(_ unread: UnreadCounts) -> DockBadge {
        let total = total(unread)
        return DockBadge(count: total, isVisible: total > 0, isUrgent: isUrgent(unread))
    }

    /// The tray icon: its look, its StatusNotifierItem status and its tooltip.
    ///
    /// One look per state, the one that most needs the user winning: a login expired or
    /// needed, then waiting for the keyring, the rate limit, no answer (`offline`), then why
    /// bubbles wait (a pause or quiet hours, then do-not-disturb), then unread, then normal. The item
    /// stays `Active` at zero (XFCE's and waybar's trays remove a `Passive` one, and Pause, Quit
    /// and Log in with it) unless `hideAtZero`; `NeedsAttention` only for unread news in an
    /// otherwise normal state, and for an expired login. The tooltip's first line says the state.
    ///
    /// `lastPoll` is the last successful check, `offlineSince` when checks began to fail.
    /// Failing checks are "offline" only when the network monitor says so (`networkAvailable`
    /// false); with the network up, Weibo is not answering (a server fault, garbage).
    /// `pausedUntil`, `quietUntil`: notifications wait until then, as they do while the
    /// desktop's `doNotDisturb` is on. The label beside the icon (`countLabel`) is the total,
    /// "99+" past 99, none at zero and none while paused or without a login (the icon says those).
    public func tray(
        _ unread: UnreadCounts, phase: NotifierPhase, lastPoll: Timestamp?, offlineSince: Timestamp?, zone: any TimeZoneRule,
        networkAvailable: Bool = false, keyringMissing: Bool = false, pausedUntil: Timestamp? = nil, quietUntil: Timestamp? = nil, doNotDisturb: Bool = false,
        hideAtZero: Bool = false, countLabel: Bool = true
    ) -> TrayPresentation {
        let total = total(unread)
        let look: TrayLook
        switch phase {
        case .loginExpired, .notLoggedIn: look = .loginExpired
        case .waitingForKeyring: look = .waitingForKeyring
        case .rateLimited: look = .rateLimited
        case .offline: look = .offline
        case .starting, .ok:
            // The user's own pause first; the desktop's do-not-disturb has a look of its own.
            look = pausedUntil != nil || quietUntil != nil ? .paused : doNotDisturb ? .doNotDisturb : total > 0 ? .unread : .normal
        }
        let status: String
        switch look {
        case .unread: status = "NeedsAttention"
        case .loginExpired: status = phase == .loginExpired ? "NeedsAttention" : "Active"
        case .normal: status = hideAtZero ? "Passive" : "Active"
        default: status = "Active"
        }
        var lines: [String] = []
        switch phase {
        case .loginExpired: lines.append(localizer.text(.loginExpiredOnDesktop))
        case .notLoggedIn: lines.append(localizer.text(.notLoggedInOnDesktop))
        case .waitingForKeyring: lines.append(localizer.text(keyringMissing ? .noKeyringRuns : .waitingForKeyring))
        case .rateLimited: lines.append(localizer.text(.rateLimited))
        case .offline:
            let since = (offlineSince ?? lastPoll).map { CivilTime($0, in: zone).clockText }
            let phrase = since.map { networkAvailable ? Localizer.Phrase.weiboFailingSince($0) : .offlineSince($0) }
            lines.append(localizer.text(phrase ?? .offline))
        case .starting, .ok: break
        }
        if let pausedUntil { lines.append(localizer.text(.pausedUntil(CivilTime(pausedUntil, in: zone).clockText))) }
        if let quietUntil { lines.append(localizer.text(.quietUntil(CivilTime(quietUntil, in: zone).clockText))) }
        if doNotDisturb { lines.append(localizer.text(.doNotDisturb)) }
        let words = counterWords(unread)
        lines += words.isEmpty ? [localizer.text(.nothingUnread)] : words
        if let lastPoll, phase != .offline { lines.append(localizer.text(.checkedAt(CivilTime(lastPoll, in: zone).clockText))) }
        // The menu's first line: the state in a word or two, then the counts (none without a login).
        var headline: [String] = []
        switch phase {
        case .loginExpired: headline.append(localizer.text(Localizer.TrayPhrase.stateLoginExpired))
        case .notLoggedIn: headline.append(localizer.text(Localizer.TrayPhrase.stateNotLoggedIn))
        case .waitingForKeyring: headline.append(localizer.text(keyringMissing ? Localizer.TrayPhrase.stateNoKeyring : .stateKeyringLocked))
        case .rateLimited: headline.append(localizer.text(Localizer.TrayPhrase.stateRateLimited))
        case .offline: headline.append(localizer.text(networkAvailable ? Localizer.TrayPhrase.stateWeiboFailing : .stateOffline))
        case .starting, .ok: break
        }
        if let pausedUntil { headline.append(localizer.text(Localizer.TrayPhrase.statePaused(until: CivilTime(pausedUntil, in: zone).clockText))) }
        if let quietUntil { headline.append(localizer.text(Localizer.TrayPhrase.stateQuiet(until: CivilTime(quietUntil, in: zone).clockText))) }
        if doNotDisturb { headline.append(localizer.text(Localizer.TrayPhrase.stateDoNotDisturb)) }
        if phase != .notLoggedIn { headline.append(countsLine(unread)) }
        let labelled = countLabel && total > 0 && look != .paused && look != .loginExpired
        return TrayPresentation(
            look: look, status: status, toolTip: lines.joined(separator: "\n"), headline: headline.joined(separator: " · "),
            label: labelled ? (total > 99 ? "99+" : String(total)) : "")
    }

    /// The tray's tooltip with several accounts: a line each, its counts, and what it needs
    /// from the user (an expired login, a locked keyring); then `last`, the tray's own last line.
    /// The names (Weibo's, or a hand-edited file's) are `Markup.neutralized`: no host reads
    /// markup in them.
    public func accountsToolTip(_ accounts: [(name: String, unread: UnreadCounts, phase: NotifierPhase)], last: String) -> String {
        let lines = accounts.map { account -> String in
            var line = Markup.neutralized(account.name) + ": " + countsLine(account.unread)
            switch account.phase {
            case .loginExpired: line += " · " + localizer.text(.loginExpiredOnDesktop)
            case .waitingForKeyring: line += " · " + localizer.text(.waitingForKeyring)
            default: break
            }
            return line
        }
        return (lines + [last]).joined(separator: "\n")
    }

    /// The states a status bar shows, the main one first: a login needed, no network, the rate
    /// limit, stale counts, then why bubbles wait (do-not-disturb, a pause, quiet hours), then
    /// what is unread.
    public func barStates(_ unread: UnreadCounts, status: NotifierStatus) -> [StatusBarLine.State] {
        // Without a login no count is anyone's.
        if status.needsLogin { return [.loginNeeded] }
        let total = total(unread)
        let holding: [StatusBarLine.State: Bool] = [
            .offline: !status.networkAvailable, .rateLimited: status.phase == .rateLimited,
            .stale: status.isStale, .doNotDisturb: status.doNotDisturb, .paused: status.paused, .quiet: status.quiet,
            .urgent: total > 0 && isUrgent(unread), .unread: total > 0,
        ]
        let priority: [StatusBarLine.State] = [.offline, .rateLimited, .stale, .doNotDisturb, .paused, .quiet, .urgent, .unread]
        guard let main = priority.first(where: { holding[$0] == true }) else { return [.none] }
        return [main] + StatusBarLine.State.allCases.filter { $0 != main && holding[$0] == true }
    }
}

/// What the dock shows (Unity LauncherEntry `count`, `count-visible`, `urgent`).
public struct DockBadge: Equatable, Sendable {
    public var count: Int
    public var isVisible: Bool
    public var isUrgent: Bool
}

/// The tray icon's state, by its icon name in the hicolor theme.
public enum TrayLook: String, Sendable {
    case normal = "io.github.WeiboNotifier"
    case unread = "io.github.WeiboNotifier-unread"
    case offline = "io.github.WeiboNotifier-offline"
    case loginExpired = "io.github.WeiboNotifier-login-expired"
    case waitingForKeyring = "io.github.WeiboNotifier-locked"
    case rateLimited = "io.github.WeiboNotifier-rate-limited"
    /// Notifications wait: a pause or quiet hours.
    case paused = "io.github.WeiboNotifier-paused"
    /// Notifications wait for the desktop's do-not-disturb.
    case doNotDisturb = "io.github.WeiboNotifier-do-not-disturb"

    /// The icon's name in `style`: the monochrome `-symbolic` variant, or the full-colour one.
    public func iconName(symbolic: Bool) -> String {
        symbolic ? rawValue + "-symbolic" : rawValue
    }
}

/// What the tray icon shows.
public struct TrayPresentation: Equatable, Sendable {
    public var look: TrayLook
    /// `Passive`, `Active` or `NeedsAttention`.
    public var status: String
    public var toolTip: String
    /// The menu's first line (insensitive): the state and the counts, for trays that show no
    /// tooltip (GNOME's AppIndicator extension).
    public var headline: String
    /// The number beside the icon where the panel shows one (GNOME's AppIndicator extension
    /// shows `XAyatanaLabel`); empty for none.
    public var label: String = ""
    /// The widest label, which the panel may keep room for (`XAyatanaLabelGuide`).
    public static let labelGuide = "99+"
}
