import CGLib

/// The user's browser (`$BROWSER` when set, else the desktop's handler for https), for the tray,
/// the bubbles and login.
public enum Browser {
    /// Opens `url` with `$BROWSER` when `environment` sets it (the first of its `:`-separated
    /// commands; `%s` stands for the address, else it goes last), else with the desktop's
    /// handler. Nil when one took it, else why not.
    public static func open(_ url: String, environment: [String: String]) -> String? {
        guard let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init), !browser.isEmpty else { return open(url) }
        var arguments = browser.split(separator: " ").map(String.init)
        if let index = arguments.firstIndex(where: { $0.contains("%s") }) {
            arguments[index] = arguments[index].split(separator: "%s", omittingEmptySubsequences: false).joined(separator: url)
        } else {
            arguments.append(url)
        }
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var error: UnsafeMutablePointer<GError>?
        guard g_spawn_async(nil, &pointers, nil, G_SPAWN_SEARCH_PATH, nil, nil, nil, &error) == 0 else { return nil }
        return error.map { GLibError(taking: $0).message } ?? tr("no browser")
    }

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
