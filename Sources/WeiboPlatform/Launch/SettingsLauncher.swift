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

    /// The window's bus name: it is up once this has an owner.
    public static let busName = "io.github.WeiboNotifier.Settings"

    /// Starts the window at `page` through `starts` (one start at a time: the daemon's
    /// `ShowSettings` and tray); nil when it started or waits behind a start under way, else why
    /// not (a start that waited and then failed is said in the log).
    public static func open(_ page: SettingPage?, environment: [String: String], activationToken: String?, starts: StartQueue) -> String? {
        guard ProcessEnvironment.hasDisplay(environment) else {
            return tr("no display")
        }
        var reason: String?
        starts.submit { now in
            switch spawn(page, environment: environment, activationToken: activationToken, flags: G_SPAWN_DO_NOT_REAP_CHILD) {
            case .success(let pid?):
                starts.started(pid) { status in
                    var error: UnsafeMutablePointer<GError>?
                    if g_spawn_check_wait_status(status, &error) == 0 {
                        Log.message("the settings window ended: \(error.map { GLibError(taking: $0).message } ?? "")")
                    }
                }
            case .success(nil): break
            case .failure(let why):
                if now { reason = why.message } else { Log.message("the settings window could not start: \(why.message)") }
            }
        }
        return reason
    }

    /// Starts the window at `page` (nil: the one it chooses); nil when it started, else why not.
    /// `detached`: its standard streams go to /dev/null (started from a terminal command, which
    /// then ends: the window must not hold the terminal's output open); else it inherits them
    /// (the notifier's log).
    public static func open(_ page: SettingPage?, environment: [String: String], activationToken: String? = nil, detached: Bool = false) -> String? {
        guard ProcessEnvironment.hasDisplay(environment) else {
            return tr("no display")
        }
        // GLib reaps it (no DO_NOT_REAP_CHILD): the window ends on its own.
        let flags =
            detached
            ? GSpawnFlags(G_SPAWN_STDIN_FROM_DEV_NULL.rawValue | G_SPAWN_STDOUT_TO_DEV_NULL.rawValue | G_SPAWN_STDERR_TO_DEV_NULL.rawValue) : G_SPAWN_DEFAULT
        if case .failure(let why) = spawn(page, environment: environment, activationToken: activationToken, flags: flags) { return why.message }
        return nil
    }

    public struct SpawnFailure: Error { var message: String }

    /// Spawns the window's process; its pid when GLib does not reap it (`G_SPAWN_DO_NOT_REAP_CHILD`).
    private static func spawn(
        _ page: SettingPage?, environment: [String: String], activationToken: String?, flags: GSpawnFlags
    ) -> Result<GPid?, SpawnFailure> {
        guard let program = executable(environment: environment) else { return .failure(SpawnFailure(message: tr("%s is not installed", executableName))) }
        let arguments = [program] + (page.map { ["--page", $0.rawValue] } ?? [])
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var variables = g_get_environ()
        for (name, value) in Browser.tokenVariables(activationToken) { variables = g_environ_setenv(variables, name, value, 1) }
        defer { g_strfreev(variables) }
        var error: UnsafeMutablePointer<GError>?
        var pid: GPid = 0
        guard g_spawn_async(nil, &pointers, variables, flags, nil, nil, &pid, &error) != 0 else {
            return .failure(SpawnFailure(message: error.map { GLibError(taking: $0).message } ?? tr("cannot start %s", executableName)))
        }
        return .success(flags.rawValue & G_SPAWN_DO_NOT_REAP_CHILD.rawValue != 0 ? pid : nil)
    }
}
