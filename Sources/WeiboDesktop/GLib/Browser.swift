import CGLib

/// The user's browser (the desktop's handler for https), for the tray, the bubbles and login.
public enum Browser {
    /// Opens `url`; whether a handler took it. A failure is logged, never fatal.
    @discardableResult
    public static func open(_ url: String) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard g_app_info_launch_default_for_uri(url, nil, &error) != 0 else {
            Log.message("cannot open \(Redaction.redact(url)): \(error.map { GLibError(taking: $0).message } ?? "no handler")")
            return false
        }
        return true
    }
}
