import WeiboDesktop
import WeiboGtk
import WeiboKit
import WeiboPlatform

/// One setting as a row of the window, made from its entry in the settings table: its title,
/// what it does (or why the value typed is refused, or the administrator's file it comes
/// from), the widget its rule calls for (a switch, a number, a choice, checks, a text field)
/// and "Reset". A value is checked by the table's rule before it is written; a refused one is
/// shown at the row and never written.
final class SettingRow {
    let setting: AnySetting
    let row: ActionRow
    private let localizer: Localizer
    private let context: SettingContext
    /// Writes a value (nil: resets it); why it could not.
    private let write: (AnySetting, String?) -> String?
    /// The widget its rule calls for, and how it shows a value as the file writes it.
    private var control: (widget: Widget, show: (String) -> Void)?
    private var checks: [(word: String, button: ToggleButton)] = []
    private let resetButton = Button(icon: "edit-undo-symbolic")
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
        let title = setting.title.text(localizer)
        row = ActionRow(title: title, subtitleLines: 4)
        resetButton.tooltip = tr("Reset to the default")
        resetButton.accessibleName = tr("Reset %s", title)
        resetButton.align(vertical: .center)
        resetButton.setStyleClass("flat")
        makeControl(title: title)
        // The button hidden keeps its place (a box as wide as it): the controls do not move
        // when it comes.
        let place = Box(.horizontal)
        place.requestSize(width: resetButton.naturalWidth)
        resetButton.showsOnlyWhenAsked = true
        place.add(resetButton)
        row.add(place)
        Signal.clicked.connect(resetButton) { [weak self] _ in
            self?.reset()
        }
        show(configuration, administratorsFile: administratorsFile)
    }

    // MARK: - The widget

    private func makeControl(title: String) {
        let control: (widget: Widget, show: (String) -> Void)
        switch setting.rule {
        case .boolean:
            let toggle = Switch()
            Signal.activeChanged.connect(toggle) { [weak self, weak toggle] _ in
                guard let toggle else { return }
                self?.changed(toggle.isActive ? "true" : "false")
            }
            control = (toggle, { toggle.isActive = $0 == "true" })
        case .number(_, let seconds, _):
            let field = setting.rule.numberField(in: context) ?? (0...0, 1)
            let number = SpinButton(range: Double(field.range.lowerBound)...Double(field.range.upperBound), step: Double(field.step))
            // Digits only, but for a duration ("2 min").
            number.takesDigitsOnly(!seconds)
            if seconds { showAsDuration(number) }
            Signal.valueChanged.connect(number) { [weak self, weak number] _ in
                guard let number else { return }
                self?.changed(String(Int(number.value.rounded())))
            }
            control = (number, { number.value = Double(Int($0) ?? 0) })
        case .choice(let words):
            let choice = ComboBox()
            for word in words { choice.append(id: word.word, word.label.text(localizer)) }
            Signal.changed.connect(choice) { [weak self, weak choice] _ in
                guard let id = choice?.activeID else { return }
                self?.changed(id)
            }
            control = (choice, { choice.activeID = $0 })
        case .list(let words):
            // Linked toggle buttons, one per word (Adwaita's check boxes are SVG images: each
            // costs librsvg a render).
            let box = Box(.horizontal)
            box.setStyleClass("linked")
            for word in words {
                let check = ToggleButton(toggle: word)
                check.accessibleName = "\(title): \(word)"
                box.add(check)
                checks.append((word, check))
                Signal.toggled.connect(check) { [weak self] _ in
                    guard let self else { return }
                    self.changed(self.checks.filter { $0.button.isActive }.map(\.word).joined(separator: ";"))
                }
            }
            let checks = self.checks
            control = (
                box,
                { text in
                    let chosen = Set(text.split(separator: ";").map { String($0).trimmed(of: " ") })
                    for check in checks { check.button.isActive = chosen.contains(check.word) }
                }
            )
        // A secret never has a row (the login's own field keeps it): as text, were it asked.
        case .timeRange, .url, .path, .text, .secret:
            let entry = Entry()
            entry.widthInCharacters = setting.rule == .timeRange ? 12 : 28
            if setting.rule == .timeRange { entry.placeholder = "23:00-08:00" }
            Signal.activate.connect(entry) { [weak self, weak entry] _ in
                guard let entry else { return }
                self?.changed(entry.text)
            }
            Signal.focusOutEvent.connect(entry) { [weak self, weak entry] _, _ in
                if let entry { self?.changed(entry.text) }
                return false
            }
            control = (entry, { entry.text = $0 })
        }
        let widget = control.widget
        widget.align(vertical: .center)
        if checks.isEmpty {
            widget.accessibleName = title
            row.activates(widget)
        }
        row.add(widget)
        self.control = control
    }

    /// A number of seconds shown as "2 min" (or "90 s", "1 h"), and typed so: the value stays
    /// the seconds the file keeps (a screen reader's value too).
    private func showAsDuration(_ spin: SpinButton) {
        spin.widthInCharacters = 8
        spin.keepsItsValueForBadText()
        Signal.output.connect(spin) { [weak spin] _ in
            guard let spin else { return false }
            let reading = DurationText.reading(Int(spin.value.rounded()))
            switch reading.unit {
            case .seconds: spin.text = tr("%d s", reading.number)
            case .minutes: spin.text = tr("%d min", reading.number)
            case .hours: spin.text = tr("%d h", reading.number)
            }
            return true
        }
        // What was typed is read by the setting's codec ("2 min", "90 s", a number of seconds,
        // as `config set` reads it); one it refuses is said at the row with its rule, and
        // GTK_INPUT_ERROR (-1) keeps the value (the file is not touched).
        Signal.input.connect(spin) { [weak self, weak spin] _, value in
            guard let self, let spin, let value else { return -1 }
            let typed = spin.text
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
        control.show(text)
        offerReset(text)
    }

    /// "Reset" only on a row whose value differs from its default: hidden otherwise.
    private func offerReset(_ text: String) {
        resetButton.isVisible = text != setting.defaultText
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
        row.subtitle = problem ?? summary
        guard let widget = control?.widget else { return }
        widget.setStyleClass("error", problem != nil)
        widget.accessibleDescription = problem ?? summary
    }
}
