/// What a counter does, as the settings window offers it: a notification and the count, the
/// count only, or nothing. Two settings of the table hold the counters' modes (`notify` and
/// `count_only`); this is the one place that reads and writes both.
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

    /// `counter`'s mode in `configuration` (notify wins where a hand-written file lists a
    /// counter in both).
    public static func of(_ counter: UnreadCounter, in configuration: Configuration) -> CounterMode {
        configuration.notify.contains(counter) ? .notify : configuration.countOnly.contains(counter) ? .count : .off
    }

    /// The texts of `notify` and `count_only` for these modes, in the counters' order.
    public static func settingTexts(_ modes: [UnreadCounter: CounterMode]) -> (notify: String, countOnly: String) {
        let notify = UnreadCounter.allCases.filter { modes[$0] == .notify }.map(\.rawValue)
        let countOnly = UnreadCounter.allCases.filter { modes[$0] == .count }.map(\.rawValue)
        return (notify.joined(separator: ";"), countOnly.joined(separator: ";"))
    }

    /// Both settings hold their defaults ("Reset" has nothing to do).
    public static func atDefaults(_ configuration: Configuration) -> Bool {
        configuration.notify == SettingsTable.notify.defaultValue && configuration.countOnly == SettingsTable.countOnly.defaultValue
    }
}

extension UnreadCounter {
    /// The counter's row in the settings window.
    public var settingsTitle: LocalizableMessage {
        switch self {
        case .status: .tr("New posts")
        case .cmt: .tr("Comments")
        case .mentionStatus: .tr("@mentions in posts")
        case .mentionCmt: .tr("@mentions in comments")
        case .dm: .tr("Private messages")
        case .follower: .tr("New followers")
        }
    }
}
