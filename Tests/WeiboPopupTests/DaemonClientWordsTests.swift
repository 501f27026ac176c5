import CGLib
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform

@testable import WeiboPopup

/// When the notifier does not answer the popup, the popup says so in words, with what to do,
/// chosen by the error's name: never D-Bus's or GLib's own text.
@Suite struct DaemonClientWordsTests {
    static let dbus = String(cString: g_quark_to_string(g_dbus_error_quark()))
    static let io = String(cString: g_quark_to_string(g_io_error_quark()))

    @Test(arguments: [
        (
            dbus, Int32(G_DBUS_ERROR_SERVICE_UNKNOWN.rawValue), "GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name is not activatable",
            "is not running"
        ),
        (dbus, Int32(G_DBUS_ERROR_NAME_HAS_NO_OWNER.rawValue), "Name \"io.github.WeiboNotifier\" does not exist", "is not running"),
        (dbus, Int32(G_DBUS_ERROR_NO_REPLY.rawValue), "GDBus.Error:org.freedesktop.DBus.Error.NoReply: Remote peer disconnected", "stopped answering"),
        (dbus, Int32(G_DBUS_ERROR_TIMED_OUT.rawValue), "Timeout was reached", "stopped answering"),
        (io, Int32(G_IO_ERROR_CLOSED.rawValue), "The connection is closed", "stopped answering"),
        (dbus, Int32(G_DBUS_ERROR_INVALID_ARGS.rawValue), "GDBus.Error:org.freedesktop.DBus.Error.InvalidArgs: kind", "could not answer"),
    ])
    func errorsAreSaidInWords(_ domain: String, _ code: Int32, _ raw: String, _ said: String) {
        let words = Localizer().text(.daemonTrouble(DaemonClient.trouble(GLibError(domain: domain, code: code, message: raw))))
        #expect(words.contains(said), "\(words)")
        #expect(words.contains("Ctrl+R"), "with what to do: \(words)")
        #expect(!words.contains("GDBus") && !words.contains("org.freedesktop") && !words.contains(raw), "\(words)")
    }
}
