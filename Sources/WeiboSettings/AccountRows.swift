import CGLib
import Glibc
import WeiboDesktop
import WeiboGtk
import WeiboKit
import WeiboPlatform

/// The Account page's accounts: each with its avatar, name (the default marked), uid, when its
/// login runs out and where its token is kept; "Log out" (`weibo-notifier logout UID` run as a
/// process of its own), and "Log in again…" on one whose login ran out.
final class AccountRows {
    let group = PreferencesGroup(title: tr("Accounts"))
    private let files: SettingsFiles
    private let environment: [String: String]
    /// The configuration as the window has it now.
    private let configuration: () -> Configuration
    /// Logs in with Weibo asking which account (again, or another one).
    private let logInAgain: () -> Void
    private var rows: [ActionRow] = []
    private var logouts: [Int32: GLibSource] = [:]
    /// The accounts' avatars: the notifier's own cache (its folder, its 50 MiB shared with the
    /// popup's pictures).
    private lazy var avatars = AvatarCache(
        directory: files.directories.cacheDirectory + "/avatars", sharing: [files.directories.cacheDirectory + "/images"],
        timeout: AvatarCache.windowTimeout, trustedCAFile: configuration().tlsCAFile, apiBase: configuration().apiBase)

    init(files: SettingsFiles, environment: [String: String], configuration: @escaping () -> Configuration, logInAgain: @escaping () -> Void) {
        self.files = files
        self.environment = environment
        self.configuration = configuration
        self.logInAgain = logInAgain
    }

    /// The accounts as the file has them now.
    func show() {
        for row in rows { row.destroy() }
        rows = []
        let accounts = files.accounts(apiBase: configuration().apiBase)
        group.description = accounts.isEmpty ? tr("No account is logged in.") : nil
        for (index, account) in accounts.enumerated() {
            let name = account.screenName.isEmpty ? String(account.uid) : account.screenName
            let row = ActionRow(title: index == 0 ? tr("%s (default)", name) : name, subtitle: Self.accountWords(account), subtitleLines: 2)
            row.addPrefix(avatar(of: account, named: name))
            let button = Button(tr("Log out"))
            button.accessibleName = tr("Log out %s", name)
            button.align(vertical: .center)
            let uid = account.uid
            Signal.clicked.connect(button) { [weak self, button] _ in
                button.isSensitive = false
                self?.logOut(uid)
            }
            // An expired login: logged in again from its row (Weibo asks which account).
            if account.expiresIn > 0, account.account(token: "").expiresAt < Timestamp.now {
                let again = logInButton(tr("Log in again…"))
                again.accessibleName = tr("Log in again as %s", name)
                again.setStyleClass("suggested-action")
                row.add(again)
            }
            row.add(button)
            group.add(row)
            row.showAll()
            rows.append(row)
        }
        if !accounts.isEmpty { rows.append(addAccountRow()) }
    }

    /// "Add account…", under the accounts: Weibo asks who logs in (not the browser's own session).
    private func addAccountRow() -> ActionRow {
        let row = ActionRow(title: tr("Another Weibo account"), subtitle: tr("Each account is checked and notified on its own."))
        let button = logInButton(tr("Add account…"))
        row.add(button)
        row.activates(button)
        group.add(row)
        row.showAll()
        return row
    }

    /// A button at a row's height that logs in through the browser, Weibo asking who.
    private func logInButton(_ label: String) -> Button {
        let button = Button(label)
        button.align(vertical: .center)
        Signal.clicked.connect(button) { [weak self] _ in
            self?.logInAgain()
        }
        return button
    }

    /// The account's avatar: its initials on a colour until its picture is there (from the
    /// cache, or fetched: drawing never waits for it).
    private func avatar(of account: AccountStore.Saved, named name: String) -> Avatar {
        let avatar = Avatar(size: 40, name: name)
        avatar.accessibleName = tr("Avatar of %s", name)
        guard !account.avatarURL.isEmpty else { return avatar }
        // Held until the picture comes: the row may be gone by then (the list made again).
        avatars.image(for: account.avatarURL) { uri in
            if let uri { avatar.showPicture(at: uri) }
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
