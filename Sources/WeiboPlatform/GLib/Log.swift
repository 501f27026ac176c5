import CGLib
import WeiboKit

/// Logging through GLib's structured logging: journald under systemd, standard error
/// otherwise; debug messages only with `G_MESSAGES_DEBUG` (or `-v`).
///
/// Callers pass text that never holds the token: URLs are logged by path, see `Redaction`.
public enum Log {
    public static let domain = "weibo-notifier"

    /// Debug and info messages are made (and redacted) only when they are shown: the popup
    /// logs each frame, the daemon each poll. So a message must not do anything else (take a
    /// `GError`, say): that would happen only when it is shown.
    public static func debug(_ message: @autoclosure () -> String) { writeIfShown(G_LOG_LEVEL_DEBUG, message) }
    public static func info(_ message: @autoclosure () -> String) { writeIfShown(G_LOG_LEVEL_INFO, message) }
    public static func message(_ message: String) { write(G_LOG_LEVEL_MESSAGE, message) }
    public static func warning(_ message: String) { write(G_LOG_LEVEL_WARNING, message) }

    /// Shows debug messages too, as `-v` asks.
    public static func enableDebug() {
        g_log_set_debug_enabled(1)
    }

    /// Every log line to standard error: GLib's default writer sends debug and info messages
    /// (GLib's own too, with `G_MESSAGES_DEBUG`) to standard output, where they would mix with
    /// what a command prints (a status bar's JSON, a timeline). The first thing `main` does:
    /// GLib takes this only before it started a thread of its own (a first bus connection
    /// starts one), and says so with a CRITICAL afterwards.
    public static func setUpProcess() {
        g_log_writer_default_set_use_stderr(1)
    }

    private static func writeIfShown(_ level: GLogLevelFlags, _ message: () -> String) {
        guard g_log_writer_default_would_drop(level, domain) == 0 else { return }
        write(level, message())
    }

    private static func write(_ level: GLogLevelFlags, _ message: String) {
        CGLib_log(domain, level, Redaction.redact(message))
    }
}

/// Keeps access tokens out of anything printed or logged.
public enum Redaction {
    /// `text` with the value of every `access_token=` parameter and `OAuth2 ` header replaced.
    public static func redact(_ text: String) -> String {
        var result = text
        for marker in ["access_token=", "OAuth2 ", "\"access_token\":\""] {
            var searchStart = result.startIndex
            while let range = result[searchStart...].range(ofText: marker) {
                var end = range.upperBound
                while end < result.endIndex, !"&\" \n\r\t,;}".contains(result[end]) {
                    end = result.index(after: end)
                }
                result.replaceSubrange(range.upperBound..<end, with: "<redacted>")
                searchStart = result.index(range.upperBound, offsetBy: "<redacted>".count, limitedBy: result.endIndex) ?? result.endIndex
            }
        }
        return result
    }
}
