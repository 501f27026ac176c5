import CGLib

/// Runs the thread's GLib main context until something is done.
///
/// The daemon runs a `GMainLoop`; one-shot commands and tests instead turn the context until
/// their callback has fired. Everything runs on the calling thread: libsoup calls back on the
/// context that was the thread's default when the session or server was made.
public enum MainContext {
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
