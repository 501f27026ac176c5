import WeiboDesktop
import WeiboGtk
import WeiboKit
import WeiboPlatform

/// The counters of the Notifications page: one row per counter (posts, comments, the two kinds
/// of mentions, messages, followers, strangers' messages, and likes when Weibo gives them),
/// each notify / count only / off. Four settings of the table hold them (`CounterMode.settings`);
/// a change writes them all, each checked by its rule.
final class CounterRows {
    let group = PreferencesGroup(
        title: tr("Counters"), description: tr("Notify: a notification and the count (tray, badge, status bar). Count only: the count without a notification."))
    private var choices: [(counter: UnreadCounter, combo: ComboBox)] = []
    private let resetButton = Button(tr("Reset"))
    private let note = ActionRow(title: tr("All counters back to their defaults"))
    private var updating = false
    /// Writes both settings (nil: resets them); why not, when it could not.
    private let write: ([(AnySetting, String?)]) -> String?

    private let localizer: Localizer

    /// `likesGiven`: whether Weibo gave likes at an account's last check; no likes row otherwise.
    init(configuration: Configuration, likesGiven: Bool, localizer: Localizer, write: @escaping ([(AnySetting, String?)]) -> String?) {
        self.write = write
        self.localizer = localizer
        resetButton.accessibleName = tr("Reset the counters")
        resetButton.align(vertical: .center)
        note.add(resetButton)
        for counter in UnreadCounter.settingsRows(likesGiven: likesGiven) {
            let title = counter.settingsTitle.text(localizer)
            let row = ActionRow(title: title)
            let combo = ComboBox()
            for mode in CounterMode.allCases { combo.append(id: mode.rawValue, mode.label.text(localizer)) }
            combo.accessibleName = title
            combo.align(vertical: .center)
            row.add(combo)
            row.activates(combo)
            group.add(row)
            choices.append((counter, combo))
            Signal.changed.connect(combo) { [weak self] _ in
                self?.changed()
            }
        }
        group.add(note)
        Signal.clicked.connect(resetButton) { [weak self] _ in
            guard let self else { return }
            self.say(self.write(CounterMode.settings.map { ($0, nil) }))
        }
        show(configuration)
    }

    /// Shows each counter's mode in `configuration` (notify wins where a hand-written file
    /// lists a counter in both).
    func show(_ configuration: Configuration) {
        updating = true
        defer { updating = false }
        for (counter, combo) in choices {
            combo.activeID = CounterMode.of(counter, in: configuration).rawValue
        }
        resetButton.isSensitive = !CounterMode.atDefaults(configuration)
    }

    private func changed() {
        guard !updating else { return }
        var modes: [UnreadCounter: CounterMode] = [:]
        for (counter, combo) in choices {
            modes[counter] = combo.activeID.flatMap { CounterMode(rawValue: $0) } ?? .off
        }
        let values = CounterMode.settingValues(modes)
        for case (let setting, let text?) in values {
            if let problem = setting.problem(with: text) { return say(problem.text(localizer)) }
        }
        say(write(values.map { ($0.setting, $0.text) }))
    }

    private func say(_ failure: String?) {
        note.subtitle = failure.map { tr("Not saved: %s", $0) } ?? ""
    }
}
