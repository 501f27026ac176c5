import CGLib
import Glibc
public import WeiboKit

/// Starts the popup (`weibo-notifier-popup`, a GTK process of its own: the daemon links no
/// GTK) at a section, where the click happened, with the click's activation token.
///
/// The popup is a unique GTK application: a second start hands its request to the one running
/// (which switches section, or closes when it shows that section already) and ends. The
/// launcher watches the process it started: when it ends with a failure (no display, GTK could
/// not start) `failed` runs, and the caller shows the summary bubble instead.
///
/// One start at a time: a request that comes while a started process has neither ended nor
/// taken the popup's bus name waits, and only the last of those is started then (300
/// `ShowPopup` calls in a row start two processes, not 300).
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
    /// The processes started and not yet ended, by pid.
    private var watches: [GPid: GLibSource] = [:]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// The popup's executable: `$WEIBO_NOTIFIER_POPUP` when set (an empty value: none), else
    /// the one beside the running program (installed side by side, or in the build folder),
    /// else the one on `PATH`.
    public func executable() -> String? {
        InstalledFiles.companion(Self.executableName, variable: "WEIBO_NOTIFIER_POPUP", environment: environment)
    }

    /// The arguments of a start at `kind`'s section.
    static func arguments(program: String, kind: BubbleKind, at point: Point?, account: Int64? = nil) -> [String] {
        [program, "--kind", kind.popupSection.rawValue] + (point.map { ["--at", "\($0.x),\($0.y)"] } ?? [])
            + (account.map { ["--account", String($0)] } ?? [])
    }

    /// The popup application's bus name: it is up once this has an owner.
    public static let busName = "io.github.WeiboNotifier.Popup"
    /// A process started and not yet ended nor up, and the last request that waits for it.
    private var starting: GPid?
    private var waiting: (() -> Void)?
    private var nameWatch: BusNameWatch?
    /// A start that neither ends nor comes up in 10 s (a popup hung at start) holds no one back.
    private var startBound: GLibSource?

    /// Starts the popup; nil when it started (or waits to, behind a start under way), else why
    /// not (then `failed` is not called). `failed` runs on the main loop when the process ends
    /// with a failure.
    public func open(
        _ kind: BubbleKind, at point: Point?, activationToken: String?, account: Int64? = nil, failed: @escaping () -> Void
    ) -> String? {
        guard environment["DISPLAY"].map({ !$0.isEmpty }) == true || environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) == true else {
            return tr("no display")
        }
        guard let program = executable() else { return tr("%s is not installed", Self.executableName) }
        guard starting == nil else {
            waiting = { [weak self] in
                guard let self, let reason = self.spawn(program, kind, at: point, activationToken: activationToken, account: account, failed: failed)
                else { return }
                Log.info("no popup (\(reason)): the summary bubble instead")
                failed()
            }
            return nil
        }
        return spawn(program, kind, at: point, activationToken: activationToken, account: account, failed: failed)
    }

    /// The start under way ended or came up: the request that waited, if any, goes now.
    private func started(_ pid: GPid) {
        guard starting == pid else { return }
        starting = nil
        startBound = nil
        let next = waiting
        waiting = nil
        next?()
    }

    private func watchName() {
        guard nameWatch == nil, let bus = try? SessionBus.connect() else { return }
        defer { SessionBus.release(bus) }
        nameWatch = BusNameWatch(
            connection: bus, name: Self.busName,
            appeared: { [weak self] in
                guard let self, let pid = self.starting else { return }
                self.started(pid)
            }, vanished: {})
    }

    private func spawn(
        _ program: String, _ kind: BubbleKind, at point: Point?, activationToken: String?, account: Int64?, failed: @escaping () -> Void
    ) -> String? {
        watchName()
        var pointers: [UnsafeMutablePointer<CChar>?] = Self.arguments(program: program, kind: kind, at: point, account: account).map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        var variables = g_get_environ()
        for (name, value) in Browser.tokenVariables(activationToken) { variables = g_environ_setenv(variables, name, value, 1) }
        defer { g_strfreev(variables) }
        var pid: GPid = 0
        var error: UnsafeMutablePointer<GError>?
        guard g_spawn_async(nil, &pointers, variables, G_SPAWN_DO_NOT_REAP_CHILD, nil, nil, &pid, &error) != 0 else {
            return error.map { GLibError(taking: $0).message } ?? tr("cannot start %s", Self.executableName)
        }
        starting = pid
        startBound = GLibSource.once(afterSeconds: 10) { [weak self] in self?.started(pid) }
        watches[pid] = GLibSource.childExit(pid) { [weak self] status in
            self?.watches[pid] = nil
            var error: UnsafeMutablePointer<GError>?
            if g_spawn_check_wait_status(status, &error) == 0 {
                Log.message("the popup could not be shown: \(error.map { GLibError(taking: $0).message } ?? "")")
                failed()
            }
            self?.started(pid)
        }
        return nil
    }
}
