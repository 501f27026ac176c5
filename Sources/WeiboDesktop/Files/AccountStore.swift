import FoundationEssentials
public import WeiboKit

/// The saved login, in its own file (`account`, JSON, mode 0600), apart from the configuration.
///
/// A file that group or others could read is refused, with the `chmod` that fixes it.
public struct AccountStore: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Why the account could not be loaded or saved.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case notLoggedIn(path: String)
        case file(PrivateFile.Failure)
        case corrupt(path: String, reason: String)

        public var description: String {
            switch self {
            case .notLoggedIn: return tr("not logged in; run: weibo-notifier login")
            case .file(let failure): return failure.description
            case .corrupt(let path, let reason):
                return tr("%s is not a valid account file (%s); run: weibo-notifier login", path, reason)
            }
        }
    }

    public func load() throws(Failure) -> Account {
        let bytes: [UInt8]
        do {
            bytes = try PrivateFile.read(path, privateOnly: true)
        } catch {
            if case .missing = error { throw .notLoggedIn(path: path) }
            throw .file(error)
        }
        do {
            return try WeiboJSON.decode(Account.self, from: Data(bytes))
        } catch {
            throw .corrupt(path: path, reason: error.explanation(processLocalizer))
        }
    }

    public func save(_ account: Account) throws(Failure) {
        let data: Data
        do {
            data = try WeiboJSON.encode(account)
        } catch {
            throw .corrupt(path: path, reason: tr("cannot encode the account"))
        }
        do {
            try PrivateFile.write(Array(data) + [0x0A], to: path, mode: 0o600)
        } catch {
            throw .file(error)
        }
    }

    public func delete() throws(Failure) {
        do {
            try PrivateFile.remove(path)
        } catch {
            throw .file(error)
        }
    }
}
