import CGLib
public import CGtk
import Glibc

/// A unique GTK application (GtkApplication): a later start of the program hands its command
/// line to the first one's `commandLine` signal.
public final class Application {
    public let pointer: UnsafeMutablePointer<GtkApplication>

    /// Named `id` on the session bus. A later start sends its environment with its command line
    /// (for the activation token its click came with: `GtkApplicationRun.useActivationToken`).
    public init(id: String) {
        let flags = GApplicationFlags(rawValue: G_APPLICATION_HANDLES_COMMAND_LINE.rawValue | G_APPLICATION_SEND_ENVIRONMENT.rawValue)
        pointer = made(gtk_application_new(id, flags), "a GtkApplication")
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// The GObject, for `Signal.connect`.
    public var object: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    /// Its session-bus connection (nil before it registered, or with no bus).
    public var busConnection: OpaquePointer? {
        g_application_get_dbus_connection(UnsafeMutablePointer(OpaquePointer(pointer)))
    }

    /// Runs until its last window closes; the exit status.
    public func run(_ arguments: [String]) -> Int32 { GtkApplicationRun.run(object, arguments) }
}

/// GTK itself.
public enum Toolkit {
    /// Sets GTK up for this process (the display, the theme), before any window and any thread.
    /// GDK takes the click's activation token out of the environment; a copy stays under
    /// `GtkApplicationRun.activationTokenVariable`, for a start that hands its command line to
    /// the one running: GTK would send the token, but finds it gone.
    public static func start() {
        if let token = getenv("XDG_ACTIVATION_TOKEN") ?? getenv("DESKTOP_STARTUP_ID") {
            setenv(GtkApplicationRun.activationTokenVariable, token, 1)
        }
        gtk_init(nil, nil)
    }
}

/// The clipboard of Ctrl+C and Ctrl+V.
public enum Clipboard {
    public static func copy(_ text: String) {
        gtk_clipboard_set_text(gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0)), text, -1)
    }
}
