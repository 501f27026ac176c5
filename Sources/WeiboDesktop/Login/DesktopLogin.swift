public import WeiboKit
public import WeiboPlatform

/// The whole browser login without a terminal, run by the daemon itself (the tray's "Log in to
/// Weibo…", the expired login's bubble) and by the settings window: the authorize page in the
/// browser, the code caught by a `LoginListener` on a loopback redirect address, the token
/// exchanged and saved. Asynchronous throughout; five minutes for the user, then it gives up.
///
/// With a redirect address elsewhere (Weibo's default page, say) nothing on this machine sees
/// the browser come back: the user pastes the address it ended on (`paste`), as at the
/// terminal's prompt. Only a window can ask for that (`Settings.canRunHere`).
public final class DesktopLogin {
    /// What the flow needs from the configuration.
    public struct Settings: Sendable {
        public var appKey: String
        /// "" when the keyring keeps it.
        public var appSecret: String
        public var redirectURI: String
        public var configurationFile: String
        /// Where tokens go: `auto` tries the keyring and falls back to the file.
        public var tokenStore: TokenStoreChoice
        /// For `$BROWSER`.
        public var environment: [String: String]
        /// Weibo asks who logs in, whatever account the browser is logged in to (adding a
        /// second account).
        public var forceLogin = false
        /// Where the user fixes the app's settings, for the words of Weibo's refusals: the
        /// window's rows (the settings window), else the configuration file.
        public var fixedIn: SettingsPlace?

        public init(
            appKey: String, appSecret: String, redirectURI: String, configurationFile: String, tokenStore: TokenStoreChoice,
            environment: [String: String]
        ) {
            self.appKey = appKey
            self.appSecret = appSecret
            self.redirectURI = redirectURI
            self.configurationFile = configurationFile
            self.tokenStore = tokenStore
            self.environment = environment
        }

        /// Whether the daemon can run the flow alone: an app key, and a redirect it can catch.
        public var canRunHere: Bool { !appKey.isEmpty && LoginListener.canServe(redirectURI) }
    }

    public static let timeout = 300.0

    private let settings: Settings
    private let client: WeiboClient
    private let accounts: AccountStore
    private let now: () -> Timestamp
    private var listener: LoginListener?
    private var timer: GLibSource?
    private var completion: ((Result<String, Failure>) -> Void)?
    /// The accounts files that could not be read, set aside by the login (said with its success).
    public private(set) var setAside: [AccountStore.SetAside] = []
    /// Why the keyring did not keep the token, when it went to the account file instead.
    public private(set) var keyringRefusal: KeyringRefusal?
    private var activationToken: String?
    /// Weibo's authorize page the browser was sent to (nil before).
    private var authorizePage: String?
    /// A login that waits for the address the browser ended on: its state, and the secret.
    private var pasted: (state: String, secret: String)?

    /// Why the login did not happen, said to the user.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    private let patience: Double

    /// `patience`: how long the browser has to come back, in seconds (`timeout`; shorter in tests).
    public init(
        settings: Settings, client: WeiboClient, accounts: AccountStore, now: @escaping () -> Timestamp = { Timestamp.now },
        patience: Double = DesktopLogin.timeout
    ) {
        self.settings = settings
        self.client = client
        self.accounts = accounts
        self.now = now
        self.patience = patience
    }

    /// Starts the flow; `completion` runs once, later, with the account's name or why not.
    /// `activationToken`: the token of the click that asked, for the browser.
    public func start(activationToken: String? = nil, completion: @escaping (Result<String, Failure>) -> Void) {
        self.completion = completion
        self.activationToken = activationToken
        guard settings.appSecret.isEmpty else { return listen(secret: settings.appSecret) }
        Keyring.lookup(.appSecret(appKey: settings.appKey), unlocking: true) { [weak self] result in
            guard let self else { return }
            guard case .success(let secret?) = result else {
                let words = tr("no App Secret is kept for the app key %s: type it on the Account page of the settings", self.settings.appKey)
                return self.finish(.failure(Failure(message: words)))
            }
            self.listen(secret: secret)
        }
    }

    /// Asked again while it waits (a second "Log in again…"): the same authorize page opens
    /// again, for the same listener, its window brought to the front; the wait goes on.
    public func reopen(activationToken: String? = nil) {
        guard let authorizePage, completion != nil else { return }
        if let reason = Browser.open(authorizePage, environment: settings.environment, activationToken: activationToken) {
            Log.message("the login's page could not be opened again: \(reason)")
        }
    }

    /// Gives up: the listener closes, `completion` is not called.
    public func cancel() {
        timer = nil
        listener = nil
        pasted = nil
        completion = nil
    }

    /// The address the browser ended on (or the bare code), pasted by the user, for a login
    /// whose redirect address is not on this machine. Why it brings no code, and the flow goes
    /// on waiting, or nil: the login goes on (`completion` says how it ends; a denial ends it).
    public func paste(_ answer: String) -> String? {
        guard let pasted else { return tr("the login does not wait for an address now") }
        switch LoginCode.read(answer, state: pasted.state) {
        case .success(let code):
            self.pasted = nil
            caught(.code(code), secret: pasted.secret)
        case .failure(.denied(let reason)):
            self.pasted = nil
            caught(.denied(reason), secret: pasted.secret)
        case .failure(let refusal):
            return LoginAdvice.words(refusal)
        }
        return nil
    }

    private func listen(secret: String) {
        let state = String(UInt64.random(in: 1...UInt64.max), radix: 16)
        if LoginListener.canServe(settings.redirectURI) {
            do {
                listener = try LoginListener(redirectURI: settings.redirectURI, state: state)
            } catch {
                return finish(.failure(Failure(message: error.description)))
            }
            listener?.finished = { [weak self] outcome in
                // Not inside the listener's own handler: the listener goes with the flow.
                GLibSource.later { self?.caught(outcome, secret: secret) }
            }
            timer = GLibSource.once(afterSeconds: patience) { [weak self] in
                self?.finish(.failure(Failure(message: tr("no answer from the browser within 5 minutes; log in to Weibo again"))))
            }
        } else {
            // The user brings the address back (`paste`), in their own time.
            pasted = (state, secret)
        }
        let url = client.authorizeURL(appKey: settings.appKey, redirectURI: settings.redirectURI, state: state, forceLogin: settings.forceLogin)
        authorizePage = url
        if let reason = Browser.open(url, environment: settings.environment, activationToken: activationToken) {
            finish(.failure(Failure(message: tr("no browser could be opened (%s): make one your desktop's default browser, or set $BROWSER", reason))))
        }
    }

    private func caught(_ outcome: LoginListener.Outcome, secret: String) {
        switch outcome {
        case .denied(let reason):
            finish(.failure(Failure(message: tr("Weibo did not give a code: %s (you did not allow Weibo Notifier to read the account)", reason))))
        case .code(let code):
            client.accessToken(appKey: settings.appKey, appSecret: secret, code: code, redirectURI: settings.redirectURI) { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let grant): self.save(Account(grant, receivedAt: self.now()))
                case .failure(let error):
                    var message = error.description
                    if case .api(let api) = error {
                        message =
                            LoginAdvice.explain(
                                api, redirectURI: self.settings.redirectURI, place: self.settings.fixedIn ?? .file(self.settings.configurationFile))
                            ?? message
                    }
                    self.finish(.failure(Failure(message: message)), page: .exchangeFailed(error, explained: message))
                }
            }
        }
    }

    /// The token saved where tokens go, with the user's screen name when Weibo gives it.
    private func save(_ account: Account) {
        client.user(account.uid, for: account) { [weak self] result in
            guard let self else { return }
            let user = try? result.get()
            let screenName = user?.screenName ?? ""
            let avatarURL = user?.avatarLargeURL ?? user?.profileImageURL ?? ""
            let name = screenName.isEmpty ? tr("uid %d", account.uid) : screenName
            let place: AccountStore.TokenPlace = self.settings.tokenStore == .file ? .file : .keyring
            self.accounts.save(account, screenName: screenName, avatarURL: avatarURL, in: place, label: "Weibo Notifier: " + name) { saved in
                switch saved {
                case .success(let stored):
                    self.setAside = stored.setAside
                    self.finish(.success(name))
                case .failure(let failure) where place == .keyring && self.settings.tokenStore == .auto:
                    // No keyring after all: the 0600 file, as the command line does.
                    Log.message("the token goes to the account file: \(failure)")
                    if case .keyring(let keyring) = failure { self.keyringRefusal = keyring.refusal(provider: nil) }
                    do throws(AccountStore.Failure) {
                        self.setAside = try self.accounts.save(account, screenName: screenName, avatarURL: avatarURL)
                        self.finish(.success(name))
                    } catch {
                        self.finish(.failure(Failure(message: error.description)))
                    }
                case .failure(let failure): self.finish(.failure(Failure(message: failure.description)))
                }
            }
        }
    }

    /// Ends the flow: the browser's last page (`page`, or what `result` says), then `completion`.
    private func finish(_ result: Result<String, Failure>, page: LoginListener.Page? = nil) {
        timer = nil
        pasted = nil
        switch result {
        case .success(let name): listener?.conclude(page ?? .loggedIn(name))
        case .failure(let failure): listener?.conclude(page ?? .failed(failure.message))
        }
        listener = nil
        completion?(result)
        completion = nil
    }
}
