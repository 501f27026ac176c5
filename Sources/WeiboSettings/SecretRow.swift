import WeiboDesktop
import WeiboGtk
import WeiboKit
import WeiboPlatform

/// The App Secret's row on the Account page: a password field, and what `SecretKeeping` says
/// of where the secret is and offers. While the keyring may show a window of its own (make a
/// keyring, unlock it) the row waits with a spinner and Cancel, as long as the user takes. A
/// secret found in the configuration file offers "Move to the keyring"; one the keyring could
/// not keep stays in the field, with "Keep it in a file readable only by you": nothing goes to
/// a file unless the user chooses it here. Kept in the keyring, the file's line goes.
final class SecretRow {
    let row: ActionRow
    private let entry = Entry()
    private let spinner = Spinner()
    private let cancelButton = SecretRow.button(tr("Cancel"), name: tr("Cancel keeping the App Secret"))
    private let moveButton = SecretRow.button(tr("Move to the keyring"), name: tr("Move the App Secret to the keyring"))
    private let fileButton = SecretRow.button(tr("Keep it in a file"), name: tr("Keep it in a file readable only by you"))
    private let files: SettingsFiles
    private var request: KeyringRequest?
    private(set) var keeping = SecretKeeping.none

    init(files: SettingsFiles) {
        self.files = files
        let title = SettingsTable.shared.appSecret.title.text(processLocalizer)
        row = ActionRow(title: title, subtitleLines: 6)
        entry.hidesWhatIsTyped()
        entry.align(vertical: .center)
        entry.accessibleName = title
        for widget in [spinner, cancelButton, moveButton, fileButton] as [Widget] { widget.showsOnlyWhenAsked = true }
        for widget in [spinner, cancelButton, moveButton, fileButton, entry] as [Widget] { row.add(widget) }
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

    private static func button(_ label: String, name: String) -> Button {
        let button = Button(label)
        button.align(vertical: .center)
        button.accessibleName = name
        return button
    }

    /// The secret typed and not yet kept.
    var typed: String { entry.text.trimmed(of: " \t\r\n") }

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
        configuration.origins[SettingsTable.shared.appSecret.erased.id] == files.path ? configuration.appSecret : ""
    }

    /// Keeps the secret typed in the keyring; `then` runs once it is kept there.
    func keep(then next: (() -> Void)? = nil) {
        let secret = typed
        guard request == nil else { return }
        guard !secret.isEmpty else { return say(tr("Type the App Secret from your app's page.")) }
        guard let configuration = files.load()?.configuration, !configuration.appKey.isEmpty else { return say(tr("Enter the App Key first.")) }
        // The table's rule (at most 4,096 bytes, no control character), for the keyring as for the file.
        if let problem = SettingsTable.shared.appSecret.erased.problem(with: secret) { return say(tr("Not kept: %s", problem.text(processLocalizer))) }
        toKeyring(secret, appKey: configuration.appKey) { [weak self] in
            self?.entry.text = ""
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
                let problem = self.files.reset(SettingsTable.shared.appSecret.erased)
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
        if let problem = files.write(SettingsTable.shared.appSecret.erased, secret) { return say(tr("Not kept: %s", problem)) }
        entry.text = ""
        show(.file(files.path))
    }

    private func show(_ keeping: SecretKeeping) {
        self.keeping = keeping
        say(keeping.words(processLocalizer))
        let offers = keeping.offers
        // A button that goes away with the keyboard's focus on it (the one just pressed) hands
        // the focus to the field, not to nowhere.
        for (button, offer) in [(cancelButton, SecretKeeping.Offer.cancel), (moveButton, .moveToKeyring), (fileButton, .keepInFile)]
        where !offers.contains(offer) && button.hasFocus {
            entry.isSensitive = true
            entry.grabFocus()
        }
        cancelButton.isVisible = offers.contains(.cancel)
        moveButton.isVisible = offers.contains(.moveToKeyring)
        fileButton.isVisible = offers.contains(.keepInFile)
        spinner.isVisible = keeping.isWaiting
        spinner.spin(keeping.isWaiting)
        entry.isSensitive = !keeping.isWaiting
    }

    private func say(_ words: String) {
        row.subtitle = words
        entry.accessibleDescription = words
    }
}
