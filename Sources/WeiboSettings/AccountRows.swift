import CGLib
import CGtk
import CHandy
import Glibc
import WeiboDesktop
import WeiboGtk
import WeiboKit

/// The Account page's accounts: each with its avatar, name (the default marked), uid, when its
/// login runs out and where its token is kept; "Log out" (`weibo-notifier logout UID` run as a
/// process of its own), and "Log in again…" on one whose login ran out.
final class AccountRows {
    let group: UnsafeMutableRawPointer
    private let files: SettingsFiles
    private let environment: [String: String]
    /// The configuration as the window has it now.
    private let configuration: () -> Configuration
    /// Logs in with Weibo asking which account (again, or another one).
    private let logInAgain: () -> Void
    private var rows: [UnsafeMutableRawPointer] = []
    private var logouts: [Int32: GLibSource] = [:]
    /// The accounts' avatars: the notifier's own cache (its folder, its 50 MiB shared with the
    /// popup's pictures).
    private lazy var avatars = AvatarCache(
        directory: files.directories.cacheDirectory + "/avatars", sharing: [files.directories.cacheDirectory + "/images"],
        trustedCAFile: configuration().tlsCAFile, apiBase: configuration().apiBase)

    init(files: SettingsFiles, environment: [String: String], configuration: @escaping () -> Configuration, logInAgain: @escaping () -> Void) {
        self.files = files
        self.environment = environment
        self.configuration = configuration
        self.logInAgain = logInAgain
        group = UnsafeMutableRawPointer(made(hdy_preferences_group_new(), "a group"))
        hdy_preferences_group_set_title(CHandy_preferences_group(group), tr("Accounts"))
    }

    /// The accounts as the file has them now.
    func show() {
        for row in rows { gtk_widget_destroy(CGtk_widget(row)) }
        rows = []
        let accounts = files.accounts(apiBase: configuration().apiBase)
        hdy_preferences_group_set_description(
            CHandy_preferences_group(group), accounts.isEmpty ? tr("No account is logged in.") : nil)
        for (index, account) in accounts.enumerated() {
            let row = UnsafeMutableRawPointer(made(hdy_action_row_new(), "an account row"))
            let name = account.screenName.isEmpty ? String(account.uid) : account.screenName
            hdy_preferences_row_set_title(CHandy_preferences_row(row), index == 0 ? tr("%s (default)", name) : name)
            hdy_action_row_set_subtitle(CHandy_action_row(row), Self.accountWords(account))
            hdy_action_row_set_subtitle_lines(CHandy_action_row(row), 2)
            hdy_action_row_add_prefix(CHandy_action_row(row), CGtk_widget(avatar(of: account, named: name)))
            let button = UnsafeMutableRawPointer(made(gtk_button_new_with_label(tr("Log out")), "a button"))
            atk_object_set_name(CGtk_accessible(button), tr("Log out %s", name))
            gtk_widget_set_valign(CGtk_widget(button), GTK_ALIGN_CENTER)
            let uid = account.uid
            Signal.clicked.connect(button) { [weak self] button in
                gtk_widget_set_sensitive(CGtk_widget(button), 0)
                self?.logOut(uid)
            }
            // An expired login: logged in again from its row (Weibo asks which account).
            if account.expiresIn > 0, account.account(token: "").expiresAt < Timestamp.now {
                let again = logInButton(tr("Log in again…"))
                atk_object_set_name(CGtk_accessible(again), tr("Log in again as %s", name))
                gtk_style_context_add_class(CGtk_style(again), "suggested-action")
                gtk_container_add(CGtk_container(row), CGtk_widget(again))
            }
            gtk_container_add(CGtk_container(row), CGtk_widget(button))
            gtk_container_add(CGtk_container(group), CGtk_widget(row))
            gtk_widget_show_all(CGtk_widget(row))
            rows.append(row)
        }
        if !accounts.isEmpty { rows.append(addAccountRow()) }
    }

    /// "Add account…", under the accounts: Weibo asks who logs in (not the browser's own session).
    private func addAccountRow() -> UnsafeMutableRawPointer {
        let row = UnsafeMutableRawPointer(made(hdy_action_row_new(), "a row"))
        hdy_preferences_row_set_title(CHandy_preferences_row(row), tr("Another Weibo account"))
        hdy_action_row_set_subtitle(CHandy_action_row(row), tr("Each account is checked and notified on its own."))
        let button = logInButton(tr("Add account…"))
        gtk_container_add(CGtk_container(row), CGtk_widget(button))
        hdy_action_row_set_activatable_widget(CHandy_action_row(row), CGtk_widget(button))
        gtk_container_add(CGtk_container(group), CGtk_widget(row))
        gtk_widget_show_all(CGtk_widget(row))
        return row
    }

    /// A button at a row's height that logs in through the browser, Weibo asking who.
    private func logInButton(_ label: String) -> UnsafeMutableRawPointer {
        let button = UnsafeMutableRawPointer(made(gtk_button_new_with_label(label), "a button"))
        gtk_widget_set_valign(CGtk_widget(button), GTK_ALIGN_CENTER)
        Signal.clicked.connect(button) { [weak self] _ in
            self?.logInAgain()
        }
        return button
    }

    /// The account's avatar: its initials on a colour until its picture is there (from the
    /// cache, or fetched: drawing never waits for it).
    private func avatar(of account: AccountStore.Saved, named name: String) -> UnsafeMutableRawPointer {
        let avatar = UnsafeMutableRawPointer(made(hdy_avatar_new(40, name, 1), "an avatar"))
        atk_object_set_name(CGtk_accessible(avatar), tr("Avatar of %s", name))
        guard !account.avatarURL.isEmpty else { return avatar }
        // Held until the picture comes: the row may be gone by then (the list made again).
        g_object_ref(avatar)
        avatars.image(for: account.avatarURL) { uri in
            defer { g_object_unref(avatar) }
            guard let uri, let file = g_file_new_for_uri(uri) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            guard let icon = g_file_icon_new(file) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
            hdy_avatar_set_loadable_icon(CHandy_avatar(avatar), icon)
        }
        return avatar
    }

    /// "uid 123 · the login runs out on 2027-01-01 · its token in the keyring".
    private static func accountWords(_ account: AccountStore.Saved) -> String {
        let end = account.account(token: "").expiresAt
        var words = [tr("uid %s", String(account.uid))]
        if account.expiresIn > 0 {
            let date = CivilTime(end, in: SystemTimeZone()).dateAndClockText
            words.append(end < Timestamp.now ? tr("the login ran out on %s", date) : tr("the login runs out on %s", date))
        }
        words.append(account.place == .keyring ? tr("its token in the keyring") : tr("its token in the account file (0600)"))
        return words.joined(separator: " · ")
    }

    /// Logs `uid` out as `weibo-notifier logout` does (Weibo revokes it, then it goes from this
    /// machine and the keyring), then lists the accounts again.
    private func logOut(_ uid: Int64) {
        guard let program = InstalledFiles.companion("weibo-notifier", environment: environment) else { return show() }
        var pointers: [UnsafeMutablePointer<CChar>?] = [program, "logout", String(uid)].map { (argument: String) in strdup(argument) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var pid: GPid = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_spawn_async(nil, &pointers, nil, G_SPAWN_DO_NOT_REAP_CHILD, nil, nil, &pid, &error) != 0 else {
            if let error { g_error_free(error) }
            return show()
        }
        logouts[pid] = GLibSource.childExit(process: pid) { [weak self] _ in
            self?.logouts[pid] = nil
            self?.show()
        }
    }
}
