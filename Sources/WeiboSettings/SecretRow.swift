import CGLib
import CGtk
import CHandy
import WeiboDesktop
import WeiboGtk
import WeiboKit

/// The App Secret's row on the Account page: a password field, and what `SecretKeeping` says
/// of where the secret is and offers. While the keyring may show a window of its own (make a
/// keyring, unlock it) the row waits with a spinner and Cancel, as long as the user takes. A
/// secret found in the configuration file offers "Move to the keyring"; one the keyring could
/// not keep stays in the field, with "Keep it in a file readable only by you": nothing goes to
/// a file unless the user chooses it here. Kept in the keyring, the file's line goes.
final class SecretRow {
    let row: UnsafeMutableRawPointer
    private let entry: UnsafeMutableRawPointer
    private let spinner: UnsafeMutableRawPointer
    private let cancelButton: UnsafeMutableRawPointer
    private let moveButton: UnsafeMutableRawPointer
    private let fileButton: UnsafeMutableRawPointer
    private let files: SettingsFiles
    private var request: KeyringRequest?
    private(set) var keeping = SecretKeeping.none

    init(files: SettingsFiles) {
        self.files = files
        let title = SettingsTable.appSecret.title.text(processLocalizer)
        row = UnsafeMutableRawPointer(made(hdy_action_row_new(), "a row"))
        hdy_preferences_row_set_title(CHandy_preferences_row(row), title)
        hdy_action_row_set_subtitle_lines(CHandy_action_row(row), 6)
        entry = UnsafeMutableRawPointer(made(gtk_entry_new(), "a password field"))
        gtk_entry_set_visibility(CHandy_entry(entry), 0)
        gtk_entry_set_input_purpose(CHandy_entry(entry), GTK_INPUT_PURPOSE_PASSWORD)
        gtk_widget_set_valign(CGtk_widget(entry), GTK_ALIGN_CENTER)
        atk_object_set_name(CGtk_accessible(entry), title)
        spinner = UnsafeMutableRawPointer(made(gtk_spinner_new(), "a spinner"))
        cancelButton = Self.button(tr("Cancel"), name: tr("Cancel keeping the App Secret"))
        moveButton = Self.button(tr("Move to the keyring"), name: tr("Move the App Secret to the keyring"))
        fileButton = Self.button(tr("Keep it in a file"), name: tr("Keep it in a file readable only by you"))
        for widget in [spinner, cancelButton, moveButton, fileButton] { gtk_widget_set_no_show_all(CGtk_widget(widget), 1) }
        for widget in [spinner, cancelButton, moveButton, fileButton, entry] { gtk_container_add(CGtk_container(row), CGtk_widget(widget)) }
        Signal.activate.connect(entry) { [weak self] _ in
            self?.keep()
        }
        Signal.clicked.connect(cancelButton) { [weak self] _ in
            self?.request?.cancel()
        }
        Signal.clicked.connect(moveButton) { [weak self] _ in
            self?.move()
        }
        Signal.clicked.connect(fileButton) { [weak self] _ in
            self?.keepInFile()
        }
        show(.none)
    }

    private static func button(_ label: String, name: String) -> UnsafeMutableRawPointer {
        let button = UnsafeMutableRawPointer(made(gtk_button_new_with_label(label), "a button"))
        gtk_widget_set_valign(CGtk_widget(button), GTK_ALIGN_CENTER)
        atk_object_set_name(CGtk_accessible(button), name)
        return button
    }

    /// The secret typed and not yet kept.
    var typed: String { String(cString: gtk_entry_get_text(CHandy_entry(entry))).trimmed(of: " \t\r\n") }

    /// Says where the secret is now: the user's file, else the keyring (asked without
    /// unlocking it: no window of the keyring's for a look).
    func refresh() {
        guard request == nil, let configuration = files.load()?.configuration else { return }
        let fileValue = fileSecret(configuration)
        guard fileValue.isEmpty, !configuration.appKey.isEmpty else {
            return show(SecretKeeping.found(fileValue: fileValue, path: files.path, inKeyring: nil, locked: false))
        }
        Keyring.lookup(.appSecret(appKey: configuration.appKey), unlocking: false) { [weak self] result in
            guard let self, self.request == nil else { return }
            switch result {
            case .success(let secret): self.show(.found(fileValue: "", path: self.files.path, inKeyring: secret != nil, locked: false))
            case .failure(.locked): self.show(.found(fileValue: "", path: self.files.path, inKeyring: nil, locked: true))
            case .failure: self.show(.none)
            }
        }
    }

    /// The App Secret of the user's own file ("" when it has none: the administrator's is not
    /// the user's to move).
    private func fileSecret(_ configuration: Configuration) -> String {
        configuration.origins[SettingsTable.appSecret.erased.id] == files.path ? configuration.appSecret : ""
    }

    /// Keeps the secret typed in the keyring; `then` runs once it is kept there.
    func keep(then next: (() -> Void)? = nil) {
        let secret = typed
        guard request == nil else { return }
        guard !secret.isEmpty else { return say(tr("Type the App Secret from your app's page.")) }
        guard let configuration = files.load()?.configuration, !configuration.appKey.isEmpty else { return say(tr("Enter the App Key first.")) }
        // The table's rule (at most 4,096 bytes, no control character), for the keyring as for the file.
        if let problem = SettingsTable.appSecret.erased.problem(with: secret) { return say(tr("Not kept: %s", problem.text(processLocalizer))) }
        toKeyring(secret, appKey: configuration.appKey) { [weak self] in
            gtk_entry_set_text(CHandy_entry(self?.entry), "")
            next?()
        }
    }

    /// The file's secret into the keyring, its line out of the file.
    private func move() {
        guard request == nil, let configuration = files.load()?.configuration else { return }
        let secret = fileSecret(configuration)
        guard !secret.isEmpty, !configuration.appKey.isEmpty else { return refresh() }
        toKeyring(secret, appKey: configuration.appKey) {}
    }

    private func toKeyring(_ secret: String, appKey: String, kept: @escaping () -> Void) {
        show(.waitingForKeyring)
        request = Keyring.store(secret, as: .appSecret(appKey: appKey), label: "Weibo Notifier: app \(appKey)", waitingForTheUser: true) {
            [weak self] failure in
            guard let self else { return }
            self.request = nil
            if let failure { return self.show(.notKept(reason: failure.description, cancelled: failure == .cancelled)) }
            // One place for the secret: an older line in the file would win over the keyring.
            if let configuration = self.files.load()?.configuration, !self.fileSecret(configuration).isEmpty,
                let problem = self.files.reset(SettingsTable.appSecret.erased)
            {
                return self.say(tr("Kept in the keyring, but %s still holds the old one: %s", self.files.path, problem))
            }
            self.show(.keyring(locked: false))
            kept()
        }
    }

    /// The user's choice after the keyring could not keep it: the configuration file, 0600.
    private func keepInFile() {
        let secret = typed
        guard !secret.isEmpty else { return refresh() }
        if let problem = files.write(SettingsTable.appSecret.erased, secret) { return say(tr("Not kept: %s", problem)) }
        gtk_entry_set_text(CHandy_entry(entry), "")
        show(.file(files.path))
    }

    private func show(_ keeping: SecretKeeping) {
        self.keeping = keeping
        say(keeping.words(processLocalizer))
        let offers = keeping.offers
        // A button that goes away with the keyboard's focus on it (the one just pressed) hands
        // the focus to the field, not to nowhere.
        for (button, offer) in [(cancelButton, SecretKeeping.Offer.cancel), (moveButton, .moveToKeyring), (fileButton, .keepInFile)]
        where !offers.contains(offer) && gtk_widget_has_focus(CGtk_widget(button)) != 0 {
            gtk_widget_set_sensitive(CGtk_widget(entry), 1)
            gtk_widget_grab_focus(CGtk_widget(entry))
        }
        gtk_widget_set_visible(CGtk_widget(cancelButton), offers.contains(.cancel) ? 1 : 0)
        gtk_widget_set_visible(CGtk_widget(moveButton), offers.contains(.moveToKeyring) ? 1 : 0)
        gtk_widget_set_visible(CGtk_widget(fileButton), offers.contains(.keepInFile) ? 1 : 0)
        gtk_widget_set_visible(CGtk_widget(spinner), keeping.isWaiting ? 1 : 0)
        if keeping.isWaiting { gtk_spinner_start(CHandy_spinner(spinner)) } else { gtk_spinner_stop(CHandy_spinner(spinner)) }
        gtk_widget_set_sensitive(CGtk_widget(entry), keeping.isWaiting ? 0 : 1)
    }

    private func say(_ words: String) {
        hdy_action_row_set_subtitle(CHandy_action_row(row), words)
        atk_object_set_description(CGtk_accessible(entry), words)
    }
}
