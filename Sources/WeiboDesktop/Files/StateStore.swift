import FoundationEssentials
public import WeiboKit

/// The daemon's state (`state.json` under `$XDG_STATE_HOME/weibo-notifier`), written
/// atomically after every change, so that a restart never repeats a bubble or loses the
/// baseline. A corrupt file is reported and replaced, never fatal.
public struct StateStore: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The saved state; a fresh one (with a warning) when the file is missing or unreadable.
    public func load() -> UnreadState {
        let bytes: [UInt8]
        do {
            bytes = try PrivateFile.read(path)
        } catch {
            if case .missing = error { return UnreadState() }
            Log.warning("cannot read the state file: \(error); starting afresh")
            return UnreadState()
        }
        do {
            return try WeiboJSON.decodeDocument(UnreadState.self, from: Data(bytes))
        } catch {
            Log.warning("\(path) is corrupt (\(error)); it will be replaced")
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
