/// Everything the tray shows at one moment, decided whole from the accounts: the icon's look
/// and name, the item's status, the tooltip (a line for each account when there are several),
/// the label beside the icon, and the menu: its headline, the accounts it lists, what it offers
/// and the pause checked. The tray item sends what changed; it decides none of it.
public struct TrayView: Equatable, Sendable {
    /// An account the menu lists, by its uid and screen name.
    public struct Account: Equatable, Sendable {
        public var uid: Int64
        public var name: String
    }

    /// The look, the status, the tooltip, the headline and the label.
    public var presentation: TrayPresentation
    /// The look's icon, monochrome where the settings or the desktop want it.
    public var iconName: String
    /// Every account with a login, the default's first.
    public var accounts: [Account]
    /// What the menu offers in this state.
    public var menu: TrayMenuState
    /// The pause item checked, if any.
    public var checkedPause: TrayCommand?

    /// The tray for `group` at `now`, in the words of `presenter` (the default account's), with
    /// the default account's `settings`, on the desktop `currentDesktop` names
    /// (`XDG_CURRENT_DESKTOP`). `pauseChoice`: the pause item last chosen and the end of the
    /// pause it made.
    public init(
        _ group: AccountGroup, settings: NotifierSettings, presenter: UnreadPresenter, zone: any TimeZoneRule, currentDesktop: String,
        pauseChoice: (command: TrayCommand, until: Timestamp)?, at now: Timestamp
    ) {
        let first = group.members[0]
        let status = group.status
        var shown = presenter.tray(
            group.unread, phase: status.phase, lastPoll: first.lastPoll, offlineSince: first.offlineSince, zone: zone,
            networkAvailable: status.networkAvailable, keyringMissing: status.keyringMissing,
            pausedUntil: first.pausedUntil.flatMap { $0 > now ? $0 : nil }, quietUntil: first.quietUntil, doNotDisturb: status.doNotDisturb,
            hideAtZero: CurrentDesktop.trayItemPassiveAtZero(currentDesktop, hideAtZero: settings.trayHideAtZero), countLabel: settings.trayCount)
        let followed = group.members.compactMap { member in member.uid.map { (uid: $0, member: member) } }
        // Several accounts: a line each, then the tray's own last line (the time of the check).
        if followed.count > 1 {
            let last = shown.toolTip.split(separator: "\n").last.map(String.init) ?? ""
            shown.toolTip = presenter.accountsToolTip(followed.map { ($0.member.name, $0.member.unread, $0.member.status.phase) }, last: last)
        }
        presentation = shown
        iconName = shown.look.iconName(symbolic: settings.trayIconStyle.isSymbolic(currentDesktop: currentDesktop))
        accounts = followed.map { Account(uid: $0.uid, name: $0.member.name) }
        menu = presenter.trayMenu(status)
        checkedPause = TrayMenuModel.checkedPause(chosen: pauseChoice, pausedUntil: first.pausedUntil, now: now)
    }
}
