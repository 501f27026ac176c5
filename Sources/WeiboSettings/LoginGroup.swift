import CGLib
import CGtk
import CHandy
import WeiboDesktop
import WeiboGtk
import WeiboKit

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
    let guide: UnsafeMutableRawPointer
    /// The App Secret, among the app's settings (after the App Key's row).
    let secret: SecretRow
    /// "Callback address": the recommended one, the callback setting's own row (the window
    /// adds it), and the pasted address's.
    let callbackExpander: UnsafeMutableRawPointer
    private let callbackRow: UnsafeMutableRawPointer
    private let pasteRow: UnsafeMutableRawPointer
    private let pasteEntry: UnsafeMutableRawPointer
    /// "Log in with Weibo", last.
    let logIn: UnsafeMutableRawPointer
    private let files: SettingsFiles
    private let environment: [String: String]
    private let logInRow: UnsafeMutableRawPointer
    private let logInButton: UnsafeMutableRawPointer
    private let cancelButton: UnsafeMutableRawPointer
    private let spinner: UnsafeMutableRawPointer
    private var login: DesktopLogin?
    /// Someone logged in (true: the accounts are listed again), or the app's callback changed.
    var changed: ((_ loggedIn: Bool) -> Void)?

    init(files: SettingsFiles, environment: [String: String]) {
        self.files = files
        self.environment = environment
        guide = UnsafeMutableRawPointer(made(hdy_preferences_group_new(), "a group"))
        hdy_preferences_group_set_title(CHandy_preferences_group(guide), tr("Log in to Weibo"))
        hdy_preferences_group_set_description(CHandy_preferences_group(guide), TextWrapper.unwrapped(LoginListener.guide).trimmed(of: "\n"))
        logIn = UnsafeMutableRawPointer(made(hdy_preferences_group_new(), "a group"))

        let site = Self.row(tr("Weibo's site for developers"), "https://open.weibo.com/apps")
        let open = Self.button(tr("Open"), name: tr("Open open.weibo.com"))
        gtk_container_add(CGtk_container(site), CGtk_widget(open))
        callbackExpander = UnsafeMutableRawPointer(made(hdy_expander_row_new(), "an expander"))
        hdy_preferences_row_set_title(CHandy_preferences_row(callbackExpander), tr("Callback address"))
        // The theme's arrow (a PNG) for libhandy's own (an SVG, which would load librsvg).
        CHandy_replace_icon(callbackExpander, "hdy-expander-arrow-symbolic", "go-down-symbolic")
        callbackRow = Self.row(tr("Recommended callback address"), LoginListener.recommendedRedirect)
        let callback = callbackRow
        let copy = Self.button(tr("Copy"), name: tr("Copy the callback address"))
        let use = Self.button(tr("Use it"), name: tr("Use the recommended callback address"))
        gtk_container_add(CGtk_container(callback), CGtk_widget(copy))
        gtk_container_add(CGtk_container(callback), CGtk_widget(use))

        secret = SecretRow(files: files)

        pasteRow = Self.row(
            tr("Address the browser ended on"),
            tr("For a callback address elsewhere: once you allowed the app in the browser, paste here the address of the page it ended on, and press Enter."))
        pasteEntry = UnsafeMutableRawPointer(made(gtk_entry_new(), "a field"))
        gtk_entry_set_width_chars(CHandy_entry(pasteEntry), 24)
        gtk_widget_set_valign(CGtk_widget(pasteEntry), GTK_ALIGN_CENTER)
        atk_object_set_name(CGtk_accessible(pasteEntry), tr("Address the browser ended on"))
        gtk_container_add(CGtk_container(pasteRow), CGtk_widget(pasteEntry))
        // Shown while a login waits for it (the page's "show all" leaves it hidden).
        gtk_widget_show(CGtk_widget(pasteEntry))
        gtk_widget_set_no_show_all(CGtk_widget(pasteRow), 1)

        logInRow = Self.row(tr("Log in with Weibo"), tr("Opens Weibo's page in your browser; this window waits for its answer."))
        spinner = UnsafeMutableRawPointer(made(gtk_spinner_new(), "a spinner"))
        logInButton = Self.button(tr("Log in with Weibo"), name: tr("Log in with Weibo"))
        gtk_style_context_add_class(CGtk_style(logInButton), "suggested-action")
        cancelButton = Self.button(tr("Cancel"), name: tr("Cancel the login"))
        gtk_widget_set_no_show_all(CGtk_widget(cancelButton), 1)
        gtk_widget_set_no_show_all(CGtk_widget(spinner), 1)
        for widget in [spinner, cancelButton, logInButton] { gtk_container_add(CGtk_container(logInRow), CGtk_widget(widget)) }

        Signal.clicked.connect(open) { [weak self] _ in
            guard let self else { return }
            _ = Browser.open("https://open.weibo.com/apps", environment: self.environment)
        }
        Signal.clicked.connect(copy) { _ in
            gtk_clipboard_set_text(gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0)), LoginListener.recommendedRedirect, -1)
        }
        Signal.clicked.connect(use) { [weak self] _ in
            guard let self else { return }
            _ = self.files.write(SettingsTable.redirectURI.erased, LoginListener.recommendedRedirect)
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
        gtk_container_add(CGtk_container(guide), CGtk_widget(site))
        gtk_container_add(CGtk_container(logIn), CGtk_widget(logInRow))
    }

    /// Scrolls the page to show `widget` once it has its place (it may have just been shown).
    private static func scrollIntoView(_ widget: UnsafeMutableRawPointer) {
        var handler: UInt = 0
        handler = Signal.sizeAllocate.connect(widget) { widget, _ in
            guard handler != 0 else { return }
            g_signal_handler_disconnect(widget, handler)
            handler = 0
            guard let scrolled = gtk_widget_get_ancestor(CGtk_widget(widget), gtk_scrolled_window_get_type()),
                let content = gtk_bin_get_child(UnsafeMutableRawPointer(scrolled).assumingMemoryBound(to: GtkBin.self)),
                let adjustment = gtk_scrolled_window_get_vadjustment(CGtk_scrolled_window(UnsafeMutableRawPointer(scrolled)))
            else { return }
            var top: Int32 = 0
            var left: Int32 = 0
            guard gtk_widget_translate_coordinates(CGtk_widget(widget), content, 0, 0, &left, &top) != 0 else { return }
            let height = gtk_widget_get_allocated_height(CGtk_widget(widget))
            gtk_adjustment_clamp_page(adjustment, Double(top), Double(top + height))
        }
    }

    private static func row(_ title: String, _ subtitle: String) -> UnsafeMutableRawPointer {
        let row = UnsafeMutableRawPointer(made(hdy_action_row_new(), "a row"))
        hdy_preferences_row_set_title(CHandy_preferences_row(row), title)
        hdy_action_row_set_subtitle(CHandy_action_row(row), subtitle)
        hdy_action_row_set_subtitle_lines(CHandy_action_row(row), 6)
        return row
    }

    private static func button(_ label: String, name: String) -> UnsafeMutableRawPointer {
        let button = UnsafeMutableRawPointer(made(gtk_button_new_with_label(label), "a button"))
        gtk_widget_set_valign(CGtk_widget(button), GTK_ALIGN_CENTER)
        atk_object_set_name(CGtk_accessible(button), name)
        return button
    }

    private func say(_ row: UnsafeMutableRawPointer, _ words: String) {
        hdy_action_row_set_subtitle(CHandy_action_row(row), words)
        let control = row == logInRow ? logInButton : pasteEntry
        atk_object_set_description(CGtk_accessible(control), words)
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
        gtk_widget_set_sensitive(CGtk_widget(logInButton), 0)
        gtk_widget_show(CGtk_widget(spinner))
        gtk_spinner_start(CHandy_spinner(spinner))
        gtk_widget_show(CGtk_widget(cancelButton))
        if LoginListener.canServe(configuration.redirectURI) {
            say(logInRow, tr("Waiting for Weibo's answer in your browser (5 minutes at most)…"))
        } else {
            // Nothing here sees the browser come back: the user brings the address.
            say(logInRow, tr("Allow the app in your browser, then paste the address it ended on under Callback address."))
            say(pasteRow, tr("Paste the address of the page the browser ended on, and press Enter."))
            gtk_widget_show(CGtk_widget(pasteRow))
            gtk_widget_grab_focus(CGtk_widget(pasteEntry))
            Self.scrollIntoView(pasteRow)
            hdy_expander_row_set_expanded(CHandy_expander_row(callbackExpander), 1)
        }
        login.start { [weak self] result in
            switch result {
            case .success(let name): self?.finish(tr("Logged in as %s.", name), loggedIn: true)
            case .failure(let failure): self?.finish(tr("Not logged in: %s", failure.message))
            }
        }
    }

    /// The address pasted for a login whose callback is elsewhere.
    private func pasteAddress() {
        let answer = String(cString: gtk_entry_get_text(CHandy_entry(pasteEntry)))
        guard let login else { return say(pasteRow, tr("Press Log in with Weibo first.")) }
        if let problem = login.paste(answer) { return say(pasteRow, tr("No code in it: %s", problem)) }
        gtk_entry_set_text(CHandy_entry(pasteEntry), "")
        say(pasteRow, tr("Checking the code with Weibo…"))
    }

    /// The expander's rows: the recommended address, the callback setting's `row`, the pasted
    /// address's.
    func hold(callbackSetting row: UnsafeMutableRawPointer) {
        for row in [callbackRow, row, pasteRow] { gtk_container_add(CGtk_container(callbackExpander), CGtk_widget(row)) }
    }

    /// The callback address set (the expander's subtitle); `open`: shows what is under it.
    func showCallback(_ address: String, open: Bool = false) {
        let recommended = address == LoginListener.recommendedRedirect
        hdy_expander_row_set_subtitle(CHandy_expander_row(callbackExpander), recommended ? tr("%s (recommended)", address) : address)
        if open { hdy_expander_row_set_expanded(CHandy_expander_row(callbackExpander), 1) }
    }

    private func finish(_ words: String, loggedIn: Bool = false) {
        login?.cancel()
        login = nil
        gtk_entry_set_text(CHandy_entry(pasteEntry), "")
        gtk_widget_hide(CGtk_widget(pasteRow))
        gtk_spinner_stop(CHandy_spinner(spinner))
        gtk_widget_hide(CGtk_widget(spinner))
        gtk_widget_hide(CGtk_widget(cancelButton))
        gtk_widget_set_sensitive(CGtk_widget(logInButton), 1)
        say(logInRow, words)
        if loggedIn { changed?(true) }
    }
}
