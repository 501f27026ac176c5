import WeiboDesktop
import WeiboGtk
import WeiboKit
import WeiboPlatform

/// The Account page's login, without a terminal: how to make the Weibo app (the terminal
/// guide's steps), its App Secret (`SecretRow`: the keyring, or a file only when the user
/// chooses it), the recommended callback address to copy or use, then "Log in with Weibo": the
/// browser opens the authorize page and the window waits for the loopback listener
/// (`DesktopLogin`: a spinner, Cancel, five minutes), and says who logged in or why not, with
/// the fix (`APIError.loginAdvice`: 21321 to 21325, denied, timeout, port in use).
///
/// The callback address is under an expander (open on a first run): the recommended loopback
/// one, the address set, and, while a login with an address elsewhere waits, the field to
/// paste the address the browser ended on.
final class LoginGroup {
    /// The guide and the developers' site, first on the page.
    let guide = PreferencesGroup(title: tr("Log in to Weibo"), description: TextWrapper.unwrapped(LoginListener.guide).trimmed(of: "\n"))
    /// The App Secret, among the app's settings (after the App Key's row).
    let secret: SecretRow
    /// "Callback address": the recommended one, the callback setting's own row (the window
    /// adds it), and the pasted address's.
    let callbackExpander = ExpanderRow(title: tr("Callback address"))
    private let callbackRow = LoginGroup.row(tr("Recommended callback address"), LoginListener.recommendedRedirect)
    private let pasteRow = LoginGroup.row(
        tr("Address the browser ended on"),
        tr("For a callback address elsewhere: once you allowed the app in the browser, paste here the address of the page it ended on, and press Enter."))
    private let pasteEntry = Entry()
    /// "Log in with Weibo", last.
    let logIn = PreferencesGroup(title: nil)
    private let files: SettingsFiles
    private let environment: [String: String]
    private let logInRow = LoginGroup.row(tr("Log in with Weibo"), tr("Opens Weibo's page in your browser; this window waits for its answer."))
    private let logInButton = LoginGroup.button(tr("Log in with Weibo"), name: tr("Log in with Weibo"))
    private let cancelButton = LoginGroup.button(tr("Cancel"), name: tr("Cancel the login"))
    private let spinner = Spinner()
    private var login: DesktopLogin?
    /// Someone logged in (true: the accounts are listed again), or the app's callback changed.
    var changed: ((_ loggedIn: Bool) -> Void)?

    init(files: SettingsFiles, environment: [String: String]) {
        self.files = files
        self.environment = environment
        let site = Self.row(tr("Weibo's site for developers"), "https://open.weibo.com/apps")
        let open = Self.button(tr("Open"), name: tr("Open open.weibo.com"))
        site.add(open)
        let copy = Self.button(tr("Copy"), name: tr("Copy the callback address"))
        let use = Self.button(tr("Use it"), name: tr("Use the recommended callback address"))
        callbackRow.add(copy)
        callbackRow.add(use)

        secret = SecretRow(files: files)

        pasteEntry.widthInCharacters = 24
        pasteEntry.align(vertical: .center)
        pasteEntry.accessibleName = tr("Address the browser ended on")
        pasteRow.add(pasteEntry)
        // Shown while a login waits for it (the page's "show all" leaves it hidden).
        pasteEntry.show()
        pasteRow.showsOnlyWhenAsked = true

        logInButton.setStyleClass("suggested-action")
        cancelButton.showsOnlyWhenAsked = true
        spinner.showsOnlyWhenAsked = true
        for widget in [spinner, cancelButton, logInButton] as [Widget] { logInRow.add(widget) }

        Signal.clicked.connect(open) { [weak self] _ in
            guard let self else { return }
            _ = Browser.open("https://open.weibo.com/apps", environment: self.environment)
        }
        Signal.clicked.connect(copy) { _ in
            Clipboard.copy(LoginListener.recommendedRedirect)
        }
        Signal.clicked.connect(use) { [weak self] _ in
            guard let self else { return }
            _ = self.files.write(SettingsTable.shared.redirectURI.erased, LoginListener.recommendedRedirect)
            self.changed?(false)
        }
        Signal.activate.connect(pasteEntry) { [weak self] _ in
            self?.pasteAddress()
        }
        Signal.clicked.connect(logInButton) { [weak self] _ in
            self?.start(askingWho: nil)
        }
        Signal.clicked.connect(cancelButton) { [weak self] _ in
            self?.finish(tr("Cancelled."))
        }
        guide.add(site)
        logIn.add(logInRow)
    }

    private static func row(_ title: String, _ subtitle: String) -> ActionRow {
        ActionRow(title: title, subtitle: subtitle, subtitleLines: 6)
    }

    private static func button(_ label: String, name: String) -> Button {
        let button = Button(label)
        button.align(vertical: .center)
        button.accessibleName = name
        return button
    }

    private func say(_ row: ActionRow, _ words: String) {
        row.subtitle = words
        let control: Widget = row === logInRow ? logInButton : pasteEntry
        control.accessibleDescription = words
    }

    // MARK: - The login

    /// Logs in with the browser. `askingWho`: whether Weibo asks which account logs in (nil:
    /// when one is logged in already, so that another can be added).
    func start(askingWho: Bool?) {
        // One waits already (an account's "Log in again…" meanwhile): its page again.
        if let login { return login.reopen() }
        if !secret.typed.isEmpty {
            return secret.keep { [weak self] in self?.start(askingWho: askingWho) }
        }
        guard let configuration = files.load()?.configuration else { return finish(tr("The configuration file cannot be read.")) }
        guard !configuration.appKey.isEmpty else { return finish(tr("Enter the App Key first.")) }
        var settings = DesktopLogin.Settings(
            appKey: configuration.appKey, appSecret: configuration.appSecret, redirectURI: configuration.redirectURI, configurationFile: files.path,
            tokenStore: configuration.tokenStore, environment: environment)
        settings.fixedIn = .window
        // Another account: Weibo asks who logs in, not the browser's own session.
        settings.forceLogin = askingWho ?? !files.accounts(apiBase: configuration.apiBase).isEmpty
        let client = WeiboClient(endpoints: configuration.endpoints, http: HTTPClient(totalTimeout: 20, trustedCAFile: configuration.tlsCAFile))
        let store = AccountStore(path: files.directories.accountsFile, apiBase: configuration.apiBase)
        let login = DesktopLogin(settings: settings, client: client, accounts: store)
        self.login = login
        logInButton.isSensitive = false
        spinner.show()
        spinner.spin(true)
        cancelButton.show()
        if LoginListener.canServe(configuration.redirectURI) {
            say(logInRow, tr("Waiting for Weibo's answer in your browser (5 minutes at most)…"))
        } else {
            // Nothing here sees the browser come back: the user brings the address.
            say(logInRow, tr("Allow the app in your browser, then paste the address it ended on under Callback address."))
            say(pasteRow, tr("Paste the address of the page the browser ended on, and press Enter."))
            pasteRow.show()
            pasteEntry.grabFocus()
            pasteRow.scrollIntoViewOncePlaced()
            callbackExpander.isExpanded = true
        }
        login.start { [weak self] result in
            switch result {
            case .success(let name):
                var notes = (self?.login?.setAside ?? []).map { " " + $0.description + "." }
                if let file = self?.files.directories.accountsFile, let note = self?.login?.keyringRefusal?.loginNote(file: file, processLocalizer) {
                    notes.append(" " + note)
                }
                self?.finish(tr("Logged in as %s.", name) + notes.joined(), loggedIn: true)
            case .failure(let failure): self?.finish(tr("Not logged in: %s", failure.message))
            }
        }
    }

    /// The address pasted for a login whose callback is elsewhere.
    private func pasteAddress() {
        let answer = pasteEntry.text
        guard let login else { return say(pasteRow, tr("Press Log in with Weibo first.")) }
        if let problem = login.paste(answer) { return say(pasteRow, tr("No code in it: %s", problem)) }
        pasteEntry.text = ""
        say(pasteRow, tr("Checking the code with Weibo…"))
    }

    /// The expander's rows: the recommended address, the callback setting's `row`, the pasted
    /// address's.
    func hold(callbackSetting row: ActionRow) {
        for row in [callbackRow, row, pasteRow] { callbackExpander.add(row) }
    }

    /// The callback address set (the expander's subtitle); `open`: shows what is under it.
    func showCallback(_ address: String, open: Bool = false) {
        let recommended = address == LoginListener.recommendedRedirect
        callbackExpander.subtitle = recommended ? tr("%s (recommended)", address) : address
        if open { callbackExpander.isExpanded = true }
    }

    private func finish(_ words: String, loggedIn: Bool = false) {
        login?.cancel()
        login = nil
        pasteEntry.text = ""
        pasteRow.hide()
        spinner.spin(false)
        spinner.hide()
        cancelButton.hide()
        logInButton.isSensitive = true
        say(logInRow, words)
        if loggedIn { changed?(true) }
    }
}
