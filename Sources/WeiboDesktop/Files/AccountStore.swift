import CGLib
public import FoundationEssentials
public import WeiboKit

/// The saved login, in its own file (`account`, JSON, mode 0600), apart from the configuration;
/// the token itself in the keyring when the user has one (`token_store`), else in the file.
///
/// A file that group or others could read is refused, with the `chmod` that fixes it.
public struct AccountStore: Sendable {
    public let path: String
    /// The API the tokens are for (the keyring's `api-base` attribute).
    public let apiBase: String

    public init(path: String, apiBase: String = WeiboEndpoints.weibo.apiBase) {
        self.path = path
        self.apiBase = apiBase
    }

    /// Where a token is kept.
    public enum TokenPlace: String, Sendable {
        case keyring, file
    }

    /// Why the account could not be loaded or saved.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case notLoggedIn(path: String)
        case file(PrivateFile.Failure)
        case corrupt(path: String, reason: String)
        /// The file says the token is in the keyring, and the keyring could not be asked.
        case keyring(Keyring.Failure)
        /// The file says the token is in the keyring, and the keyring has none.
        case tokenMissing(uid: Int64)

        public var description: String {
            switch self {
            case .notLoggedIn: return tr("not logged in; run: weibo-notifier login")
            case .file(let failure): return failure.description
            case .corrupt(let path, let reason):
                return tr("%s is not a valid account file (%s); run: weibo-notifier login", path, reason)
            case .keyring(let failure): return failure.description
            case .tokenMissing(let uid): return tr("the keyring holds no token for uid %d; run: weibo-notifier login", Int(uid))
            }
        }
    }

    /// The account file as written: the login, and the token unless the keyring keeps it.
    public struct Saved: Equatable, Sendable {
        public var uid: Int64
        public var issuedAt: Date
        public var expiresIn: Int64
        /// The token; nil when the keyring keeps it.
        public var token: String?

        public var place: TokenPlace { token == nil ? .keyring : .file }

        func account(token: String) -> Account {
            Account(accessToken: token, uid: uid, issuedAt: issuedAt, expiresIn: expiresIn)
        }
    }

    /// The account file, without asking the keyring.
    public func loadSaved() throws(Failure) -> Saved {
        let bytes: [UInt8]
        do {
            bytes = try PrivateFile.read(path, privateOnly: true)
        } catch {
            if case .missing = error { throw .notLoggedIn(path: path) }
            throw .file(error)
        }
        do {
            return try WeiboJSON.decodeDocument(SavedRecord.self, from: Data(bytes)).saved
        } catch {
            throw .corrupt(path: path, reason: error.explanation(processLocalizer))
        }
    }

    /// The account with its token, asking the keyring when it keeps the token (`unlocking`: with
    /// its unlock prompt if locked). The completion runs later on this thread's main context;
    /// the keyring is never waited for.
    public func resolve(unlocking: Bool = true, completion: @escaping (Result<Account, Failure>) -> Void) {
        let saved: Saved
        do {
            saved = try loadSaved()
        } catch {
            return GLibSource.later { completion(.failure(error)) }
        }
        if let token = saved.token { return GLibSource.later { completion(.success(saved.account(token: token))) } }
        Keyring.lookup(.token(uid: saved.uid, apiBase: apiBase), unlocking: unlocking) { result in
            switch result {
            case .success(let token?): completion(.success(saved.account(token: token)))
            case .success(nil): completion(.failure(.tokenMissing(uid: saved.uid)))
            case .failure(let failure): completion(.failure(.keyring(failure)))
            }
        }
    }

    /// The account with its token, for one-shot commands: turns this thread's main context
    /// until the keyring answered (never the daemon's loop, which uses `resolve`).
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

    /// Saves `account`: the token in the keyring when `place` says so (the file keeps the rest),
    /// else all in the file. The place it went to, or why it could not be saved.
    public func save(_ account: Account, in place: TokenPlace, label: String, completion: @escaping (Result<TokenPlace, Failure>) -> Void) {
        guard place == .keyring else {
            do {
                try write(account, withToken: true)
                return GLibSource.later { completion(.success(.file)) }
            } catch {
                return GLibSource.later { completion(.failure(error)) }
            }
        }
        Keyring.store(account.accessToken, as: .token(uid: account.uid, apiBase: apiBase), label: label) { failure in
            if let failure { return completion(.failure(.keyring(failure))) }
            do throws(Failure) {
                try write(account, withToken: false)
                completion(.success(.keyring))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Saves `account` with its token in the file (`token_store = file`, tests).
    public func save(_ account: Account) throws(Failure) {
        try write(account, withToken: true)
    }

    private func write(_ account: Account, withToken: Bool) throws(Failure) {
        let record = SavedRecord(
            saved: Saved(uid: account.uid, issuedAt: account.issuedAt, expiresIn: account.expiresIn, token: withToken ? account.accessToken : nil))
        let data: Data
        do {
            data = try WeiboJSON.encode(record)
        } catch {
            throw .corrupt(path: path, reason: tr("cannot encode the account"))
        }
        do {
            try PrivateFile.write(Array(data) + [0x0A], to: path, mode: 0o600)
        } catch {
            throw .file(error)
        }
    }

    /// Removes the login: the file, and the token from the keyring when it is kept there.
    public func delete(completion: @escaping (Failure?) -> Void) {
        let saved = try? loadSaved()
        do {
            try PrivateFile.remove(path)
        } catch {
            return GLibSource.later { completion(.file(error)) }
        }
        guard let saved, saved.token == nil else { return GLibSource.later { completion(nil) } }
        Keyring.clear(.token(uid: saved.uid, apiBase: apiBase)) { failure in completion(failure.map { .keyring($0) }) }
    }

    /// The file's JSON: `uid`, `issued_at`, `expires_in`, and `access_token` or
    /// `"token_in": "keyring"`.
    private struct SavedRecord: Codable {
        var saved: Saved

        init(saved: Saved) { self.saved = saved }

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case uid
            case issuedAt = "issued_at"
            case expiresIn = "expires_in"
            case tokenIn = "token_in"
        }

        init(from decoder: any Decoder) throws {
            let keys = try decoder.container(keyedBy: CodingKeys.self)
            let token = try keys.decodeIfPresent(String.self, forKey: .accessToken)
            if token == nil, try keys.decodeIfPresent(String.self, forKey: .tokenIn) != TokenPlace.keyring.rawValue {
                throw DecodingError.keyNotFound(CodingKeys.accessToken, DecodingError.Context(codingPath: [], debugDescription: "no token"))
            }
            let account = try Account(from: decoder, token: token ?? "")
            saved = Saved(uid: account.uid, issuedAt: account.issuedAt, expiresIn: account.expiresIn, token: token)
        }

        func encode(to encoder: any Encoder) throws {
            var keys = encoder.container(keyedBy: CodingKeys.self)
            if let token = saved.token { try keys.encode(token, forKey: .accessToken) } else { try keys.encode("keyring", forKey: .tokenIn) }
            try keys.encode(saved.uid, forKey: .uid)
            try keys.encode(Int64(saved.issuedAt.timeIntervalSince1970.rounded(.down)), forKey: .issuedAt)
            try keys.encode(saved.expiresIn, forKey: .expiresIn)
        }
    }
}
