/// What a counter does, as the settings window offers it: a notification and the count, the
/// count only, or nothing. Four settings of the table hold the counters' modes (`notify` and
/// `count_only` list the six classic counters; `strangers_messages` and `likes` have one each);
/// this is the one place that reads and writes them.
public enum CounterMode: String, CaseIterable, Sendable {
    case notify
    case count
    case off

    /// The window's words for it.
    public var label: LocalizableMessage {
        switch self {
        case .notify: .tr("Notify")
        case .count: .tr("Count only")
        case .off: .tr("Off")
        }
    }

    /// The settings that hold the counters' modes: the two lists, and the own settings of
    /// strangers' messages and likes.
    public static let settings: [AnySetting] = [
        SettingsTable.shared.notify.erased, SettingsTable.shared.countOnly.erased, SettingsTable.shared.strangersMessages.erased,
        SettingsTable.shared.likes.erased,
    ]

    /// `counter`'s mode in `configuration` (notify wins where a hand-written file lists a
    /// counter in both).
    public static func of(_ counter: UnreadCounter, in configuration: Configuration) -> CounterMode {
        switch counter {
        case .msgbox: configuration.strangersMessages
        case .attitude: configuration.likes
        default: configuration.notify.contains(counter) ? .notify : configuration.countOnly.contains(counter) ? .count : .off
        }
    }

    /// The settings' texts for these modes: `notify` and `count_only` in the counters' order (a
    /// listed counter left out is off), and the own setting of each other counter given (nil,
    /// its line removed, at its default).
    public static func settingValues(_ modes: [UnreadCounter: CounterMode]) -> [(setting: AnySetting, text: String?)] {
        func listed(_ mode: CounterMode) -> String { UnreadCounter.listed.filter { modes[$0] == mode }.map(\.rawValue).joined(separator: ";") }
        var values: [(setting: AnySetting, text: String?)] = [
            (SettingsTable.shared.notify.erased, listed(.notify)), (SettingsTable.shared.countOnly.erased, listed(.count)),
        ]
        for (counter, setting) in [(UnreadCounter.msgbox, SettingsTable.shared.strangersMessages), (.attitude, SettingsTable.shared.likes)] {
            if let mode = modes[counter] { values.append((setting.erased, mode == setting.defaultValue ? nil : mode.rawValue)) }
        }
        return values
    }

    /// Every counter's setting holds its default ("Reset" has nothing to do).
    public static func atDefaults(_ configuration: Configuration) -> Bool {
        configuration.notify == SettingsTable.shared.notify.defaultValue && configuration.countOnly == SettingsTable.shared.countOnly.defaultValue
            && configuration.strangersMessages == SettingsTable.shared.strangersMessages.defaultValue
            && configuration.likes == SettingsTable.shared.likes.defaultValue
    }
}

extension UnreadCounter {
    /// The counters with a row in the settings window: every one, but likes only when Weibo
    /// gave them at an account's last check (no row for what never comes).
    public static func settingsRows(likesGiven: Bool) -> [UnreadCounter] {
        allCases.filter { $0 != .attitude || likesGiven }
    }

    /// The counter's row in the settings window.
    public var settingsTitle: LocalizableMessage {
        switch self {
        case .status: .tr("New posts")
        case .cmt: .tr("Comments")
        case .mentionStatus: .tr("@mentions in posts")
        case .mentionCmt: .tr("@mentions in comments")
        case .dm: .tr("Private messages")
        case .follower: .tr("New followers")
        case .msgbox: .tr("Messages from strangers")
        case .attitude: .tr("Likes")
        }
    }
}
