/// What a click on a tray menu item does.
public enum TrayCommand: Hashable, Sendable {
    case showTimeline, markRead, checkNow, openWeibo, openHotSearch, logIn, settings, pauseHour, pauseUntilTomorrow, resume, quit
    /// One account's, by uid.
    case showAccount(Int64)
    case markAccountRead(Int64)
    case logInAccount(Int64)
}

/// One item of the tray's menu. Ids are stable (a dbusmenu client addresses items by id).
public struct TrayMenuItem: Equatable, Sendable {
    public var id: Int32
    public var label: String
    public var command: TrayCommand?
    public var isSeparator = false
    public var children: [TrayMenuItem] = []
    /// One of a group of which one is checked (the pause items).
    public var isRadio = false

    public init(
        id: Int32, label: String = "", command: TrayCommand? = nil, isSeparator: Bool = false, children: [TrayMenuItem] = [], isRadio: Bool = false
    ) {
        self.id = id
        self.label = label
        self.command = command
        self.isSeparator = isSeparator
        self.children = children
        self.isRadio = isRadio
    }
}

/// The tray's menu, decided here with its words: the state line, Show timeline, Mark all read,
/// Check now, Open Weibo, Hot search, Log in, Settings, Pause notifications (for an hour, until
/// tomorrow, resume), Quit; with several accounts a submenu each (ids from 100, ten apart)
/// before Pause. What is greyed out in a state is `UnreadPresenter.trayMenu`.
public enum TrayMenuModel {
    /// The first line: the state and the counts, never clickable.
    public static let headlineID: Int32 = 14

    /// The items for these accounts (a submenu each only when there are several).
    public static func items(accounts: [(uid: Int64, name: String)], localizer: Localizer) -> [TrayMenuItem] {
        func item(_ id: Int32, _ label: String, _ command: TrayCommand?, children: [TrayMenuItem] = []) -> TrayMenuItem {
            TrayMenuItem(id: id, label: label, command: command, children: children)
        }
        let common = [
            TrayMenuItem(id: headlineID),
            TrayMenuItem(id: 15, isSeparator: true),
            item(1, localizer.text(Localizer.TrayPhrase.timeline), .showTimeline),
            item(2, localizer.text(.markAllRead), .markRead),
            item(3, localizer.text(Localizer.TrayPhrase.checkNow), .checkNow),
            item(4, localizer.text(.openWeibo), .openWeibo),
            item(16, localizer.text(.hotSearch), .openHotSearch),
            item(12, localizer.text(Localizer.TrayPhrase.logInFirst), .logIn),
            item(13, localizer.text(Localizer.TrayPhrase.settingsWindow), .settings),
        ]
        let sections =
            accounts.count > 1
            ? [TrayMenuItem(id: 99, isSeparator: true)]
                + accounts.enumerated().map { index, account in
                    let base = Int32(100 + index * 10)
                    // An underscore in a dbusmenu label marks the access key: a name's own are doubled.
                    return item(
                        base, account.name.split(separator: "_", omittingEmptySubsequences: false).joined(separator: "__"), nil,
                        children: [
                            item(base + 1, localizer.text(Localizer.TrayPhrase.timeline), .showAccount(account.uid)),
                            item(base + 2, localizer.text(.markAllRead), .markAccountRead(account.uid)),
                            item(base + 3, localizer.text(Localizer.TrayPhrase.logInAfterExpiry), .logInAccount(account.uid)),
                        ])
                }
            : []
        let rest = [
            TrayMenuItem(id: 5, isSeparator: true),
            item(
                6, localizer.text(.pauseNotifications), nil,
                children: [
                    TrayMenuItem(id: 7, label: localizer.text(.pauseForAnHour), command: .pauseHour, isRadio: true),
                    TrayMenuItem(id: 8, label: localizer.text(.pauseUntilTomorrow), command: .pauseUntilTomorrow, isRadio: true),
                    item(9, localizer.text(Localizer.TrayPhrase.resume), .resume),
                ]),
            TrayMenuItem(id: 10, isSeparator: true),
            item(11, localizer.text(Localizer.TrayPhrase.quit), .quit),
        ]
        return common + sections + rest
    }

    /// The pause item checked: the one chosen (with the end of the pause it started), while
    /// that pause is the one in force and not over; none otherwise (a pause from D-Bus, or over).
    public static func checkedPause(chosen: (command: TrayCommand, until: Timestamp)?, pausedUntil: Timestamp?, now: Timestamp) -> TrayCommand? {
        guard let chosen, chosen.until == pausedUntil, chosen.until > now else { return nil }
        return chosen.command
    }
}
