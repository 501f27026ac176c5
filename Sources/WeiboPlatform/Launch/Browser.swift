import CGLib
import Glibc
import WeiboKit

/// The user's browser (`$BROWSER` when set, else the desktop's handler for https), for the tray,
/// the bubbles and login.
///
/// `activationToken`: the token of the click that asked (a bubble's button), handed to the
/// browser as `XDG_ACTIVATION_TOKEN` and `DESKTOP_STARTUP_ID` so that it gets the focus on
/// Wayland (and X11 startup notification).
public enum Browser {
    /// Variables this process set for itself only, not handed to the programs it starts.
    /// `nonisolated(unsafe)`: written first thing in `main`, before any thread; only read after.
    nonisolated(unsafe) private static var ownVariables: [String] = []

    /// For a GTK 3 window that draws with cairo only (the popup, the settings): no OpenGL. Without
    /// it, the first GTK 3 program on an X display asks GLX for its visuals (GTK then keeps them on
    /// the root window for the next ones), which loads Mesa and LLVM: 55 MB more resident and
    /// tens of milliseconds more before the first frame. Called first thing in `main`, before any
    /// thread; the browser it starts does not inherit the setting.
    public static func drawWithoutOpenGL() {
        guard getenv("GDK_GL") == nil else { return }
        setenv("GDK_GL", "disable", 1)
        ownVariables.append("GDK_GL")
    }

    /// Opens `url` with `$BROWSER` when `environment` sets it (the first of its `:`-separated
    /// commands; `%s` stands for the address, else it goes last), else with the desktop's
    /// handler. Nil when one took it, else why not.
    public static func open(_ url: String, environment: [String: String], activationToken: String? = nil) -> String? {
        guard let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init), !browser.isEmpty else {
            return open(url, activationToken: activationToken)
        }
        var arguments = browser.split(separator: " ").map(String.init)
        if let index = arguments.firstIndex(where: { $0.containsText("%s") }) {
            arguments[index] = arguments[index].replacingText("%s", with: url)
        } else {
            arguments.append(url)
        }
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        // The process's environment, with the token when there is one.
        var variables = g_get_environ()
        for (name, value) in tokenVariables(activationToken) { variables = g_environ_setenv(variables, name, value, 1) }
        for name in ownVariables { variables = g_environ_unsetenv(variables, name) }
        defer { g_strfreev(variables) }
        var error: UnsafeMutablePointer<GError>?
        guard g_spawn_async(nil, &pointers, variables, G_SPAWN_SEARCH_PATH, nil, nil, nil, &error) == 0 else { return nil }
        return error.map { GLibError(taking: $0).message } ?? tr("no browser")
    }

    /// Opens `url` with the desktop's handler; nil when one took it, else why not (no desktop,
    /// no handler).
    @discardableResult
    public static func open(_ url: String, activationToken: String? = nil) -> String? {
        let context = g_app_launch_context_new()
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        for (name, value) in tokenVariables(activationToken) { g_app_launch_context_setenv(context, name, value) }
        for name in ownVariables { g_app_launch_context_unsetenv(context, name) }
        var error: UnsafeMutablePointer<GError>?
        guard g_app_info_launch_default_for_uri(url, context, &error) == 0 else { return nil }
        let reason = error.map { GLibError(taking: $0).message } ?? tr("no browser")
        Log.message("cannot open \(Redaction.redact(url)): \(reason)")
        return reason
    }

    /// The variables that hand a click's activation token to the program it starts.
    public static func tokenVariables(_ token: String?) -> [(String, String)] {
        guard let token, !token.isEmpty else { return [] }
        return [("XDG_ACTIVATION_TOKEN", token), ("DESKTOP_STARTUP_ID", token)]
    }
}
