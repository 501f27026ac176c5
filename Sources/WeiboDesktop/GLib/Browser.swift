import CGLib

/// The user's browser (the desktop's handler for https), for the tray, the bubbles and login.
public enum Browser {
    /// Opens `url`; nil when a handler took it, else why not (no desktop, no handler).
    @discardableResult
    public static func open(_ url: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard g_app_info_launch_default_for_uri(url, nil, &error) == 0 else { return nil }
        let reason = error.map { GLibError(taking: $0).message } ?? tr("no browser")
        Log.message("cannot open \(Redaction.redact(url)): \(reason)")
        return reason
    }
}
