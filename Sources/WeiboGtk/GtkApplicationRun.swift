import CGLib
import CGtk
import Glibc
public import WeiboKit
import WeiboPlatform

/// What both windows' unique GTK applications do the same way: refuse a bad command line, run
/// with the process's arguments, and read a start's arguments (their own or a later process's).
public enum GtkApplicationRun {
    /// Says a usage error of `program` on standard error, then ends the process with status 2.
    /// The option as typed goes back without terminal controls.
    public static func exitWithUsageError(_ program: String, _ message: String) -> Never {
        let words = TextSanitizer.terminalSafe(program + ": " + message)
        let text = Array((words + "\n" + tr("Try '%s --help'.", program) + "\n").utf8)
        _ = text.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        exit(2)
    }

    /// Runs `application` (a GApplication) until its window closes; the exit status. The caller
    /// confines the main context to this thread first (GTK's loop turns the default context here).
    public static func run(_ application: UnsafeMutableRawPointer, _ arguments: [String]) -> Int32 {
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return g_application_run(application.assumingMemoryBound(to: GApplication.self), Int32(arguments.count), &pointers)
    }

    /// Where `Toolkit.start` keeps the click's activation token.
    static let activationTokenVariable = "WEIBO_NOTIFIER_ACTIVATION_TOKEN"

    /// Hands the activation token a start came with (its click's, on Wayland or X11) to the
    /// display, for the window presented next: focus follows a click on a bubble or the tray
    /// when the window is open already, in this process, as when it opens. Answers what kind
    /// of token it was.
    @discardableResult
    public static func useActivationToken(of commandLine: OpaquePointer) -> PopupStart.Token {
        guard let token = g_application_command_line_getenv(UnsafeMutablePointer(commandLine), activationTokenVariable),
            let display = gdk_display_get_default()
        else {
            Log.debug("a start without an activation token")
            return .none
        }
        Log.debug("a start with an activation token")
        switch String(cString: CGtk_type_name(UnsafeMutableRawPointer(display))) {
        case "GdkX11Display":
            gdk_x11_display_set_startup_notification_id(display, token)
            return .startupID
        case "GdkWaylandDisplay":
            gdk_wayland_display_set_startup_notification_id(display, token)
            return .activation
        default: return .none
        }
    }

    /// A start's arguments, without the program's name; nil when GLib gives none.
    public static func arguments(of commandLine: OpaquePointer) -> [String]? {
        var count: Int32 = 0
        guard let argv = g_application_command_line_get_arguments(UnsafeMutablePointer(commandLine), &count) else { return nil }
        defer { g_strfreev(argv) }
        return (1..<Int(max(count, 1))).compactMap { argv[$0].map { String(cString: $0) } }
    }
}
