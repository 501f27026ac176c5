import CGLib
import Glibc
public import WeiboKit

/// Starts the settings window (`weibo-notifier-settings`, a GTK process of its own: the daemon
/// links no GTK) at a page, with the click's activation token. The window is a unique GTK
/// application: a second start shows the one open, at that page.
public enum SettingsLauncher {
    public static let executableName = "weibo-notifier-settings"

    /// The window's executable: `$WEIBO_NOTIFIER_SETTINGS` when set, else the one beside the
    /// running program, else the one on `PATH`.
    public static func executable(environment: [String: String]) -> String? {
        InstalledFiles.companion(executableName, variable: "WEIBO_NOTIFIER_SETTINGS", environment: environment)
    }

    /// Starts the window at `page` (nil: the one it chooses); nil when it started, else why not.
    /// `detached`: its standard streams go to /dev/null (started from a terminal command, which
    /// then ends: the window must not hold the terminal's output open); else it inherits them
    /// (the notifier's log).
    public static func open(_ page: SettingPage?, environment: [String: String], activationToken: String? = nil, detached: Bool = false) -> String? {
        guard environment["DISPLAY"].map({ !$0.isEmpty }) == true || environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) == true else {
            return tr("no display")
        }
        guard let program = executable(environment: environment) else { return tr("%s is not installed", executableName) }
        let arguments = [program] + (page.map { ["--page", $0.rawValue] } ?? [])
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var variables = g_get_environ()
        for (name, value) in Browser.tokenVariables(activationToken) { variables = g_environ_setenv(variables, name, value, 1) }
        defer { g_strfreev(variables) }
        var error: UnsafeMutablePointer<GError>?
        // GLib reaps it (no DO_NOT_REAP_CHILD): the window ends on its own.
        let flags =
            detached
            ? GSpawnFlags(G_SPAWN_STDIN_FROM_DEV_NULL.rawValue | G_SPAWN_STDOUT_TO_DEV_NULL.rawValue | G_SPAWN_STDERR_TO_DEV_NULL.rawValue) : G_SPAWN_DEFAULT
        guard g_spawn_async(nil, &pointers, variables, flags, nil, nil, nil, &error) != 0 else {
            return error.map { GLibError(taking: $0).message } ?? tr("cannot start %s", executableName)
        }
        return nil
    }
}
