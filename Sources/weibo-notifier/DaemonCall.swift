import WeiboDesktop
import WeiboPlatform

/// Talks to the running notifier over the session bus, for `status`, `refresh` and `mark-read`.
enum DaemonCall {
    /// Runs `body` with a session-bus connection; no bus or no daemon is "unavailable" (69).
    static func with<Result>(_ body: (OpaquePointer) throws(SessionBus.Failure) -> Result) throws(CommandError) -> Result {
        let connection: OpaquePointer
        do {
            connection = try SessionBus.connect()
        } catch {
            throw .unavailable(error.description)
        }
        defer { SessionBus.release(connection) }
        do {
            return try body(connection)
        } catch {
            throw .unavailable(error.description)
        }
    }
}
