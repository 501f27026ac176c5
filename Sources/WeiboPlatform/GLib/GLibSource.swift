public import CGLib

/// A GLib source (a timer, a Unix signal, a file descriptor) on the thread-default main
/// context, that owns its callback: GLib holds a retained box with the closure and releases it
/// through the source's destroy-notify, and releasing the handle removes the source.
///
/// The closure returns whether the source should keep firing. Capture the owner weakly: the
/// handle is what the owner keeps, so a strong capture would be a cycle.
public final class GLibSource {
    private let source: UnsafeMutablePointer<GSource>

    /// A callback's closure, as GLib holds it.
    private final class Callback {
        let fire: () -> Bool
        /// A child watch's: the wait status the child ended with.
        var exited: ((Int32) -> Void)?
        init(_ fire: @escaping () -> Bool) { self.fire = fire }
    }

    /// The trampoline of timers and signal sources (a GSourceFunc: the user data only).
    private static let sourceFunction: GSourceFunc = { data in
        MainContext.assertConfined()
        guard let data else { return CGLib_SOURCE_REMOVE }
        return Unmanaged<Callback>.fromOpaque(data).takeUnretainedValue().fire() ? CGLib_SOURCE_CONTINUE : CGLib_SOURCE_REMOVE
    }

    /// The trampoline of file-descriptor sources, which call a GUnixFDSourceFunc (fd, condition, data).
    private static let fileDescriptorFunction: @convention(c) (Int32, GIOCondition, UnsafeMutableRawPointer?) -> gboolean = { _, _, data in
        MainContext.assertConfined()
        guard let data else { return CGLib_SOURCE_REMOVE }
        return Unmanaged<Callback>.fromOpaque(data).takeUnretainedValue().fire() ? CGLib_SOURCE_CONTINUE : CGLib_SOURCE_REMOVE
    }

    /// The trampoline of child watches, which call a GChildWatchFunc (pid, wait status, data).
    private static let childWatchFunction: @convention(c) (GPid, Int32, UnsafeMutableRawPointer?) -> Void = { _, status, data in
        MainContext.assertConfined()
        guard let data else { return }
        Unmanaged<Callback>.fromOpaque(data).takeUnretainedValue().exited?(status)
    }

    private convenience init(_ made: UnsafeMutablePointer<GSource>?, function: GSourceFunc, _ fire: @escaping () -> Bool) {
        self.init(made, function: function, callback: Callback(fire))
    }

    private init(_ made: UnsafeMutablePointer<GSource>?, function: GSourceFunc, callback: Callback) {
        // GLib's source constructors abort on allocation failure rather than return NULL.
        guard let made else { fatalError("GLib made no source") }
        source = made
        // Retained here, released by GLib's destroy-notify when the source is destroyed (by
        // `deinit`, or when the callback asks to stop): exactly once.
        g_source_set_callback(
            source, function, Unmanaged.passRetained(callback).toOpaque(),
            { data in
                if let data { Unmanaged<Callback>.fromOpaque(data).release() }
            })
        g_source_attach(source, g_main_context_get_thread_default())
    }

    deinit {
        g_source_destroy(source)
        g_source_unref(source)
    }

    /// Fires after `milliseconds` (then again every `milliseconds` while `fire` returns true).
    public static func timeout(milliseconds: UInt32, _ fire: @escaping () -> Bool) -> GLibSource {
        GLibSource(g_timeout_source_new(milliseconds), function: sourceFunction, fire)
    }

    /// Fires after `seconds`, with GLib's whole-second timer (it groups wake-ups).
    public static func timeout(seconds: UInt32, _ fire: @escaping () -> Bool) -> GLibSource {
        GLibSource(g_timeout_source_new_seconds(seconds), function: sourceFunction, fire)
    }

    /// Fires once, `seconds` from now (at least 1, at most a week, so any length converts).
    public static func once(afterSeconds seconds: Double, _ fire: @escaping () -> Void) -> GLibSource {
        let whole = seconds.isFinite ? UInt32(min(max(seconds.rounded(.up), 1), 7 * 86_400)) : 7 * 86_400
        return timeout(seconds: whole) {
            fire()
            return false
        }
    }

    /// Runs `body` once, on a later turn of the thread-default context (`milliseconds` later at
    /// least): an answer that must never come inside the call that asked for it. The source
    /// keeps itself until it fired.
    public static func later(afterMilliseconds milliseconds: UInt32 = 0, _ body: @escaping () -> Void) {
        firingOnce(g_timeout_source_new(milliseconds), body)
    }

    /// Runs `body` once when the thread-default context has nothing more urgent to do: after
    /// GTK's resizing and drawing (their priorities are higher), so a window draws first.
    public static func whenIdle(_ body: @escaping () -> Void) {
        firingOnce(g_idle_source_new(), body)
    }

    /// `made` fires `body` once; the source keeps itself until then.
    private static func firingOnce(_ made: UnsafeMutablePointer<GSource>?, _ body: @escaping () -> Void) {
        var source: GLibSource?
        source = GLibSource(made, function: sourceFunction) {
            body()
            // The closure held the source (a cycle, on purpose): broken once it fired.
            withExtendedLifetime(source) { source = nil }
            return false
        }
    }

    /// Fires whenever the Unix signal `signal` arrives (on the loop, not in a signal handler).
    public static func unixSignal(_ signal: Int32, _ fire: @escaping () -> Bool) -> GLibSource {
        GLibSource(g_unix_signal_source_new(signal), function: sourceFunction, fire)
    }

    /// Fires once when the child `pid` (spawned with `G_SPAWN_DO_NOT_REAP_CHILD`) ends, with its
    /// wait status; GLib reaps it.
    public static func childExit(_ pid: GPid, _ exited: @escaping (Int32) -> Void) -> GLibSource {
        let callback = Callback { false }
        callback.exited = exited
        return GLibSource(
            g_child_watch_source_new(pid), function: unsafeBitCast(childWatchFunction, to: GSourceFunc.self), callback: callback)
    }

    /// The same, for a process id as Swift code outside holds it.
    public static func childExit(process pid: Int32, _ exited: @escaping (Int32) -> Void) -> GLibSource {
        childExit(GPid(pid), exited)
    }

    /// Fires when `descriptor` reports one of `conditions`.
    public static func fileDescriptor(_ descriptor: Int32, _ conditions: GIOCondition, _ fire: @escaping () -> Bool) -> GLibSource {
        // GLib calls the function with the signature the source type defines; GSourceFunc is
        // the untyped form g_source_set_callback takes, as the (GSourceFunc) cast does in C.
        GLibSource(
            g_unix_fd_source_new(descriptor, conditions), function: unsafeBitCast(fileDescriptorFunction, to: GSourceFunc.self), fire)
    }
}
