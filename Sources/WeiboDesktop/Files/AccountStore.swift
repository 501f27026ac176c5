import CGLib
public import WeiboKit
public import WeiboPlatform

/// The saved logins, in their own file (`accounts.json`, mode 0600), apart from the
/// configuration: one entry per Weibo user, in the order they logged in; the first is the
/// default. Each token is in the keyring when the user has one (`token_store`), else in the file.
///
/// A store speaks for one account, `selection` (a screen name or uid; nil: the default), and
/// lists them all. The single `account` file of earlier versions is read once, merged in and
/// removed. A file that group or others could read is refused, with the `chmod` that fixes it.
///
/// A file that cannot be read is never taken for "no accounts": reading says why, a logout
/// changes nothing, and a login sets the file aside (`accounts.json.unreadable-TIME`, with the
/// logins in it; `doctor` and `accounts` name it) before it writes a new one.
public struct AccountStore: Sendable {
    public let path: String
    /// The one-account file of earlier versions, moved into `path` at the first read.
    public let legacyPath: String?
    /// The API the tokens are for (the keyring's `api-base` attribute).
    public let apiBase: String
    /// The account this store speaks for: a screen name or a uid; nil for the default.
    public let selection: String?

    public init(path: String, legacyPath: String? = nil, apiBase: String = WeiboEndpoints.weibo.apiBase, selection: String? = nil) {
        self.path = path
        self.legacyPath = legacyPath
        self.apiBase = apiBase
        self.selection = selection
    }

    /// The same file, speaking for another account.
    public func selecting(_ selection: String?) -> AccountStore {
        AccountStore(path: path, legacyPath: legacyPath, apiBase: apiBase, selection: selection)
    }

    /// Where a token is kept.
    public enum TokenPlace: String, Sendable {
        case keyring, file
    }

    /// Why an account could not be loaded or saved.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case notLoggedIn(path: String)
        /// `selection` names none of the accounts (their names listed).
        case unknownAccount(String, known: [String])
        case file(PrivateFile.Failure)
        case corrupt(path: String, reason: String)
        /// The file says the token is in the keyring, and the keyring could not be asked.
        case keyring(Keyring.Failure)
        /// The file says the token is in the keyring, and the keyring has none.
        case tokenMissing(uid: Int64)

        /// The file that could not be read and why, when setting it aside is what a login
        /// does: damaged, too large, or not readable by this user. (A file others could read is
        /// refused with the `chmod` that mends it, and a folder in its place is the user's to
        /// move: neither is set aside.)
        var unreadable: (path: String, reason: String)? {
            switch self {
            case .corrupt(let path, let reason): return (path, reason)
            case .file(.io(let path, let message)): return (path, message)
            case .file(.tooLarge(let path, let limit)): return (path, tr("larger than %d KiB", limit >> 10))
            default: return nil
            }
        }

        public var description: String {
            switch self {
            case .notLoggedIn: return tr("not logged in; run: weibo-notifier login")
            case .unknownAccount(let name, let known):
                return tr("no account '%s' (logged in: %s); see weibo-notifier accounts", name, known.joined(separator: ", "))
            case .file(let failure): return failure.description
            case .corrupt(let path, let reason):
                return tr(
                    "%s is not a valid account file (%s); mend it, or log in again (weibo-notifier login), which sets it aside with the logins in it",
                    path, reason)
            case .keyring(let failure): return failure.description
            case .tokenMissing(let uid): return tr("the keyring holds no token for uid %d; run: weibo-notifier login", Int(uid))
            }
        }
    }

    /// An accounts file that a login could not read, and so moved out of its way.
    public struct SetAside: Equatable, Sendable, CustomStringConvertible {
        /// Where it was.
        public var path: String
        /// Where it is now.
        public var aside: String
        public var reason: String

        public var description: String {
            tr(
                "%s could not be read (%s); it was set aside as %s with the logins in it: to use them again, mend it and move it back (mv '%s' '%s'), then log in to this account again",
                path, reason, aside, aside, path)
        }
    }

    /// Where a login went: the token's place, and the unreadable files set aside on the way.
    public struct Stored: Equatable, Sendable {
        public var place: TokenPlace
        public var setAside: [SetAside]
    }

    /// The accounts files earlier logins set aside (they could not be read), oldest first.
    public func setAsideFiles() -> [String] {
        PrivateFile.setAsideFiles(of: path)
    }

    /// One account as written: the login, and the token unless the keyring keeps it.
    public struct Saved: Equatable, Sendable {
        public var uid: Int64
        /// The user's screen name when it could be had ("" otherwise).
        public var screenName: String
        public var issuedAt: Timestamp
        public var expiresIn: Int64
        /// The token; nil when the keyring keeps it.
        public var token: String?
        /// The user's avatar (a public picture address) when it could be had ("" otherwise).
        public var avatarURL = ""
        /// The API the login was made against when it is not Weibo's (a sandbox: `doctor`
        /// asks there); "" for Weibo's.
        public var apiBase = ""

        public var place: TokenPlace { token == nil ? .keyring : .file }

        /// A screen name as shown and kept (it comes from Weibo, or a hand-edited file): one
        /// line, no control characters, at most 64 characters.
        static func cleaned(_ screenName: String) -> String {
            String(TextSanitizer.singleLine(screenName).prefix(64))
        }

        /// An address as kept (the avatar's, the API's): an http(s) address of one line and at
        /// most 1,024 characters, else "".
        static func cleaned(address: String) -> String {
            let url = address.trimmed(of: " \t\n")
            let usable = (url.hasPrefix("https://") || url.hasPrefix("http://")) && url.utf8.count <= 1024 && !url.contains { $0.isWhitespace }
            return usable ? url : ""
        }

        /// How the user calls it: the screen name, else "uid N".
        public var name: String { screenName.isEmpty ? tr("uid %d", uid) : screenName }

        /// Whether `selection` (a screen name or a uid) names this account.
        public func isNamed(_ selection: String) -> Bool {
            selection == String(uid) || (!screenName.isEmpty && selection.lowercased() == screenName.lowercased())
        }

        public func account(token: String) -> Account {
            Account(accessToken: token, uid: uid, issuedAt: issuedAt, expiresIn: expiresIn)
        }
    }

    /// Every account, the default first (the earlier layout merged in on the way).
    public func loadAll() throws(Failure) -> [Saved] {
        var saved = try readFile()
        guard let legacyPath, let legacy = try readLegacy(legacyPath) else { return saved }
        if !saved.contains(where: { $0.uid == legacy.uid }) { saved.append(legacy) }
        try writeFile(saved)
        do {
            try PrivateFile.remove(legacyPath)
        } catch {
            throw .file(error)
        }
        Log.message("the login moved from \(legacyPath) to \(path)")
        return saved
    }

    /// The selected account as written, without asking the keyring.
    public func loadSaved() throws(Failure) -> Saved {
        try selected(in: loadAll())
    }

    /// The entry `selection` names among `all` (the first without one).
    private func selected(in all: [Saved]) throws(Failure) -> Saved {
        guard let first = all.first else { throw .notLoggedIn(path: path) }
        guard let selection else { return first }
        guard let found = all.first(where: { $0.isNamed(selection) }) else { throw .unknownAccount(selection, known: all.map(\.name)) }
        return found
    }

    /// The selected account with its token, asking the keyring when it keeps the token
    /// (`unlocking`: with its unlock prompt if locked). The completion runs later on this
    /// thread's main context; the keyring is never waited for.
    public func resolve(unlocking: Bool = true, waitingForTheUser: Bool = false, completion: @escaping (Result<Account, Failure>) -> Void) {
        let saved: Saved
        do {
            saved = try loadSaved()
        } catch {
            return GLibSource.later { completion(.failure(error)) }
        }
        if let token = saved.token { return GLibSource.later { completion(.success(saved.account(token: token))) } }
        Keyring.lookup(.token(uid: saved.uid, apiBase: apiBase), unlocking: unlocking, waitingForTheUser: waitingForTheUser) { result in
            switch result {
            case .success(let token?):
                guard let problem = Account.tokenProblem(token) else { return completion(.success(saved.account(token: token))) }
                Log.warning("the keyring's token for uid \(saved.uid) is no token: \(problem)")
                completion(.failure(.tokenMissing(uid: saved.uid)))
            case .success(nil): completion(.failure(.tokenMissing(uid: saved.uid)))
            case .failure(let failure): completion(.failure(.keyring(failure)))
            }
        }
    }

    /// The selected account with its token, for one-shot commands: turns this thread's main
    /// context until the keyring answered (never the daemon's loop, which uses `resolve`).
    public func load() throws(Failure) -> Account {
        var outcome: Result<Account, Failure>?
        resolve { outcome = $0 }
        MainContext.run(timeout: Keyring.timeout + 1) { outcome != nil }
        switch outcome {
        case .success(let account): return account
        case .failure(let failure): throw failure
        case nil: throw .keyring(.noAnswer)
        }
    }

    /// Adds `account` (or, for a uid already there, replaces its login in place): the token in
    /// the keyring when `place` says so (the file keeps the rest), else in the file. Where it
    /// went, or why it could not be saved.
    public func save(
        _ account: Account, screenName: String, avatarURL: String = "", in place: TokenPlace, label: String,
        completion: @escaping (Result<Stored, Failure>) -> Void
    ) {
        guard place == .keyring else {
            do {
                let setAside = try put(account, screenName: screenName, avatarURL: avatarURL, withToken: true)
                return GLibSource.later { completion(.success(Stored(place: .file, setAside: setAside))) }
            } catch {
                return GLibSource.later { completion(.failure(error)) }
            }
        }
        Keyring.store(account.accessToken, as: .token(uid: account.uid, apiBase: apiBase), label: label) { failure in
            if let failure { return completion(.failure(.keyring(failure))) }
            do throws(Failure) {
                let setAside = try put(account, screenName: screenName, avatarURL: avatarURL, withToken: false)
                completion(.success(Stored(place: .keyring, setAside: setAside)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Adds `account` with its token in the file (`token_store = file`, the demo, tests); the
    /// unreadable files set aside on the way.
    @discardableResult
    public func save(_ account: Account, screenName: String = "", avatarURL: String = "") throws(Failure) -> [SetAside] {
        try put(account, screenName: screenName, avatarURL: avatarURL, withToken: true)
    }

    private func put(_ account: Account, screenName: String, avatarURL: String, withToken: Bool) throws(Failure) -> [SetAside] {
        var setAside: [SetAside] = []
        var all: [Saved]
        while true {
            do {
                all = try loadAll()
                break
            } catch {
                // At most the accounts file and the earlier one-account file.
                guard let (unreadable, reason) = error.unreadable, setAside.count < 2 else { throw error }
                do {
                    setAside.append(SetAside(path: unreadable, aside: try PrivateFile.setAside(unreadable, at: .now), reason: reason))
                } catch {
                    throw .file(error)
                }
                Log.warning(setAside[setAside.count - 1].description)
            }
        }
        let old = all.first { $0.uid == account.uid }
        let screenName = Saved.cleaned(screenName)
        let avatarURL = Saved.cleaned(address: avatarURL)
        var entry = Saved(
            uid: account.uid, screenName: screenName.isEmpty ? old?.screenName ?? "" : screenName, issuedAt: account.issuedAt,
            expiresIn: account.expiresIn, token: withToken ? account.accessToken : nil, avatarURL: avatarURL.isEmpty ? old?.avatarURL ?? "" : avatarURL)
        entry.apiBase = apiBase == WeiboEndpoints.weibo.apiBase ? "" : Saved.cleaned(address: apiBase)
        if let index = all.firstIndex(where: { $0.uid == account.uid }) { all[index] = entry } else { all.append(entry) }
        try writeFile(all)
        return setAside
    }

    /// Removes the selected login: its entry, and its token from the keyring when it is kept
    /// there. The next account becomes the default when the default goes. Not logged in is
    /// done already; a file that cannot be read is left as it is (it holds the other logins).
    public func delete(completion: @escaping (Failure?) -> Void) {
        let all: [Saved]
        let removed: Saved
        do {
            all = try loadAll()
            removed = try selected(in: all)
        } catch {
            if case .notLoggedIn = error { return GLibSource.later { completion(nil) } }
            return GLibSource.later { completion(error) }
        }
        do {
            try writeFile(all.filter { $0.uid != removed.uid })
        } catch {
            return GLibSource.later { completion(error) }
        }
        guard removed.token == nil else { return GLibSource.later { completion(nil) } }
        Keyring.clear(.token(uid: removed.uid, apiBase: apiBase)) { failure in completion(failure.map { .keyring($0) }) }
    }
}
