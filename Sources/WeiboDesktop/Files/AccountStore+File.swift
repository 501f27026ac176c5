import CGLib
import WeiboKit
import WeiboPlatform

/// The accounts file: `{"accounts": [{"uid", "screen_name", "issued_at", "expires_in", and
/// "access_token" or "token_in": "keyring"}, …]}`; no file, or no entry, is not logged in.
/// An empty list removes the file.
extension AccountStore {
    /// The accounts, one per uid: an entry whose uid came already is left out (it would double
    /// every count and bubble); `duplicateUIDs` names them.
    func readFile() throws(Failure) -> [Saved] {
        var seen = Set<Int64>()
        return try readEntries().filter { seen.insert($0.uid).inserted }
    }

    /// The uids the file names more than once (the first entry of each is the one used).
    public func duplicateUIDs() -> [Int64] {
        var seen = Set<Int64>()
        var twice: [Int64] = []
        for entry in (try? readEntries()) ?? [] where !seen.insert(entry.uid).inserted && !twice.contains(entry.uid) {
            twice.append(entry.uid)
        }
        return twice
    }

    private func readEntries() throws(Failure) -> [Saved] {
        guard let bytes = try readBytes(path) else { return [] }
        do {
            return try WeiboJSON.decodeDocument(AccountsRecord.self, from: [UInt8](bytes)).accounts.map(\.saved)
        } catch {
            throw .corrupt(path: path, reason: error.explanation(processLocalizer))
        }
    }

    /// The one-account file of earlier versions, if there is one.
    func readLegacy(_ legacyPath: String) throws(Failure) -> Saved? {
        guard let bytes = try readBytes(legacyPath) else { return nil }
        do {
            return try WeiboJSON.decodeDocument(SavedRecord.self, from: [UInt8](bytes)).saved
        } catch {
            throw .corrupt(path: legacyPath, reason: error.explanation(processLocalizer))
        }
    }

    private func readBytes(_ path: String) throws(Failure) -> [UInt8]? {
        do {
            return try PrivateFile.read(path, privateOnly: true)
        } catch {
            if case .missing = error { return nil }
            throw .file(error)
        }
    }

    func writeFile(_ accounts: [Saved]) throws(Failure) {
        do {
            guard !accounts.isEmpty else { return try PrivateFile.remove(path) }
            let data: [UInt8]
            do {
                data = try WeiboJSON.encode(AccountsRecord(accounts: accounts.map(SavedRecord.init)))
            } catch {
                throw Failure.corrupt(path: path, reason: tr("cannot encode the account"))
            }
            try PrivateFile.write(Array(data) + [0x0A], to: path, mode: 0o600)
        } catch let failure as PrivateFile.Failure {
            throw .file(failure)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw .corrupt(path: path, reason: String(describing: error))
        }
    }

    private struct AccountsRecord: Codable {
        var accounts: [SavedRecord]
    }

    /// One entry: `uid`, `screen_name`, `issued_at`, `expires_in`, `avatar_url` when known, and
    /// `access_token` or `"token_in": "keyring"`.
    struct SavedRecord: Codable {
        var saved: Saved

        init(saved: Saved) { self.saved = saved }

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case uid
            case screenName = "screen_name"
            case issuedAt = "issued_at"
            case expiresIn = "expires_in"
            case tokenIn = "token_in"
            case avatarURL = "avatar_url"
            case apiBase = "api_base"
        }

        init(from decoder: any Decoder) throws {
            let keys = try decoder.container(keyedBy: CodingKeys.self)
            let token = try keys.decodeIfPresent(String.self, forKey: .accessToken)
            if let token, let problem = Account.tokenProblem(token) {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: [CodingKeys.accessToken], debugDescription: problem.id, underlyingError: problem))
            }
            if token == nil, try keys.decodeIfPresent(String.self, forKey: .tokenIn) != TokenPlace.keyring.rawValue {
                throw DecodingError.keyNotFound(CodingKeys.accessToken, DecodingError.Context(codingPath: [], debugDescription: "no token"))
            }
            let account = try Account(from: decoder, token: token ?? "")
            saved = Saved(
                uid: account.uid, screenName: Saved.cleaned(try keys.decodeIfPresent(String.self, forKey: .screenName) ?? ""), issuedAt: account.issuedAt,
                expiresIn: account.expiresIn, token: token,
                avatarURL: Saved.cleaned(address: try keys.decodeIfPresent(String.self, forKey: .avatarURL) ?? ""))
            saved.apiBase = Saved.cleaned(address: try keys.decodeIfPresent(String.self, forKey: .apiBase) ?? "")
        }

        func encode(to encoder: any Encoder) throws {
            var keys = encoder.container(keyedBy: CodingKeys.self)
            if let token = saved.token { try keys.encode(token, forKey: .accessToken) } else { try keys.encode("keyring", forKey: .tokenIn) }
            try keys.encode(saved.uid, forKey: .uid)
            if !saved.screenName.isEmpty { try keys.encode(saved.screenName, forKey: .screenName) }
            try keys.encode(Int64(saved.issuedAt.secondsSince1970.rounded(.down)), forKey: .issuedAt)
            try keys.encode(saved.expiresIn, forKey: .expiresIn)
            if !saved.avatarURL.isEmpty { try keys.encode(saved.avatarURL, forKey: .avatarURL) }
            if !saved.apiBase.isEmpty { try keys.encode(saved.apiBase, forKey: .apiBase) }
        }
    }
}
