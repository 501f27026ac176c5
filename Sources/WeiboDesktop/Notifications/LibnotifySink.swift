import CGLib
import CLibNotify
public import WeiboKit

/// Bubbles through libnotify: one unread notification replaced in place, and passing ones.
///
/// The unread `NotifyNotification` is kept until its "closed" signal (an action on a freed
/// object is lost), and a new object is made after each close (the signal fires only once).
/// Without a notification server every show fails; that is logged once, and tried again at the
/// next show. A bubble an earlier process showed is replaced or closed by its id, and its
/// buttons and closing are followed over D-Bus until it is replaced (`adopt`).
public final class LibnotifySink: NotificationSink {
    public var actionInvoked: ((String) -> Void)?
    public var unreadClosed: ((BubbleCloseReason) -> Void)?

    private var unread: UnsafeMutablePointer<NotifyNotification>?
    private var unreadClosedHandler: GObjectSignalHandler?
    /// Notifications closed by the server, released on the next turn of the loop (not inside
    /// the emission of their own "closed" signal).
    private var retiring: [(UnsafeMutablePointer<NotifyNotification>, GObjectSignalHandler?)] = []
    private var retireSource: GLibSource?
    /// Passing bubbles with buttons, kept until the server closes them.
    private var transients: [UInt: (UnsafeMutablePointer<NotifyNotification>, GObjectSignalHandler)] = [:]
    /// The bubble of an earlier process, followed until replaced: its id and subscriptions.
    private var adopted: (id: UInt32, subscriptions: [DBusSignalSubscription])?
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
        unreadClosedHandler = nil
        if let unread { g_object_unref(UnsafeMutableRawPointer(unread)) }
        for (notification, _) in retiring { g_object_unref(UnsafeMutableRawPointer(notification)) }
        for (notification, _) in transients.values { g_object_unref(UnsafeMutableRawPointer(notification)) }
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

    public func showUnread(_ bubble: Bubble, replacing id: UInt32?) -> UInt32? {
        let notification: UnsafeMutablePointer<NotifyNotification>
        if let unread {
            notify_notification_update(unread, bubble.summary, body(bubble), appIcon)
            notify_notification_clear_actions(unread)
            notification = unread
        } else {
            guard let made = notify_notification_new(bubble.summary, body(bubble), appIcon) else { return nil }
            if let id { CLibNotify_notification_set_id(made, id) }
            notification = made
            unread = made
            unreadClosedHandler = GObjectSignalHandler(UnsafeMutableRawPointer(made), signal: "closed", shape: .instanceOnly) {
                [weak self] _, _ in self?.unreadWasClosed(made)
            }
        }
        configure(notification, bubble)
        guard show(notification) else { return nil }
        // libnotify follows it from now on.
        adopted = nil
        let shownID = CLibNotify_notification_get_id(notification)
        return shownID > 0 ? shownID : nil
    }

    public func closeUnread(id: UInt32?) {
        adopted = nil
        var error: UnsafeMutablePointer<GError>?
        if let unread {
            notify_notification_close(unread, &error)
        } else if let id, let stand = notify_notification_new("", nil, nil) {
            // A bubble an earlier process showed: closed by its id.
            CLibNotify_notification_set_id(stand, id)
            notify_notification_close(stand, &error)
            g_object_unref(UnsafeMutableRawPointer(stand))
        }
        if let error { Log.debug("closing the bubble: \(GLibError(taking: error).message)") }
    }

    public func adopt(id: UInt32) {
        guard let bus = try? SessionBus.connect() else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        let interface = "org.freedesktop.Notifications"
        adopted = (
            id,
            [
                DBusSignalSubscription(
                    connection: bus, sender: interface, interface: interface, member: "ActionInvoked", path: "/org/freedesktop/Notifications"
                ) {
                    [weak self] _, parameters in
                    guard let self, let parameters, Variants.uint32(in: parameters, at: 0) == self.adopted?.id else { return }
                    self.actionInvoked?(Variants.string(in: parameters, at: 1))
                },
                DBusSignalSubscription(
                    connection: bus, sender: interface, interface: interface, member: "NotificationClosed", path: "/org/freedesktop/Notifications"
                ) {
                    [weak self] _, parameters in
                    guard let self, let parameters, Variants.uint32(in: parameters, at: 0) == self.adopted?.id else { return }
                    self.adopted = nil
                    self.unreadClosed?(BubbleCloseReason(code: Int32(truncatingIfNeeded: Variants.uint32(in: parameters, at: 1))))
                },
            ]
        )
    }

    /// The server closed the unread bubble: the next show makes a new one.
    private func unreadWasClosed(_ notification: UnsafeMutablePointer<NotifyNotification>) {
        let reason = BubbleCloseReason(code: notify_notification_get_closed_reason(notification))
        if unread == notification {
            unread = nil
            retire(notification, unreadClosedHandler)
            unreadClosedHandler = nil
        }
        unreadClosed?(reason)
    }

    /// Releases a closed notification (and its "closed" handler) on the next turn of the loop,
    /// not inside the emission of its own signal.
    private func retire(_ notification: UnsafeMutablePointer<NotifyNotification>, _ handler: GObjectSignalHandler?) {
        retiring.append((notification, handler))
        guard retireSource == nil else { return }
        retireSource = GLibSource.timeout(milliseconds: 0) { [weak self] in
            guard let self else { return false }
            for (notification, _) in self.retiring { g_object_unref(UnsafeMutableRawPointer(notification)) }
            self.retiring = []
            self.retireSource = nil
            return false
        }
    }

    public func showTransient(_ bubble: Bubble) {
        guard let notification = notify_notification_new(bubble.summary, body(bubble), appIcon) else { return }
        configure(notification, bubble)
        if show(notification), !bubble.actions.isEmpty {
            // Kept until closed, so that its buttons still work.
            let key = UInt(bitPattern: notification)
            transients[key] = (
                notification,
                GObjectSignalHandler(UnsafeMutableRawPointer(notification), signal: "closed", shape: .instanceOnly) {
                    [weak self] _, _ in
                    guard let self, let (closed, handler) = self.transients.removeValue(forKey: key) else { return }
                    self.retire(closed, handler)
                }
            )
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
                }, box,
                { data in
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
}
