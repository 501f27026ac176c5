/// What every surface shows at one moment, made once for each change and pushed to each: the
/// accounts (`GetStatus`, `GetCounts`, `GetAccounts`, so the status bars), the tray and the
/// dock badge. No surface reads a notifier; none can show another moment than the others.
public struct AccountsSnapshot: Equatable, Sendable {
    public var group: AccountGroup
    public var tray: TrayView
    public var badge: DockBadge
    /// What the tray was made from: a later snapshot with the same keeps its tray.
    var trayInputs: TrayInputs

    /// The surfaces for `group` at `now` (see `TrayView` for the rest). The tray of `previous`
    /// is kept when nothing it shows changed (a check with the same answer in the same minute),
    /// so that an unchanged check words nothing again.
    public init(
        _ group: AccountGroup, settings: NotifierSettings, presenter: UnreadPresenter, zone: any TimeZoneRule, currentDesktop: String,
        pauseChoice: (command: TrayCommand, until: Timestamp)?, at now: Timestamp, after previous: AccountsSnapshot? = nil
    ) {
        self.group = group
        badge = presenter.badge(group.unread)
        trayInputs = TrayInputs(group: group, settings: settings, at: now)
        let checked = TrayMenuModel.checkedPause(chosen: pauseChoice, pausedUntil: group.members[0].pausedUntil, now: now)
        if let previous, previous.trayInputs == trayInputs, previous.tray.checkedPause == checked {
            tray = previous.tray
        } else {
            tray = TrayView(group, settings: settings, presenter: presenter, zone: zone, currentDesktop: currentDesktop, pauseChoice: pauseChoice, at: now)
        }
    }
}
