import CGLib
import Glibc
import WeiboDesktop
import WeiboGtk
import WeiboKit
import WeiboPlatform

/// The Account page's accounts: each with its avatar, name (the default marked), uid, when its
/// login runs out and where its token is kept; "Log out" (`weibo-notifier logout UID` run as a
/// process of its own), and "Log in again…" on one whose login ran out, runs out soon or was
/// refused by Weibo. What a row says is WeiboKit's `AccountStanding`, from the saved login and
/// the running notifier's state (`GetStatus`, read again at each `StateChanged` and when the
/// notifier comes or goes), so the page follows the notifier while it is open.
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
    /// The running notifier's state and the uid it is of.
    private struct Running: Equatable {
        var phase: NotifierPhase
        var uid: Int64?
    }
    /// nil while none runs.
    private var notifier: Running?
    /// Whether the bus said yet if one runs (until then the rows go by the saved dates alone).
    private var notifierKnown = false
    private var notifierWatch: BusNameWatch?
    private var stateChanges: DBusSignalSubscription?
    /// The accounts' avatars: the notifier's own cache (its folder, its 50 MiB shared with the
    /// popup's pictures).
    private lazy var avatars = AvatarCache(
        directory: files.directories.cacheDirectory + "/avatars", sharing: [files.directories.cacheDirectory + "/images"],
        timeout: AvatarCache.windowTimeout, trustedCAFile: configuration().tlsCAFile, apiBase: configuration().apiBase)

    init(
        files: SettingsFiles, environment: [String: String], connection: OpaquePointer?, configuration: @escaping () -> Configuration,
        logInAgain: @escaping () -> Void
    ) {
        self.files = files
        self.environment = environment
        self.configuration = configuration
        self.logInAgain = logInAgain
        guard let connection else { return }
        notifierWatch = BusNameWatch(
            connection: connection, name: SessionBus.busName,
            appeared: { [weak self] in self?.readNotifier(connection) },
            vanished: { [weak self] in self?.notifierChanged(nil) })
        stateChanges = DBusSignalSubscription(
            connection: connection, sender: SessionBus.busName, interface: SessionBus.interfaceName, member: "StateChanged",
            path: SessionBus.objectPath, shape: "(s)"
        ) { [weak self] _, _ in self?.readNotifier(connection) }
    }

    /// `GetStatus`: the state and the uid it is of.
    private func readNotifier(_ connection: OpaquePointer) {
        DBusCall.call(
            connection, name: SessionBus.busName, path: SessionBus.objectPath, interface: SessionBus.interfaceName, method: "GetStatus", nil,
            reply: "(a{sv})"
        ) { [weak self] reply, _ in
            guard let reply else { return }
            let status = DaemonStatus(statusReply: reply)
            self?.notifierChanged(Running(phase: NotifierPhase(rawValue: status.state) ?? .starting, uid: status.account))
        }
    }

    private func notifierChanged(_ now: Running?) {
        guard !notifierKnown || now != notifier else { return }
        notifierKnown = true
        notifier = now
        if !rows.isEmpty { show() }
    }

    /// The accounts as the file has them now.
    func show() {
        for row in rows { row.destroy() }
        rows = []
        let accounts = files.accounts(apiBase: configuration().apiBase)
        group.description = accounts.isEmpty ? tr("No account is logged in.") : nil
        for (index, account) in accounts.enumerated() {
            let name = account.screenName.isEmpty ? String(account.uid) : account.screenName
            let standing = AccountStanding(
                uid: account.uid, expiresAt: account.expiresIn > 0 ? account.account(token: "").expiresAt : nil, inKeyring: account.place == .keyring,
                notifier: notifierKnown
                    ? notifier.map { AccountStanding.Notifier(phase: $0.phase, isThisAccount: $0.uid == account.uid) }
                    : AccountStanding.Notifier(phase: .starting, isThisAccount: false), now: Timestamp.now,
                zone: SystemTimeZone(), localizer: processLocalizer)
            let row = ActionRow(title: index == 0 ? tr("%s (default)", name) : name, subtitle: standing.words, subtitleLines: 2)
            row.addPrefix(avatar(of: account, named: name))
            let button = Button(tr("Log out"))
            button.accessibleName = tr("Log out %s", name)
            button.align(vertical: .center)
            let uid = account.uid
            Signal.clicked.connect(button) { [weak self, button] _ in
                button.isSensitive = false
                self?.logOut(uid)
            }
            // A login that ran out, runs out soon or was refused: logged in again from its row
            // (Weibo asks which account; its settings stay).
            if standing.offersLogInAgain {
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
