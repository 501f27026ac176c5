import CGLib
import Glibc
public import WeiboKit
import WeiboPlatform

/// Starts the popup (`weibo-notifier-popup`, a GTK process of its own: the daemon links no
/// GTK) at a section, where the click happened, with the click's activation token.
///
/// The popup is a unique GTK application: a second start hands its request to the one running
/// (which switches section, or closes when it shows that section already) and ends. The
/// launcher watches the process it started: when it ends with a failure (no display, GTK could
/// not start) `failed` runs, and the caller shows the summary bubble instead.
///
/// One start at a time (`StartQueue`): 300 `ShowPopup` calls in a row start two processes.
public final class PopupLauncher {
    public static let executableName = "weibo-notifier-popup"

    /// Where a click happened, in screen coordinates (a tray's `Activate`).
    public struct Point: Equatable, Sendable {
        public var x: Int32
        public var y: Int32
        public init(x: Int32, y: Int32) {
            self.x = x
            self.y = y
        }
    }

    private let environment: [String: String]
    /// One start at a time.
    private let starts = StartQueue(busName: PopupLauncher.busName)

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// The popup's executable: `$WEIBO_NOTIFIER_POPUP` when set (an empty value: none), else
    /// the one beside the running program (installed side by side, or in the build folder),
    /// else the one on `PATH`.
    public func executable() -> String? {
        InstalledFiles.companion(Self.executableName, variable: "WEIBO_NOTIFIER_POPUP", environment: environment)
    }

    /// The arguments of a start at `kind`'s section; `toggles`: one that closes a window in
    /// front at that section (`PopupStart`).
    static func arguments(program: String, kind: PopupSectionKind, at point: Point?, account: Int64? = nil, toggles: Bool = false) -> [String] {
        [program, "--kind", kind.rawValue] + (point.map { ["--at", "\($0.x),\($0.y)"] } ?? [])
            + (account.map { ["--account", String($0)] } ?? []) + (toggles ? ["--toggle"] : [])
    }

    /// The popup application's bus name: it is up once this has an owner.
    public static let busName = "io.github.WeiboNotifier.Popup"
    /// Starts the popup; nil when it started (or waits to, behind a start under way), else why
    /// not (then `failed` is not called). `failed` runs on the main loop when the process ends
    /// with a failure.
    public func open(
        _ kind: PopupSectionKind, at point: Point?, activationToken: String?, account: Int64? = nil, toggles: Bool = false,
        failed: @escaping () -> Void
    ) -> String? {
        guard ProcessEnvironment.hasDisplay(environment) else {
            return tr("no display")
        }
        guard let program = executable() else { return tr("%s is not installed", Self.executableName) }
        // Said to the caller for a start now; for one that waited, the summary bubble instead.
        var reason: String?
        starts.submit { [weak self] now in
            guard let self else { return }
            let why = self.spawn(
                program, arguments: Self.arguments(program: program, kind: kind, at: point, account: account, toggles: toggles),
                activationToken: activationToken, failed: failed)
            if now {
                reason = why
            } else if let why {
                Log.info("no popup (\(why)): the summary bubble instead")
                failed()
            }
        }
        return reason
    }

    private func spawn(
        _ program: String, arguments: [String], activationToken: String?, failed: @escaping () -> Void
    ) -> String? {
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var variables = g_get_environ()
        for (name, value) in Browser.tokenVariables(activationToken) { variables = g_environ_setenv(variables, name, value, 1) }
        defer { g_strfreev(variables) }
        var pid: GPid = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_spawn_async(nil, &pointers, variables, G_SPAWN_DO_NOT_REAP_CHILD, nil, nil, &pid, &error) != 0 else {
            return error.map { GLibError(taking: $0).message } ?? tr("cannot start %s", Self.executableName)
        }
        starts.started(pid) { status in
            var error: UnsafeMutablePointer<GError>?
            if g_spawn_check_wait_status(status, &error) == 0 {
                Log.message("the popup could not be shown: \(error.map { GLibError(taking: $0).message } ?? "")")
                failed()
            }
        }
        return nil
    }
}
