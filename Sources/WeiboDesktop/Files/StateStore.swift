import CGLib
public import WeiboKit
import WeiboPlatform

/// The daemon's state (`state.json` under `$XDG_STATE_HOME/weibo-notifier`), written
/// atomically after every change, so that a restart never repeats a bubble or loses the
/// baseline. A corrupt file is reported and set aside, never fatal.
public struct StateStore: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The state of the account `uid`, beside this file (`state-UID.json`): each account's
    /// baseline and bubbles are its own. The first time, the state of an earlier version (this
    /// file, kept for one account) becomes that account's, so nothing is lost.
    public func forAccount(_ uid: Int64) -> StateStore {
        let own = StateStore(path: Self.accountFile(uid, beside: path))
        if !own.exists && exists {
            own.save(load())
            try? PrivateFile.remove(path)
            Log.message("the state in \(path) is now uid \(uid)'s, in \(own.path)")
        }
        return own
    }

    /// The state file of the account `uid` beside `path` (the state directory's `state.json`).
    public static func accountFile(_ uid: Int64, beside path: String) -> String {
        PrivateFile.beside(path, named: "state-\(uid).json")
    }

    /// Whether the file is there.
    public var exists: Bool { access(path, F_OK) == 0 }

    /// The saved state; a fresh one when the file is missing, or unreadable: such a file is
    /// set aside first (`state-UID.json.unreadable-TIME`, with a warning), never written over.
    public func load() -> UnreadState {
        do {
            return try PrivateFile.readDocument(UnreadState.self, at: path) ?? UnreadState()
        } catch {
            do {
                let aside = try PrivateFile.setAside(path, at: .now)
                Log.warning("\(error); set aside as \(aside), starting afresh")
            } catch {
                Log.warning("\(error); starting afresh")
            }
            return UnreadState()
        }
    }

    public func save(_ state: UnreadState) {
        do {
            try PrivateFile.write(Array(try WeiboJSON.encode(state)) + [0x0A], to: path, mode: 0o600)
        } catch {
            Log.warning("cannot save the state to \(path): \(error)")
        }
    }
}
