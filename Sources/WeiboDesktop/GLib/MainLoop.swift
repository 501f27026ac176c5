import CGLib
import Glibc

/// The program's GLib main loop.
public enum MainLoop {
    /// Runs the default main context until SIGINT or SIGTERM.
    public static func runUntilTerminated() {
        let loop = g_main_loop_new(nil, 0)
        defer { g_main_loop_unref(loop) }
        // A parent may have left these blocked (the mask survives exec); they must get through.
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        for signal in [SIGINT, SIGTERM] {
            // The loop outlives the handlers: they are removed when the loop quits below.
            g_unix_signal_add(
                signal,
                { data in
                    g_main_loop_quit(OpaquePointer(data))
                    return CGLib_SOURCE_REMOVE
                }, UnsafeMutableRawPointer(loop))
        }
        g_main_loop_run(loop)
    }
}
