public import WeiboKit
import WeiboPlatform

/// Every account the user logged in, each followed by its own `AccountShell` (its own core,
/// state file and bubbles), started a few seconds apart so their checks do not coincide. The
/// first member follows the default account (and any account that becomes the default); one
/// more member follows each other account. After every change it pushes one
/// `AccountsSnapshot` (WeiboKit's: the group, the tray, the badge) to the surfaces, which show
/// that and read no notifier.
public final class AccountGroupShell {
    /// Makes the member that follows `selection` (a uid; nil: the default account).
    public typealias MemberFactory = (_ selection: String?) -> AccountShell

    private let accounts: AccountStore
    private let makeMember: MemberFactory
    /// Seconds between the members' first checks.
    private let stagger: Double
    /// The members, the default account's first; `uids[i]` is what member `i` was made for.
    public private(set) var members: [AccountShell] = []
    private var uids: [Int64?] = []
    private var names: [String?] = []
    private var started: [Bool] = []
    /// The members waiting for their first check, by member: dropped when it fires, or with
    /// the member when its account goes first.
    private var startTimers: [ObjectIdentifier: GLibSource] = [:]
    /// `XDG_CURRENT_DESKTOP`: the tray's look and status at zero there.
    private let currentDesktop: String
    /// The snapshot last pushed.
    private var pushed: AccountsSnapshot?
    /// The pause item the tray's menu last chose, and the end of the pause it made.
    private var pauseChoice: (command: TrayCommand, until: Timestamp)?

    /// What the daemon's own browser login needs, for every member.
    public var desktopLogin: DesktopLogin.Settings? {
        didSet { for member in members { member.desktopLogin = desktopLogin } }
    }

    /// Every new snapshot, once for each change (D-Bus, the tray and the badge show it).
    public var published: ((AccountsSnapshot) -> Void)?

    /// `stagger`: seconds between the members' first checks (so between all their checks);
    /// `currentDesktop`: `XDG_CURRENT_DESKTOP`.
    public init(accounts: AccountStore, stagger: Double = 5, currentDesktop: String = "", makeMember: @escaping MemberFactory) {
        self.accounts = accounts
        self.stagger = stagger
        self.currentDesktop = currentDesktop
        self.makeMember = makeMember
        add(selection: nil)
    }

    /// The default account's member: its presenter speaks for the group.
    public var primary: AccountShell { members[0] }

    // MARK: - Who is followed

    /// How many members still wait for their first check.
    public var membersWaitingToStart: Int { startTimers.count }

    /// Starts every member: the default account's at once, the others a few seconds apart.
    public func start() {
        reconcile()
        startPending()
    }

    /// `accounts.json` changed: members for new accounts, none for logged-out ones, and every
    /// remaining one reads its login again.
    public func accountChanged() {
        let before = started
        reconcile()
        for (index, member) in members.enumerated() where index < before.count && before[index] && started[index] { member.accountChanged() }
        startPending()
    }

    private func reconcile() {
        let saved = (try? accounts.loadAll()) ?? []
        let others = saved.dropFirst().map(\.uid)
        for index in members.indices.reversed() where index > 0 {
            guard let uid = uids[index], !others.contains(uid) else { continue }
            startTimers[ObjectIdentifier(members[index])] = nil
            members[index].retire()
            members.remove(at: index)
            uids.remove(at: index)
            names.remove(at: index)
            started.remove(at: index)
        }
        for uid in others where !uids.contains(uid) { add(selection: uid) }
        for index in members.indices {
            let entry = index == 0 ? saved.first : saved.first { $0.uid == uids[index] }
            names[index] = entry?.name
            if started[index] { members[index].setAccountName(bubbleName(index)) }
        }
        membersChanged()
    }

    private func add(selection uid: Int64?) {
        let member = makeMember(uid.map { String($0) })
        member.desktopLogin = desktopLogin
        member.eventsHandled = { [weak self] in self?.membersChanged() }
        if doNotDisturb { member.doNotDisturbChanged(true, keepsList: doNotDisturbKeepsList) }
        members.append(member)
        uids.append(uid)
        names.append(nil)
        started.append(false)
    }

    private func startPending() {
        let pending = members.indices.filter { !started[$0] }
        for (index, delay) in zip(pending, AccountGroup.startDelays(count: pending.count, stagger: stagger)) {
            started[index] = true
            let member = members[index]
            let name = bubbleName(index)
            let begin = {
                member.setAccountName(name)
                member.start()
            }
            if delay == 0 {
                begin()
            } else {
                let key = ObjectIdentifier(member)
                startTimers[key] = GLibSource.once(afterSeconds: delay) { [weak self] in
                    self?.startTimers[key] = nil
                    begin()
                }
            }
        }
    }

    /// The name in member `index`'s bubbles: only when there is more than one account to tell apart.
    private func bubbleName(_ index: Int) -> String? {
        names[index].flatMap { AccountGroup.bubbleName($0, accounts: members.count) }
    }

    /// A member handled its events, or the members changed: a new snapshot, pushed when it differs.
    private func membersChanged() {
        let now = snapshot()
        guard now != pushed else { return }
        pushed = now
        published?(now)
    }

    // MARK: - What the surfaces show

    /// What every surface shows: the snapshot last pushed (every change pushes one: a member's
    /// events, its timers among them, a member added or gone).
    public var latest: AccountsSnapshot { pushed ?? snapshot() }

    /// Every account and what each surface shows of them, now.
    private func snapshot() -> AccountsSnapshot {
        let now = primary.clock()
        let notifier = primary.notifier
        // A member not started yet (its first check is staggered) is its saved account already.
        let group = AccountGroup(
            members: members.indices.map { members[$0].notifier.groupMember(uid: members[$0].uid ?? uids[$0], name: names[$0] ?? "", at: now) })
        return AccountsSnapshot(
            group, settings: notifier.settings, presenter: notifier.presenter, zone: notifier.zone, currentDesktop: currentDesktop,
            pauseChoice: pauseChoice, at: now, after: pushed)
    }

    /// The account whose state and error the group shows (`AccountGroup.reportingIndex`).
    public var reporting: AccountShell { members[latest.group.reportingIndex] }

    /// The member following `uid`, if any.
    public func member(_ uid: Int64) -> AccountShell? {
        members.first { $0.uid == uid }
    }

    // MARK: - What the session and the user ask, for every account

    public func checkNow() { for member in members { member.checkNow() } }
    public func markRead() { for member in members { member.markRead() } }
    /// Pauses every account for `seconds` (0: resumes); `chosen`: the tray's item that asked,
    /// checked while that pause lasts.
    public func pause(seconds: Int, chosen: TrayCommand? = nil) {
        for member in members { member.pause(seconds: seconds) }
        if let chosen, let until = primary.notifier.state.pausedUntil {
            pauseChoice = (chosen, until)
            membersChanged()
        }
    }
    public func saveState() { for member in members { member.saveState() } }
    /// Closes every account's bubbles; `done` once every server answered.
    public func closeBubbles(_ done: @escaping () -> Void) {
        var left = members.count
        for member in members {
            member.sink.closeAll {
                left -= 1
                if left == 0 { done() }
            }
        }
        if members.isEmpty { done() }
    }
    public func keyringChanged() { for member in members { member.keyringChanged() } }

    /// The desktop's do-not-disturb, for every account (and those added later).
    public private(set) var doNotDisturb = false
    /// Whether the server keeps the bubbles in its list meanwhile (GNOME's).
    private var doNotDisturbKeepsList = false
    public func networkChanged(_ isAvailable: Bool) { for member in members { member.networkChanged(isAvailable) } }
    public func doNotDisturbChanged(_ isOn: Bool, keepsList: Bool = false) {
        doNotDisturb = isOn
        doNotDisturbKeepsList = keepsList
        for member in members { member.doNotDisturbChanged(isOn, keepsList: keepsList) }
    }
    public func openWeibo() { primary.openWeibo() }

    /// Weibo's hot-search list in the browser: the tray's "Hot search".
    public func openHotSearch() { Browser.open(WeiboPages.hotSearch) }

    /// The summary of a kind, from each account that has something of it (else the default's).
    public func showSummary(_ kind: BubbleKind = .posts) {
        for index in latest.group.summaryIndices(kind) { members[index].showSummary(kind) }
    }

    /// The popup at `kind`'s section, showing the default account; `toggles`: see `AccountShell.showPopup`.
    public func showPopup(_ kind: PopupSectionKind, at point: PopupLauncher.Point? = nil, activationToken: String? = nil, toggles: Bool = false) {
        primary.showPopup(kind, at: point, activationToken: activationToken, toggles: toggles)
    }

    /// The popup's items of a section (`GetItems`), of the default account.
    public func items(_ kind: PopupSectionKind, count: Int, reply: @escaping (String) -> Void) {
        // A popup asking is a user at the screen: no reason to wait for a notification server.
        startWithoutWaiting?()
        primary.items(kind, count: count, reply: reply)
    }

    /// The settings window's starts, one at a time.
    private let settingsStarts = StartQueue(busName: SettingsLauncher.busName)

    /// Set by the host while the first check waits for a notification server: starts the
    /// accounts at once.
    public var startWithoutWaiting: (() -> Void)?

    /// The section the popup showed counts as seen (`MarkSeen`), for the default account.
    public func markSeen(_ kind: PopupSectionKind) { primary.markRead(kind.bubble) }

    /// Logs in again where a login is missing or expired, else adds one (the default's member).
    public func logIn() { members[latest.group.loginIndex].logIn() }

    /// The settings window at `page` (the tray's "Settings…", `ShowSettings`); nil when it
    /// started, else why not (said in the log too).
    @discardableResult
    public func showSettings(_ page: SettingPage?, activationToken: String? = nil) -> String? {
        let reason = SettingsLauncher.open(page, environment: ProcessEnvironment.current, activationToken: activationToken, starts: settingsStarts)
        if let reason { Log.message("the settings window could not start: \(reason)") }
        return reason
    }

    /// Settings read again (SIGHUP), with each account's name kept.
    public func reload(settings: NotifierSettings, client: WeiboClient? = nil) {
        for (index, member) in members.enumerated() {
            var own = settings
            own.accountName = bubbleName(index)
            member.reload(settings: own, client: client)
        }
    }

    /// A check of every account, then what each found counts as seen; `done` once all answered,
    /// with the first failure (nil when all could check). An account logged out meanwhile
    /// answers at once, having nothing left to check.
    public func refresh(_ done: @escaping (String?) -> Void) {
        var waiting = members.count
        var failures: [String] = []
        for member in members {
            member.refresh { failure in
                if let failure { failures.append(failure) }
                waiting -= 1
                if waiting == 0 { done(failures.first) }
            }
        }
    }
}
