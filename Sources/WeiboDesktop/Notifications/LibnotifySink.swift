import CGLib
import CLibNotify

/// Bubbles through libnotify: one unread notification replaced in place, and passing ones.
///
/// The unread `NotifyNotification` is kept until its "closed" signal (an action on a freed
/// object is lost), and a new object is made after each close (the signal fires only once).
/// Without a notification server every show fails; that is logged once, and tried again at the
/// next show.
public final class LibnotifySink: NotificationSink {
    public var actionInvoked: ((String) -> Void)?
    public var unreadClosed: ((BubbleCloseReason) -> Void)?

    private var unread: UnsafeMutablePointer<NotifyNotification>?
    private let appIcon: String
    private let desktopEntry: String
    private var serverMissingLogged = false
    /// The server's capabilities, read at the first show and after a failure.
    private var capabilities: Set<String>?

    public init(appName: String, appIcon: String = "io.github.WeiboNotifier", desktopEntry: String = "io.github.WeiboNotifier") {
        self.appIcon = appIcon
        self.desktopEntry = desktopEntry
        if notify_is_initted() == 0 { notify_init(appName) }
    }

    deinit {
        if let unread { g_object_unref(UnsafeMutableRawPointer(unread)) }
    }

    public var supportsActions: Bool { serverCapabilities.contains("actions") }
    var supportsMarkup: Bool { serverCapabilities.contains("body-markup") }

    private var serverCapabilities: Set<String> {
        if let capabilities { return capabilities }
        var found: Set<String> = []
        var list = notify_get_server_caps()
        let head = list
        while let node = list {
            // The list holds C strings (libnotify's documented element type).
            if let data = node.pointee.data { found.insert(String(cString: data.assumingMemoryBound(to: CChar.self))) }
            list = node.pointee.next
        }
        g_list_free_full(head, { g_free($0) })
        if !found.isEmpty { capabilities = found }
        return found
    }

    public func showUnread(_ bubble: Bubble) -> Bool {
        let notification: UnsafeMutablePointer<NotifyNotification>
        if let unread {
            notify_notification_update(unread, bubble.summary, body(bubble), appIcon)
            notify_notification_clear_actions(unread)
            notification = unread
        } else {
            guard let made = notify_notification_new(bubble.summary, body(bubble), appIcon) else { return false }
            notification = made
            unread = made
            // The signal holds the sink unretained: the sink outlives its notifications
            // (`deinit` drops the object, and with it the handler).
            // The cast gives GObject the handler's real signature ("closed" passes the object and
            // the user data), as g_signal_connect's G_CALLBACK cast does in C.
            CGLib_signal_connect(
                UnsafeMutableRawPointer(made), "closed",
                unsafeBitCast(Self.notificationClosed as @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void, to: GCallback.self),
                Unmanaged.passUnretained(self).toOpaque(), nil)
        }
        configure(notification, bubble)
        return show(notification)
    }

    public func closeUnread() {
        guard let unread else { return }
        var error: UnsafeMutablePointer<GError>?
        notify_notification_close(unread, &error)
        if let error { Log.debug("closing the bubble: \(GLibError(taking: error).message)") }
    }

    public func showTransient(_ bubble: Bubble) {
        guard let notification = notify_notification_new(bubble.summary, body(bubble), appIcon) else { return }
        configure(notification, bubble)
        if show(notification), !bubble.actions.isEmpty {
            // Kept until closed, so that its buttons still work; released by `transientClosed`.
            CGLib_signal_connect(
                UnsafeMutableRawPointer(notification), "closed",
                unsafeBitCast(Self.transientClosed as @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void, to: GCallback.self),
                nil, nil)
        } else {
            g_object_unref(UnsafeMutableRawPointer(notification))
        }
    }

    // MARK: - Details

    private func body(_ bubble: Bubble) -> String {
        guard supportsMarkup, let escaped = g_markup_escape_text(bubble.body, -1) else { return bubble.body }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    private func configure(_ notification: UnsafeMutablePointer<NotifyNotification>, _ bubble: Bubble) {
        notify_notification_set_category(notification, "im.received")
        notify_notification_set_urgency(notification, NOTIFY_URGENCY_NORMAL)
        notify_notification_set_hint(notification, "desktop-entry", g_variant_new_string(desktopEntry))
        if bubble.isTransient {
            notify_notification_set_hint(notification, "transient", g_variant_new_boolean(1))
        }
        guard supportsActions else { return }
        for action in bubble.actions {
            // The box lives as long as the action: libnotify frees it with the notification.
            let box = Unmanaged.passRetained(ActionTarget(sink: self)).toOpaque()
            notify_notification_add_action(
                notification, action.key, action.label,
                { _, key, data in
                    guard let data, let key else { return }
                    let target = Unmanaged<ActionTarget>.fromOpaque(data).takeUnretainedValue()
                    target.sink?.actionInvoked?(String(cString: key))
                }, box, { data in
                    if let data { Unmanaged<ActionTarget>.fromOpaque(data).release() }
                })
        }
    }

    private func show(_ notification: UnsafeMutablePointer<NotifyNotification>) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        if notify_notification_show(notification, &error) != 0 {
            serverMissingLogged = false
            return true
        }
        let message = error.map { GLibError(taking: $0).message } ?? "unknown error"
        capabilities = nil
        if !serverMissingLogged {
            Log.warning("cannot show a notification (\(message)); will try again at the next poll")
            serverMissingLogged = true
        }
        return false
    }

    /// What an action's C callback needs: the sink, weakly (a late click after the sink went is ignored).
    private final class ActionTarget {
        weak var sink: LibnotifySink?
        init(sink: LibnotifySink) { self.sink = sink }
    }

    private static let notificationClosed: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { object, data in
        guard let object, let data else { return }
        let sink = Unmanaged<LibnotifySink>.fromOpaque(data).takeUnretainedValue()
        // The signal's instance is the NotifyNotification it was connected on.
        let notification = object.assumingMemoryBound(to: NotifyNotification.self)
        let reason = BubbleCloseReason(code: notify_notification_get_closed_reason(notification))
        if sink.unread == notification {
            sink.unread = nil
            // Released after the signal's emission is done with it.
            g_idle_add({ data in
                g_object_unref(data)
                return CGLib_SOURCE_REMOVE
            }, object)
        }
        sink.unreadClosed?(reason)
    }

    private static let transientClosed: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { object, _ in
        guard let object else { return }
        g_idle_add({ data in
            g_object_unref(data)
            return CGLib_SOURCE_REMOVE
        }, object)
    }
}
