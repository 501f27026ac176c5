import CGLib

/// Runs the thread's GLib main context until something is done.
///
/// The daemon runs a `GMainLoop`; one-shot commands and tests instead turn the context until
/// their callback has fired. Everything runs on the calling thread: libsoup calls back on the
/// context that was the thread's default when the session or server was made.
public enum MainContext {
    /// The context the program's loop turns, once `confine` named it. `nonisolated(unsafe)`:
    /// written once by the entry point before the loop or any thread starts, then only read.
    nonisolated(unsafe) private static var confinedTo: OpaquePointer?
    /// The thread that named it (`nonisolated(unsafe)`: as `confinedTo`).
    nonisolated(unsafe) private static var loopThread: UnsafeMutablePointer<GThread>?

    /// Names the thread-default context as the one every GLib callback of the process must run
    /// on (the daemon's and the popup's loop), for `assertConfined`. Called once, by the
    /// processes' entry points (never by a library: tests run loops of their own on many threads).
    public static func confine() {
        confinedTo = g_main_context_ref_thread_default()
        loopThread = g_thread_self()
    }

    /// In debug builds, stops the program when state that is the loop thread's alone is
    /// touched on another thread (before the loop turns, as during it): the run-time check of a
    /// `nonisolated(unsafe)` static that says so.
    @inline(__always)
    public static func assertOnLoopThread(_ file: StaticString = #fileID, _ line: UInt = #line) {
        assert(loopThread.map { $0 == g_thread_self() } ?? true, "loop-thread state touched on another thread", file: file, line: line)
    }

    /// In debug builds, stops the program when a GLib callback runs anywhere but on the thread
    /// that owns the confined context (as swift-nio's `NIOLoopBound` does for its event loop):
    /// the shell's state is the loop's alone. Every callback entry of `GLib/` and `DBus/` calls it.
    @inline(__always)
    public static func assertConfined(_ file: StaticString = #fileID, _ line: UInt = #line) {
        assert(confinedTo.map { g_main_context_is_owner($0) != 0 } ?? true, "a GLib callback ran off the main loop's thread", file: file, line: line)
    }

    /// Iterates the thread-default main context until `isDone()` or `timeout` seconds passed.
    /// Returns whether it finished before the timeout.
    @discardableResult
    public static func run(timeout seconds: Double = 60, until isDone: () -> Bool) -> Bool {
        let context = g_main_context_ref_thread_default()
        defer { g_main_context_unref(context) }
        let deadline = g_get_monotonic_time() + Int(seconds * 1_000_000)
        // A timer on the same context wakes the blocking iteration when the deadline comes.
        let source = g_timeout_source_new(UInt32(max(seconds, 0) * 1000))
        g_source_set_callback(source, { _ in CGLib_SOURCE_REMOVE }, nil, nil)
        g_source_attach(source, context)
        defer {
            g_source_destroy(source)
            g_source_unref(source)
        }
        while !isDone() {
            if g_get_monotonic_time() >= deadline { return false }
            g_main_context_iteration(context, 1)
        }
        return true
    }

    /// Runs one thread-default main context of its own around `body`, so that what `body` starts
    /// (sessions, servers, timers) lives on it and goes away with it.
    public static func withOwnContext<Result>(_ body: () throws -> Result) rethrows -> Result {
        let context = g_main_context_new()
        g_main_context_push_thread_default(context)
        defer {
            // Let sources that were destroyed in `body` finish their clean-up.
            while g_main_context_iteration(context, 0) != 0 {}
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
        }
        return try body()
    }
}
