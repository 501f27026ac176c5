import WeiboKit
import WeiboPlatform

/// The daemon's side of logging in: reading the login (the keyring never waited for, its unlock
/// prompt at most once), following the keyring, swapping the state when the account followed
/// changes, moving a token from the file to the keyring, and the desktop's own browser login.
extension AccountShell {
    /// The keyring may have been unlocked (it said something changed, or it started): the login
    /// is read again when the notifier waits for it.
    public func keyringChanged() {
        guard notifier.phase == .waitingForKeyring else { return }
        Log.debug("the keyring changed: the login is read again")
        accountChanged()
    }

    /// The user asked to unlock the keyring (a bubble's button): the login read again with the
    /// keyring's password window, however long they take.
    func unlockKeyring() {
        Self.keyringFoundLocked = false
        readLogin(askingTheUser: true) { [weak self] login in self?.loginRead(login) }
    }

    /// The browser login, run here when the redirect comes back to this machine (the login is
    /// then read again; the outcome said in a bubble), else in the settings window (no app key
    /// yet, or a redirect elsewhere), else, with no display for it, in a terminal.
    func startLogin() {
        let words = notifier.presenter.localizer
        let say = { [weak self] (text: String) in
            guard let self else { return }
            self.sink.showTransient(Bubble(summary: self.notifier.presenter.localizer.text(.appName), body: text, isTransient: true))
        }
        guard let settings = desktopLogin, settings.canRunHere else {
            // The settings window's guided login where it can open; else the terminal's.
            if SettingsLauncher.open(.account, environment: ProcessEnvironment.current, activationToken: sink.activationToken) == nil { return }
            let apiBase = client.endpoints.apiBase == WeiboEndpoints.weibo.apiBase ? nil : client.endpoints.apiBase
            if !LoginLauncher.openTerminal(apiBase: apiBase) {
                say(words.text(.noTerminal(run: LoginLauncher.arguments(program: "weibo-notifier", apiBase: apiBase).joined(separator: " "))))
            }
            return
        }
        // A login already waits: its page again, rather than nothing for up to five minutes.
        if let runningLogin { return runningLogin.reopen(activationToken: sink.activationToken) }
        let login = DesktopLogin(settings: settings, client: client, accounts: accounts, now: clock)
        runningLogin = login
        login.start(activationToken: sink.activationToken) { [weak self] result in
            self?.runningLogin = nil
            switch result {
            case .success(let name):
                // Where the token went when the keyring could not keep it, as the settings window says.
                let note = self.flatMap { login.keyringRefusal?.loginNote(file: $0.accounts.path, words) }
                say(words.text(.loggedIn(as: name)) + (note.map { " " + $0 } ?? ""))
                self?.accountChanged()
            case .failure(let failure): say(words.text(.notLoggedIn(because: failure.description)))
            }
        }
    }

    /// Reads the login (the token perhaps from the keyring, never waited for) and hands it to
    /// `done`; a newer read makes an older answer void. The keyring's unlock prompt comes at
    /// most once: after a read found it locked, later reads only look. `askingTheUser`: the
    /// user asked to unlock (a bubble's button): the prompt, without a time limit.
    func readLogin(askingTheUser: Bool = false, _ done: @escaping (Login) -> Void) {
        loginReads += 1
        let read = loginReads
        accounts.resolve(unlocking: askingTheUser || !Self.keyringFoundLocked, waitingForTheUser: askingTheUser) { [weak self] result in
            guard let self, read == self.loginReads else { return }
            switch result {
            case .success(let loaded):
                self.account = loaded
                done(.valid(expiresAt: loaded.expiresAt))
                if self.movesTokenToKeyring { self.moveTokenToKeyring(loaded) }
            case .failure(let failure):
                self.account = nil
                switch failure {
                case .notLoggedIn: done(.none)
                case .keyring(let failure):
                    // Locked, not answering, or gone (no Secret Service on the bus): the token is
                    // there all the same, so this is a wait, not a lost login.
                    Log.message("waiting for the keyring: \(failure)")
                    if failure == .locked || failure == .noAnswer {
                        Self.keyringFoundLocked = true
                        return done(.waitingForKeyring)
                    }
                    // Refused: by a keyring, or for want of one (nothing answers on the bus).
                    Keyring.serviceAnswers { [weak self] answers in
                        guard let self, read == self.loginReads else { return }
                        done(answers ? .waitingForKeyring : .noKeyring)
                    }
                default: done(.missing(reason: failure.description))
                }
            }
        }
    }

    /// A token found in the account file goes to the keyring (and out of the file) where one
    /// runs; without one it stays where it is.
    func moveTokenToKeyring(_ loaded: Account) {
        guard let saved = try? accounts.loadSaved(), saved.place == .file, saved.uid == loaded.uid else { return }
        movesTokenToKeyring = false
        // Without a keyring, libsecret is not even loaded.
        Keyring.serviceAnswers { [accounts] answers in
            guard answers else { return Log.debug("no keyring: the token stays in the account file") }
            accounts.save(loaded, screenName: saved.screenName, in: .keyring, label: "Weibo Notifier: \(saved.name)") { result in
                switch result {
                case .success: Log.message("the token moved from the account file to the keyring")
                case .failure(let failure): Log.debug("the token stays in the account file: \(failure)")
                }
            }
        }
    }

    /// A login read again: the same account's goes to the core; another account's (the
    /// default changed: a logout, a login as someone else) swaps the state: the old one saved
    /// and its bubbles closed, the new one's loaded, as at a start.
    func loginRead(_ login: Login) {
        guard let uid = account?.uid, uid != stateUID else { return send(.loginChanged(login, at: clock())) }
        if stateUID != nil {
            putAway()
            Log.message("now following uid \(uid)")
        }
        stateStore = noAccountState.forAccount(uid)
        stateUID = uid
        send(.started(stateStore.load(), login: login, at: clock()))
    }
}
