public import FoundationEssentials
public import WeiboKit

/// The whole browser login run by the daemon itself (the tray's "Log in to Weibo…", the expired
/// login's bubble), when the redirect address is a loopback one: the authorize page in the
/// browser, the code caught by a `LoginListener`, the token exchanged and saved, without a
/// terminal. Asynchronous throughout; five minutes for the user, then it gives up.
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

        /// Whether the daemon can run the flow: an app key, and a redirect it can catch.
        public var canRunHere: Bool { !appKey.isEmpty && LoginListener.canServe(redirectURI) }
    }

    public static let timeout = 300.0

    private let settings: Settings
    private let client: WeiboClient
    private let accounts: AccountStore
    private let now: () -> Date
    private var listener: LoginListener?
    private var timer: GLibSource?
    private var completion: ((Result<String, Failure>) -> Void)?
    private var activationToken: String?

    /// Why the login did not happen, said to the user.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public init(settings: Settings, client: WeiboClient, accounts: AccountStore, now: @escaping () -> Date = Date.init) {
        self.settings = settings
        self.client = client
        self.accounts = accounts
        self.now = now
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
                return self.finish(.failure(Failure(message: tr("no app secret for the app key %s: run weibo-notifier login", self.settings.appKey))))
            }
            self.listen(secret: secret)
        }
    }

    /// Gives up: the listener closes, `completion` is not called.
    public func cancel() {
        timer = nil
        listener = nil
        completion = nil
    }

    private func listen(secret: String) {
        let state = String(UInt64.random(in: 1...UInt64.max), radix: 16)
        do {
            listener = try LoginListener(redirectURI: settings.redirectURI, state: state)
        } catch {
            return finish(.failure(Failure(message: error.description)))
        }
        listener?.finished = { [weak self] outcome in
            // Not inside the listener's own handler: the listener goes with the flow.
            GLibSource.later { self?.caught(outcome, secret: secret) }
        }
        timer = GLibSource.once(afterSeconds: Self.timeout) { [weak self] in
            self?.finish(.failure(Failure(message: tr("no answer from the browser within 5 minutes; log in to Weibo again"))))
        }
        let url = client.authorizeURL(appKey: settings.appKey, redirectURI: settings.redirectURI, state: state, forceLogin: settings.forceLogin)
        if let reason = Browser.open(url, environment: settings.environment, activationToken: activationToken) {
            finish(.failure(Failure(message: tr("no browser could be opened (%s): run weibo-notifier login", reason))))
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
                            LoginAdvice.explain(api, redirectURI: self.settings.redirectURI, configurationFile: self.settings.configurationFile)
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
            let screenName = (try? result.get())?.screenName ?? ""
            let name = screenName.isEmpty ? tr("uid %d", account.uid) : screenName
            let place: AccountStore.TokenPlace = self.settings.tokenStore == .file ? .file : .keyring
            self.accounts.save(account, screenName: screenName, in: place, label: "Weibo Notifier: " + name) { saved in
                switch saved {
                case .success: self.finish(.success(name))
                case .failure(let failure) where place == .keyring && self.settings.tokenStore == .auto:
                    // No keyring after all: the 0600 file, as the command line does.
                    Log.message("the token goes to the account file: \(failure)")
                    do throws(AccountStore.Failure) {
                        try self.accounts.save(account, screenName: screenName)
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
        switch result {
        case .success(let name): listener?.conclude(page ?? .loggedIn(name))
        case .failure(let failure): listener?.conclude(page ?? .failed(failure.message))
        }
        listener = nil
        completion?(result)
        completion = nil
    }
}
