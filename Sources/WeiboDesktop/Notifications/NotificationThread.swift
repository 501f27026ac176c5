import CGLib
import CLibNotify
import WeiboPlatform

/// libnotify on a thread of its own, so that none of its synchronous D-Bus calls (25 s each
/// with a server that takes a call and never answers) can hold the main loop.
///
/// The thread runs a `GMainLoop` on a `GMainContext` it pushed as its thread-default before its
/// first libnotify call, so libnotify's proxy belongs to that context. The main loop hands it
/// work with `g_main_context_invoke_full` and gets every result back the same way on the main
/// context. libnotify is not thread-safe: every libnotify call happens on this one thread.
/// Callers keep at most one request per bubble kind outstanding (`DesktopNotificationSink`), so a
/// hung server costs one stuck thread and a handful of waiting requests, never a growing queue;
/// nothing ever joins the thread, so quitting never waits for it.
///
/// Invariant behind `@unchecked Sendable`: `pending` and `nextRequest` are touched only on the
/// main context (the one current when the object was made); the thread touches only libnotify
/// and the immutable contexts.
final class NotificationThread: @unchecked Sendable {
    /// A hint's value, made into a `GVariant` on the thread.
    enum Hint: Sendable {
        case byte(UInt8)
        case string(String)
        case boolean(Bool)
    }

    /// What one `Notify` sends.
    struct Show: Sendable {
        var appName: String
        var appIcon: String
        var summary: String
        var body: String
        var actions: [Action]
        var hints: [(key: String, value: Hint)]
        /// The bubble it replaces (0: a new one): libnotify's `id` property.
        var replacing: UInt32
        /// `expire_timeout` in milliseconds: -1 the server's own time, 0 until closed.
        var timeout: Int32 = -1
    }

    struct Action: Sendable {
        var key: String
        var label: String
    }

    enum Answer: Sendable {
        /// The server's id for the bubble shown, or nil with why not.
        case shown(UInt32?, failure: String?)
        case closed(failure: String?)
        case capabilities(Set<String>?, failure: String?)
    }

    /// The one notification thread of the process (libnotify keeps one proxy per process).
    static let shared = NotificationThread(appName: "Weibo Notifier")

    private let context: OpaquePointer
    private let mainContext: OpaquePointer
    private var pending: [UInt64: (Answer) -> Void] = [:]
    private var nextRequest: UInt64 = 0

    /// A box carrying a closure through `g_main_context_invoke_full`, freed by its destroy-notify.
    private final class Work {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private final class Start {
        let context: OpaquePointer
        let appName: String
        init(context: OpaquePointer, appName: String) {
            self.context = context
            self.appName = appName
        }
    }

    /// Starts the thread; made on the main context, which gets the answers.
    private init(appName: String) {
        context = g_main_context_new()
        mainContext = g_main_context_ref_thread_default()
        // The thread takes the box over (a retained reference, released on the thread).
        let start = Unmanaged.passRetained(Start(context: context, appName: appName)).toOpaque()
        let thread = g_thread_new(
            "notifications",
            { data in
                guard let data else { return nil }
                let start = Unmanaged<Start>.fromOpaque(data).takeRetainedValue()
                g_main_context_push_thread_default(start.context)
                notify_init(start.appName)
                let loop = g_main_loop_new(start.context, 0)
                g_main_loop_run(loop)
                return nil
            }, start)
        // Never joined: the thread lives as long as the process.
        g_thread_unref(thread)
    }

    /// Runs `request` on the notification thread; `done` gets its answer on the main context.
    func perform(_ request: @escaping @Sendable () -> Answer, done: @escaping (Answer) -> Void) {
        nextRequest += 1
        let number = nextRequest
        pending[number] = done
        Self.invoke(on: context) { [self] in
            let answer = request()
            Self.invoke(on: mainContext) { [self] in
                // Back on the main context (the invariant's other side).
                pending.removeValue(forKey: number)?(answer)
            }
        }
    }

    /// Runs `body` once on the thread that iterates `context`. `g_main_context_invoke_full` runs
    /// a function at once only on a context the caller owns or has as its thread-default; the
    /// main thread and the notification thread each have only their own, so here it always
    /// attaches an idle source to the other side's context.
    private static func invoke(on context: OpaquePointer, _ body: @escaping @Sendable () -> Void) {
        g_main_context_invoke_full(
            context, G_PRIORITY_DEFAULT,
            { data in
                guard let data else { return 0 }
                Unmanaged<Work>.fromOpaque(data).takeUnretainedValue().run()
                return 0  // G_SOURCE_REMOVE: once.
            }, Unmanaged.passRetained(Work(body)).toOpaque(),
            { data in
                if let data { Unmanaged<Work>.fromOpaque(data).release() }
            })
    }

    // MARK: - On the thread

    /// `Notify` through a `NotifyNotification` carrying everything of `show`. Clicks, replies
    /// and closings are followed by id on the main loop (adopted and passing bubbles alike),
    /// so the object goes once shown.
    static func notify(_ show: Show) -> Answer {
        guard let notification = notify_notification_new(show.summary, show.body, show.appIcon) else {
            return .shown(nil, failure: "libnotify made no notification")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
        CLibNotify_set_id(notification, show.replacing)
        notify_notification_set_app_name(notification, show.appName)
        for action in show.actions {
            // The action is followed on the main loop (ActionInvoked by id): libnotify's own
            // callback does nothing.
            notify_notification_add_action(notification, action.key, action.label, { _, _, _ in }, nil, nil)
        }
        for (key, value) in show.hints {
            let variant: OpaquePointer?
            switch value {
            case .byte(let byte): variant = g_variant_new_byte(byte)
            case .string(let text): variant = g_variant_new_string(text)
            case .boolean(let flag): variant = g_variant_new_boolean(flag ? 1 : 0)
            }
            notify_notification_set_hint(notification, key, variant)
        }
        notify_notification_set_timeout(notification, show.timeout)
        var error: UnsafeMutablePointer<GError>?
        guard notify_notification_show(notification, &error) != 0 else {
            return .shown(nil, failure: error.map { GLibError(taking: $0).message } ?? "not shown")
        }
        let id = CLibNotify_get_id(notification)
        return .shown(id > 0 ? id : nil, failure: nil)
    }

    /// `CloseNotification` of the bubble with `id`.
    static func close(_ id: UInt32) -> Answer {
        guard let notification = notify_notification_new("", nil, nil) else { return .closed(failure: "libnotify made no notification") }
        defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
        CLibNotify_set_id(notification, id)
        var error: UnsafeMutablePointer<GError>?
        guard notify_notification_close(notification, &error) != 0 else {
            return .closed(failure: error.map { GLibError(taking: $0).message } ?? "not closed")
        }
        return .closed(failure: nil)
    }

    /// `GetCapabilities`; nil when no server answered.
    static func capabilities() -> Answer {
        guard let list = notify_get_server_caps() else { return .capabilities(nil, failure: "no notification server answered") }
        defer { g_list_free_full(list, g_free) }
        var found: Set<String> = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let text = current.pointee.data { found.insert(String(cString: text.assumingMemoryBound(to: CChar.self))) }
            node = current.pointee.next
        }
        return .capabilities(found, failure: nil)
    }
}
