import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// What the commands that talk to Weibo share: files, configuration, account, client, and a
/// way to wait for one call on the main context.
struct CommandContext {
    let environment: [String: String]
    let directories: XDGDirectories
    var configuration: Configuration
    let localizer: Localizer

    /// Loads the configuration (writing the documented default on first run); `apiBase`
    /// (from `--api-base`) points both API hosts at one server, a sandbox. Bad values are an
    /// error naming each of them, unless `keepingGoing` (the notifier: it says them and runs
    /// with the rest, each bad key at its default).
    init(environment: [String: String], apiBase: String?, account: String? = nil, keepingGoing: Bool = false) throws(CommandError) {
        self.environment = environment
        accountSelection = account
        directories = XDGDirectories(environment: environment)
        localizer = processLocalizer
        let loaded: ConfigurationFile.Loaded
        do {
            loaded = try ConfigurationFile.load(path: directories.configurationFile, systemFiles: directories.systemConfigurationFiles)
        } catch {
            throw .configuration(error.description)
        }
        for warning in loaded.warnings { Terminal.writeError(tr("weibo-notifier: warning: %s", warning)) }
        if !loaded.problems.isEmpty, !keepingGoing { throw .configuration(ConfigurationFile.Failure.several(loaded.problems).description) }
        for problem in loaded.problems { Log.warning(tr("%s; its default applies", problem.description)) }
        var configuration = loaded.configuration
        if let apiBase {
            configuration.apiBase = apiBase
            configuration.remindBase = apiBase
        }
        configuration.trustSSLCertFile(in: environment)
        self.configuration = configuration
    }

    /// Weibo is reached over the network, so GLib's network monitor has a say: not for a
    /// sandbox on this machine, unless a test of the offline rule asks it to
    /// (`WEIBO_NOTIFIER_SANDBOX_NEEDS_NETWORK=1`).
    var needsNetwork: Bool {
        !configuration.isSandbox || environment["WEIBO_NOTIFIER_SANDBOX_NEEDS_NETWORK"] == "1"
    }

    /// An HTTP client with the configuration's trusted CA, for requests repeated every
    /// `pollInterval` seconds.
    func httpClient(totalTimeout: UInt32, pollInterval: Int = 60) -> HTTPClient {
        HTTPClient(totalTimeout: totalTimeout, pollInterval: UInt32(pollInterval), trustedCAFile: configuration.tlsCAFile)
    }

    /// The account the command is for (`--account`: a screen name or uid); nil for the default.
    var accountSelection: String?

    var accountStore: AccountStore {
        AccountStore(path: directories.accountsFile, legacyPath: directories.legacyAccountFile, apiBase: configuration.apiBase, selection: accountSelection)
    }

    /// Where a new token goes: the configuration's `token_store`, `auto` meaning the keyring when
    /// a Secret Service runs on the session bus.
    var tokenPlace: AccountStore.TokenPlace {
        switch configuration.tokenStore {
        case .keyring: return .keyring
        case .file: return .file
        case .auto:
            guard let bus = try? SessionBus.connect() else { return .file }
            defer { SessionBus.release(bus) }
            return DesktopProbe.hasSecretService(on: bus) ? .keyring : .file
        }
    }

    /// Saves `account` where `tokenPlace` says (`auto` falls back to the file when the keyring
    /// refuses); where the token went. An accounts file that could not be read and was set
    /// aside on the way is said.
    func save(_ account: Account, screenName: String, avatarURL: String = "") throws(CommandError) -> AccountStore.TokenPlace {
        let place = tokenPlace
        var outcome: Result<AccountStore.Stored, AccountStore.Failure>?
        let label = "Weibo Notifier: " + (screenName.isEmpty ? "uid \(account.uid)" : screenName)
        accountStore.save(account, screenName: screenName, avatarURL: avatarURL, in: place, label: label) { outcome = $0 }
        MainContext.run(timeout: Keyring.timeout + 1) { outcome != nil }
        switch outcome {
        case .success(let stored):
            Self.say(stored.setAside)
            return stored.place
        case .failure(let failure) where configuration.tokenStore == .auto && place == .keyring:
            Terminal.writeError(tr("weibo-notifier: warning: %s; the token is kept in %s instead", Self.words(failure), directories.accountsFile))
            do {
                Self.say(try accountStore.save(account, screenName: screenName, avatarURL: avatarURL))
            } catch {
                throw .account(error.description)
            }
            return .file
        case .failure(let failure): throw .account(failure.description)
        case nil: throw .account(Keyring.Failure.noAnswer.description)
        }
    }

    /// What `failure` means: a keyring's refusal with what to install for the very program
    /// that runs the keyring (`kwalletd6`), where that is known.
    private static func words(_ failure: AccountStore.Failure) -> String {
        guard case .keyring(let keyring) = failure, let bus = try? SessionBus.connect() else { return failure.description }
        defer { SessionBus.release(bus) }
        guard case .running(let program) = DesktopProbe.secretServiceProvider(on: bus) else { return failure.description }
        return keyring.refusal(provider: program)?.text(processLocalizer) ?? failure.description
    }

    private static func say(_ setAside: [AccountStore.SetAside]) {
        for file in setAside { Terminal.writeError(tr("weibo-notifier: warning: %s", file.description)) }
    }

    /// The app secret: the configuration's `app_secret`, else the one the keyring keeps for
    /// `app_key` (nil when neither has one; a keyring that cannot be asked is said).
    func appSecret() -> String? {
        if !configuration.appSecret.isEmpty { return configuration.appSecret }
        guard !configuration.appKey.isEmpty, tokenPlace == .keyring else { return nil }
        var outcome: Result<String?, Keyring.Failure>?
        Keyring.lookup(.appSecret(appKey: configuration.appKey)) { outcome = $0 }
        MainContext.run(timeout: Keyring.timeout + 1) { outcome != nil }
        switch outcome {
        case .success(let secret): return secret
        case .failure(let failure): Terminal.writeError(tr("weibo-notifier: warning: the app secret could not be read: %s", failure.description))
        case nil: break
        }
        return nil
    }

    /// Keeps the app secret of `appKey` in the keyring when tokens go there; false when it
    /// belongs in the configuration instead (no keyring, `token_store = file`, or a refusal).
    func keepInKeyring(appSecret: String, appKey: String) -> Bool {
        guard tokenPlace == .keyring else { return false }
        var outcome: Keyring.Failure??
        Keyring.store(appSecret, as: .appSecret(appKey: appKey), label: "Weibo Notifier: app \(appKey)") { outcome = .some($0) }
        MainContext.run(timeout: Keyring.timeout + 1) { outcome != nil }
        switch outcome {
        case .some(nil): return true
        case .some(.some(let failure)):
            Terminal.writeError(tr("weibo-notifier: warning: the app secret could not be kept in the keyring: %s", failure.description))
        case nil: break
        }
        return false
    }

    /// Removes the login, and its token from the keyring.
    func deleteAccount() throws(CommandError) {
        var outcome: AccountStore.Failure??
        accountStore.delete { outcome = .some($0) }
        MainContext.run(timeout: Keyring.timeout + 1) { outcome != nil }
        if case .some(.some(let failure)) = outcome { throw .account(failure.description) }
    }

    /// The uid of the account `name` (a screen name or uid) names, for the calls to the running
    /// notifier that take one.
    static func uid(of name: String, environment: [String: String]) throws(CommandError) -> String {
        let directories = XDGDirectories(environment: environment)
        do {
            return String(try AccountStore(path: directories.accountsFile, legacyPath: directories.legacyAccountFile, selection: name).loadSaved().uid)
        } catch {
            throw .account(error.description)
        }
    }

    /// How the user wants emoticons shown, for commands that only lay things out (and so write
    /// no configuration): the file's `emoticons`, or the default when it has none or is unreadable.
    static func emoticons(environment: [String: String]) -> Emoticons.Style {
        let directories = XDGDirectories(environment: environment)
        let loaded = try? ConfigurationFile.load(path: directories.configurationFile, create: false, systemFiles: directories.systemConfigurationFiles)
        return loaded?.configuration.emoticons ?? .emoji
    }

    func loadAccount() throws(CommandError) -> Account {
        do {
            return try accountStore.load()
        } catch {
            throw .account(error.description)
        }
    }

    func makeClient() -> WeiboClient {
        WeiboClient(endpoints: configuration.endpoints, http: httpClient(totalTimeout: 20))
    }

    /// Starts `call` and turns the main context until it answered.
    func wait<Model>(_ call: (@escaping (Result<Model, WeiboClientError>) -> Void) -> Void) throws(CommandError) -> Model {
        var outcome: Result<Model, WeiboClientError>?
        call { outcome = $0 }
        MainContext.run(timeout: 60) { outcome != nil }
        switch outcome {
        case .success(let model): return model
        case .failure(let error): throw .weibo(error)
        case nil: throw .unavailable(tr("no answer from Weibo within %d s", 60))
        }
    }
}

/// Reads `--api-base URL` among a command's options.
extension ArgumentReader {
    mutating func apiBase(for option: (name: String, inlineValue: String?)) throws(CommandError) -> String {
        let value = try self.value(for: option)
        guard value.hasPrefix("http://") || value.hasPrefix("https://") else {
            throw usage(tr("--api-base takes an http(s) URL such as http://127.0.0.1:8080, not '%s'", value))
        }
        return value
    }
}
