import CGLib
import Glibc

/// The program's GLib main loop, on the thread-default main context, and what ends it.
public final class MainLoop {
    private let loop: OpaquePointer
    private var sources: [GLibSource] = []
    /// Runs when SIGINT or SIGTERM arrives, before the loop quits.
    private var terminating: (() -> Void)?

    public init() {
        loop = g_main_loop_new(g_main_context_get_thread_default(), 0)
    }

    deinit {
        sources = []
        g_main_loop_unref(loop)
    }

    /// Runs the main context until `quit`.
    public func run() {
        g_main_loop_run(loop)
    }

    public func quit() {
        g_main_loop_quit(loop)
    }

    /// SIGINT and SIGTERM quit the loop, after `then`.
    public func quitOnTermination(then: (() -> Void)? = nil) {
        terminating = then
        Self.unblock([SIGINT, SIGTERM])
        for signal in [SIGINT, SIGTERM] {
            sources.append(
                GLibSource.unixSignal(signal) { [weak self] in
                    self?.terminating?()
                    self?.quit()
                    return true
                })
        }
    }

    /// Quits as soon as `descriptor` reports an error or a hang-up (a reader that closed its pipe).
    public func quitWhenClosed(_ descriptor: Int32) {
        sources.append(
            GLibSource.fileDescriptor(descriptor, GIOCondition(rawValue: G_IO_ERR.rawValue | G_IO_HUP.rawValue)) { [weak self] in
                self?.quit()
                return true
            })
    }

    /// Lets `signals` through: a parent may have left them blocked, and the mask survives exec.
    public static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
