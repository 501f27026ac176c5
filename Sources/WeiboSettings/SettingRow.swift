import CGLib
import CGtk
import CHandy
import WeiboDesktop
import WeiboGtk
import WeiboKit

/// One setting as a row of the window, made from its entry in the settings table: its title,
/// what it does (or why the value typed is refused, or the administrator's file it comes
/// from), the widget its rule calls for (a switch, a number, a choice, checks, a text field)
/// and "Reset". A value is checked by the table's rule before it is written; a refused one is
/// shown at the row and never written.
final class SettingRow {
    let setting: AnySetting
    let row: UnsafeMutableRawPointer
    private let localizer: Localizer
    private let context: SettingContext
    /// Writes a value (nil: resets it); why it could not.
    private let write: (AnySetting, String?) -> String?
    private var control: UnsafeMutableRawPointer?
    private var checks: [(word: String, button: UnsafeMutableRawPointer)] = []
    private let resetButton: UnsafeMutableRawPointer
    /// The value shown, as the file writes it.
    private var shown = ""
    /// Set while the row itself changes its widget (not the user).
    private var updating = false
    private var summary = ""

    init(
        _ setting: AnySetting, configuration: Configuration, administratorsFile: String?, context: SettingContext, localizer: Localizer,
        write: @escaping (AnySetting, String?) -> String?
    ) {
        self.setting = setting
        self.localizer = localizer
        self.context = context
        self.write = write
        row = UnsafeMutableRawPointer(made(hdy_action_row_new(), "a settings row"))
        let title = setting.title.text(localizer)
        hdy_preferences_row_set_title(CHandy_preferences_row(row), title)
        hdy_action_row_set_subtitle_lines(CHandy_action_row(row), 4)
        resetButton = UnsafeMutableRawPointer(made(gtk_button_new_from_icon_name("edit-undo-symbolic", GTK_ICON_SIZE_BUTTON), "a reset button"))
        gtk_widget_set_tooltip_text(CGtk_widget(resetButton), tr("Reset to the default"))
        atk_object_set_name(CGtk_accessible(resetButton), tr("Reset %s", title))
        gtk_widget_set_valign(CGtk_widget(resetButton), GTK_ALIGN_CENTER)
        gtk_style_context_add_class(CGtk_style(resetButton), "flat")
        makeControl(title: title)
        // The button hidden keeps its place (a box as wide as it): the controls do not move
        // when it comes.
        let place = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        var width: Int32 = 0
        gtk_widget_get_preferred_width(CGtk_widget(resetButton), nil, &width)
        gtk_widget_set_size_request(place, width, -1)
        gtk_widget_set_no_show_all(CGtk_widget(resetButton), 1)
        gtk_container_add(CGtk_container(place), CGtk_widget(resetButton))
        gtk_container_add(CGtk_container(row), place)
        Signal.clicked.connect(resetButton) { [weak self] _ in
            self?.reset()
        }
        show(configuration, administratorsFile: administratorsFile)
    }

    // MARK: - The widget

    private func makeControl(title: String) {
        let widget: UnsafeMutableRawPointer
        switch setting.rule {
        case .boolean:
            widget = UnsafeMutableRawPointer(made(gtk_switch_new(), "a switch"))
            Signal.activeChanged.connect(widget) { [weak self] widget in
                self?.changed(gtk_switch_get_active(CHandy_switch(widget)) != 0 ? "true" : "false")
            }
        case .number(_, let seconds, _):
            let field = setting.rule.numberField(in: context) ?? (0...0, 1)
            widget = UnsafeMutableRawPointer(
                made(gtk_spin_button_new_with_range(Double(field.range.lowerBound), Double(field.range.upperBound), Double(field.step)), "a number"))
            // Digits only, but for a duration ("2 min").
            gtk_spin_button_set_numeric(CHandy_spin_button(widget), seconds ? 0 : 1)
            if seconds { showAsDuration(widget) }
            Signal.valueChanged.connect(widget) { [weak self] widget in
                self?.changed(String(gtk_spin_button_get_value_as_int(CHandy_spin_button(widget))))
            }
        case .choice(let words):
            widget = UnsafeMutableRawPointer(made(gtk_combo_box_text_new(), "a choice"))
            for word in words { gtk_combo_box_text_append(CHandy_combo_box_text(widget), word.word, word.label.text(localizer)) }
            Signal.changed.connect(widget) { [weak self] widget in
                guard let id = gtk_combo_box_get_active_id(CHandy_combo_box(widget)) else { return }
                self?.changed(String(cString: id))
            }
        case .list(let words):
            // Linked toggle buttons, one per word (Adwaita's check boxes are SVG images: each
            // costs librsvg a render).
            widget = UnsafeMutableRawPointer(made(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0), "a box of toggles"))
            gtk_style_context_add_class(CGtk_style(widget), "linked")
            for word in words {
                let check = UnsafeMutableRawPointer(made(gtk_toggle_button_new_with_label(word), "a toggle"))
                atk_object_set_name(CGtk_accessible(check), "\(title): \(word)")
                gtk_container_add(CGtk_container(widget), CGtk_widget(check))
                checks.append((word, check))
                Signal.toggled.connect(check) { [weak self] _ in
                    guard let self else { return }
                    self.changed(self.checks.filter { gtk_toggle_button_get_active(CHandy_toggle_button($0.button)) != 0 }.map(\.word).joined(separator: ";"))
                }
            }
        // A secret never has a row (the login's own field keeps it): as text, were it asked.
        case .timeRange, .url, .path, .text, .secret:
            widget = UnsafeMutableRawPointer(made(gtk_entry_new(), "a text field"))
            gtk_entry_set_width_chars(CHandy_entry(widget), setting.rule == .timeRange ? 12 : 28)
            if setting.rule == .timeRange { gtk_entry_set_placeholder_text(CHandy_entry(widget), "23:00-08:00") }
            Signal.activate.connect(widget) { [weak self] widget in
                self?.changed(String(cString: gtk_entry_get_text(CHandy_entry(widget))))
            }
            Signal.focusOutEvent.connect(widget) { [weak self] widget, _ in
                self?.changed(String(cString: gtk_entry_get_text(CHandy_entry(widget))))
                return false
            }
        }
        gtk_widget_set_valign(CGtk_widget(widget), GTK_ALIGN_CENTER)
        if checks.isEmpty {
            atk_object_set_name(CGtk_accessible(widget), title)
            hdy_action_row_set_activatable_widget(CHandy_action_row(row), CGtk_widget(widget))
        }
        gtk_container_add(CGtk_container(row), CGtk_widget(widget))
        control = widget
    }

    /// A number of seconds shown as "2 min" (or "90 s", "1 h"), and typed so: the value stays
    /// the seconds the file keeps (a screen reader's value too).
    private func showAsDuration(_ spin: UnsafeMutableRawPointer) {
        gtk_entry_set_width_chars(CHandy_entry(spin), 8)
        // A refused text leaves the value as it was (GTK's default takes the lowest instead).
        gtk_spin_button_set_update_policy(CHandy_spin_button(spin), GTK_UPDATE_IF_VALID)
        Signal.output.connect(spin) { spin in
            let reading = DurationText.reading(Int(gtk_spin_button_get_value(CHandy_spin_button(spin)).rounded()))
            let text: String
            switch reading.unit {
            case .seconds: text = tr("%d s", reading.number)
            case .minutes: text = tr("%d min", reading.number)
            case .hours: text = tr("%d h", reading.number)
            }
            gtk_entry_set_text(CHandy_entry(spin), text)
            return true
        }
        // What was typed is read by the setting's codec ("2 min", "90 s", a number of seconds,
        // as `config set` reads it); one it refuses is said at the row with its rule, and
        // GTK_INPUT_ERROR (-1) keeps the value (the file is not touched).
        Signal.input.connect(spin) { [weak self] spin, value in
            guard let self, let value else { return -1 }
            let typed = String(cString: gtk_entry_get_text(CHandy_entry(spin)))
            if let problem = self.setting.problem(with: typed, in: self.context) {
                self.say(tr("Not saved: %s", problem.text(self.localizer)))
                return -1
            }
            guard let seconds = DurationText.parse(typed) else { return -1 }
            value.assumingMemoryBound(to: Double.self).pointee = Double(seconds)
            return 1
        }
    }

    /// Shows the value `configuration` holds, and where it comes from.
    func show(_ configuration: Configuration, administratorsFile: String? = nil) {
        let text = setting.text(in: configuration)
        shown = text
        summary = setting.summary.text(localizer)
        // After a Chinese full stop, no space.
        if let note = setting.change.note { summary += (summary.hasSuffix("。") ? "" : " ") + note.text(localizer) }
        if let administratorsFile { summary += "\n" + tr("Set by your administrator in %s.", administratorsFile) }
        say(nil)
        updating = true
        defer { updating = false }
        guard let control else { return }
        switch setting.rule {
        case .boolean: gtk_switch_set_active(CHandy_switch(control), text == "true" ? 1 : 0)
        case .number: gtk_spin_button_set_value(CHandy_spin_button(control), Double(Int(text) ?? 0))
        case .choice: _ = gtk_combo_box_set_active_id(CHandy_combo_box(control), text)
        case .list:
            let chosen = Set(text.split(separator: ";").map { String($0).trimmed(of: " ") })
            for check in checks { gtk_toggle_button_set_active(CHandy_toggle_button(check.button), chosen.contains(check.word) ? 1 : 0) }
        case .timeRange, .url, .path, .text, .secret: gtk_entry_set_text(CHandy_entry(control), text)
        }
        offerReset(text)
    }

    /// "Reset" only on a row whose value differs from its default: hidden otherwise.
    private func offerReset(_ text: String) {
        gtk_widget_set_visible(CGtk_widget(resetButton), text != setting.defaultText ? 1 : 0)
    }

    // MARK: - Changes

    private func changed(_ text: String) {
        guard !updating, text != shown else { return }
        if let problem = setting.problem(with: text, in: context) {
            return say(tr("Not saved: %s", problem.text(localizer)))
        }
        if let failure = write(setting, text) { return say(tr("Not saved: %s", failure)) }
        shown = text
        say(nil)
        offerReset(text)
    }

    private func reset() {
        if let failure = write(setting, nil) { say(tr("Not saved: %s", failure)) }
    }

    /// The row's second line: what the setting does, or why a value was refused.
    private func say(_ problem: String?) {
        hdy_action_row_set_subtitle(CHandy_action_row(row), problem ?? summary)
        guard let control else { return }
        if problem != nil {
            gtk_style_context_add_class(CGtk_style(control), "error")
        } else {
            gtk_style_context_remove_class(CGtk_style(control), "error")
        }
        atk_object_set_description(CGtk_accessible(control), problem ?? summary)
    }
}
