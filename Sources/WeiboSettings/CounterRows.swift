import CGLib
import CGtk
import CHandy
import WeiboDesktop
import WeiboGtk
import WeiboKit

/// The counters of the Notifications page: one row per counter (posts, comments, the two kinds
/// of mentions, messages, followers, strangers' messages, and likes when Weibo gives them),
/// each notify / count only / off. Four settings of the table hold them (`CounterMode.settings`);
/// a change writes them all, each checked by its rule.
final class CounterRows {
    let group: UnsafeMutableRawPointer
    private var choices: [(counter: UnreadCounter, combo: UnsafeMutableRawPointer)] = []
    private let resetButton: UnsafeMutableRawPointer
    private let note: UnsafeMutableRawPointer
    private var updating = false
    /// Writes both settings (nil: resets them); why not, when it could not.
    private let write: ([(AnySetting, String?)]) -> String?

    private let localizer: Localizer

    /// `likesGiven`: whether Weibo gave likes at an account's last check; no likes row otherwise.
    init(configuration: Configuration, likesGiven: Bool, localizer: Localizer, write: @escaping ([(AnySetting, String?)]) -> String?) {
        self.write = write
        self.localizer = localizer
        group = UnsafeMutableRawPointer(made(hdy_preferences_group_new(), "a group"))
        hdy_preferences_group_set_title(CHandy_preferences_group(group), tr("Counters"))
        hdy_preferences_group_set_description(
            CHandy_preferences_group(group),
            tr("Notify: a notification and the count (tray, badge, status bar). Count only: the count without a notification."))
        note = UnsafeMutableRawPointer(made(hdy_action_row_new(), "a row"))
        hdy_preferences_row_set_title(CHandy_preferences_row(note), tr("All counters back to their defaults"))
        resetButton = UnsafeMutableRawPointer(made(gtk_button_new_with_label(tr("Reset")), "a button"))
        atk_object_set_name(CGtk_accessible(resetButton), tr("Reset the counters"))
        gtk_widget_set_valign(CGtk_widget(resetButton), GTK_ALIGN_CENTER)
        gtk_container_add(CGtk_container(note), CGtk_widget(resetButton))
        for counter in UnreadCounter.settingsRows(likesGiven: likesGiven) {
            let row = UnsafeMutableRawPointer(made(hdy_action_row_new(), "a row"))
            let title = counter.settingsTitle.text(localizer)
            hdy_preferences_row_set_title(CHandy_preferences_row(row), title)
            let combo = UnsafeMutableRawPointer(made(gtk_combo_box_text_new(), "a choice"))
            for mode in CounterMode.allCases { gtk_combo_box_text_append(CHandy_combo_box_text(combo), mode.rawValue, mode.label.text(localizer)) }
            atk_object_set_name(CGtk_accessible(combo), title)
            gtk_widget_set_valign(CGtk_widget(combo), GTK_ALIGN_CENTER)
            gtk_container_add(CGtk_container(row), CGtk_widget(combo))
            hdy_action_row_set_activatable_widget(CHandy_action_row(row), CGtk_widget(combo))
            gtk_container_add(CGtk_container(group), CGtk_widget(row))
            choices.append((counter, combo))
            Signal.changed.connect(combo) { [weak self] _ in
                self?.changed()
            }
        }
        gtk_container_add(CGtk_container(group), CGtk_widget(note))
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
            _ = gtk_combo_box_set_active_id(CHandy_combo_box(combo), CounterMode.of(counter, in: configuration).rawValue)
        }
        gtk_widget_set_sensitive(CGtk_widget(resetButton), CounterMode.atDefaults(configuration) ? 0 : 1)
    }

    private func changed() {
        guard !updating else { return }
        var modes: [UnreadCounter: CounterMode] = [:]
        for (counter, combo) in choices {
            modes[counter] = gtk_combo_box_get_active_id(CHandy_combo_box(combo)).flatMap { CounterMode(rawValue: String(cString: $0)) } ?? .off
        }
        let values = CounterMode.settingValues(modes)
        for case (let setting, let text?) in values {
            if let problem = setting.problem(with: text) { return say(problem.text(localizer)) }
        }
        say(write(values.map { ($0.setting, $0.text) }))
    }

    private func say(_ failure: String?) {
        hdy_action_row_set_subtitle(CHandy_action_row(note), failure.map { tr("Not saved: %s", $0) } ?? "")
    }
}
