import CGLib
import Glibc

/// The program's GLib main loop, on the default main context, and what ends it.
public final class MainLoop {
    private let loop: OpaquePointer
    private var sources: [UInt32] = []
    /// Runs when SIGINT or SIGTERM arrives, before the loop quits.
    private var terminating: (() -> Void)?

    public init() {
        loop = g_main_loop_new(nil, 0)
    }

    deinit {
        for source in sources { g_source_remove(source) }
        g_main_loop_unref(loop)
    }

    /// Runs the default main context until `quit`.
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
            // The handlers hold the loop unretained; `deinit` removes them first.
            sources.append(g_unix_signal_add(signal, { data in
                guard let data else { return CGLib_SOURCE_REMOVE }
                let loop = Unmanaged<MainLoop>.fromOpaque(data).takeUnretainedValue()
                loop.terminating?()
                loop.quit()
                return CGLib_SOURCE_CONTINUE
            }, Unmanaged.passUnretained(self).toOpaque()))
        }
    }

    /// Quits as soon as `descriptor` reports an error or a hang-up (a reader that closed its pipe).
    public func quitWhenClosed(_ descriptor: Int32) {
        sources.append(g_unix_fd_add(descriptor, GIOCondition(rawValue: G_IO_ERR.rawValue | G_IO_HUP.rawValue), { _, _, data in
            guard let data else { return CGLib_SOURCE_REMOVE }
            Unmanaged<MainLoop>.fromOpaque(data).takeUnretainedValue().quit()
            return CGLib_SOURCE_CONTINUE
        }, Unmanaged.passUnretained(self).toOpaque()))
    }

    /// Lets `signals` through: a parent may have left them blocked, and the mask survives exec.
    public static func unblock(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Runs a loop of its own until SIGINT or SIGTERM.
    public static func runUntilTerminated() {
        let loop = MainLoop()
        loop.quitOnTermination()
        loop.run()
    }
}
