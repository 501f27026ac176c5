import CGLib
import CLibNotify
public import WeiboKit

/// Bubbles through libnotify: one unread notification per kind, replaced in place, and passing ones.
///
/// Each unread `NotifyNotification` is kept until its "closed" signal (an action on a freed
/// object is lost), and a new object is made after each close (the signal fires only once).
/// Without a notification server every show fails; that is logged once, and tried again at the
/// next show. A bubble an earlier process showed is replaced or closed by its id, and its
/// buttons, replies and closing are followed over D-Bus until it is replaced (`adopt`).
/// Servers with `inline-reply` get a Reply action where a bubble can be answered; the others
/// an Open action.
public final class LibnotifySink: NotificationSink {
    public var actionInvoked: ((BubbleKind, String) -> Void)?
    public var replied: ((BubbleKind, String) -> Void)?
    public var unreadClosed: ((BubbleKind, BubbleCloseReason) -> Void)?

    /// One kind's unread notification and its "closed" handler.
    private struct Slot {
        var notification: UnsafeMutablePointer<NotifyNotification>
        var closedHandler: GObjectSignalHandler
    }

    private var slots: [BubbleKind: Slot] = [:]
    /// Notifications closed by the server, released on the next turn of the loop (not inside
    /// the emission of their own "closed" signal).
    private var retiring: [(UnsafeMutablePointer<NotifyNotification>, GObjectSignalHandler?)] = []
    private var retireSource: GLibSource?
    /// Passing bubbles with buttons, kept until the server closes them.
    private var transients: [UInt: (UnsafeMutablePointer<NotifyNotification>, GObjectSignalHandler)] = [:]
    /// Bubbles of an earlier process, by id, followed until replaced.
    private var adopted: [UInt32: BubbleKind] = [:]
    /// The server's signals this sink follows itself: replies, and the adopted bubbles' actions
    /// and closing (libnotify follows its own notifications' actions and closing).
    private var subscriptions: [DBusSignalSubscription] = []
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
        for slot in slots.values { g_object_unref(UnsafeMutableRawPointer(slot.notification)) }
        for (notification, _) in retiring { g_object_unref(UnsafeMutableRawPointer(notification)) }
        for (notification, _) in transients.values { g_object_unref(UnsafeMutableRawPointer(notification)) }
    }

    public var supportsActions: Bool { serverCapabilities.contains("actions") }
    var supportsMarkup: Bool { serverCapabilities.contains("body-markup") }
    var supportsInlineReply: Bool { serverCapabilities.contains("inline-reply") }

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

    public func showUnread(_ bubble: Bubble, kind: BubbleKind, replacing id: UInt32?, image: String?) -> UInt32? {
        let notification: UnsafeMutablePointer<NotifyNotification>
        if let slot = slots[kind] {
            notify_notification_update(slot.notification, bubble.summary, body(bubble), appIcon)
            notify_notification_clear_actions(slot.notification)
            notify_notification_clear_hints(slot.notification)
            notification = slot.notification
        } else {
            guard let made = notify_notification_new(bubble.summary, body(bubble), appIcon) else { return nil }
            if let id { CLibNotify_notification_set_id(made, id) }
            notification = made
            let handler = GObjectSignalHandler(UnsafeMutableRawPointer(made), signal: "closed", shape: .instanceOnly) { [weak self] _, _ in
                self?.unreadWasClosed(kind, made)
            }
            slots[kind] = Slot(notification: made, closedHandler: handler)
        }
        configure(notification, bubble, image: image)
        followServerSignals()
        guard show(notification) else { return nil }
        let shownID = CLibNotify_notification_get_id(notification)
        // libnotify follows it from now on.
        if let id { adopted[id] = nil }
        return shownID > 0 ? shownID : nil
    }

    public func closeUnread(_ kind: BubbleKind, id: UInt32?) {
        var error: UnsafeMutablePointer<GError>?
        if let slot = slots[kind] {
            notify_notification_close(slot.notification, &error)
        } else if let id, let stand = notify_notification_new("", nil, nil) {
            // A bubble an earlier process showed: closed by its id.
            CLibNotify_notification_set_id(stand, id)
            notify_notification_close(stand, &error)
            g_object_unref(UnsafeMutableRawPointer(stand))
        }
        if let id { adopted[id] = nil }
        if let error { Log.debug("closing the bubble: \(GLibError(taking: error).message)") }
    }

    public func adopt(_ kind: BubbleKind, id: UInt32) {
        adopted[id] = kind
        followServerSignals()
    }

    /// Subscribes once to the server's ActionInvoked, NotificationClosed and NotificationReplied.
    private func followServerSignals() {
        guard subscriptions.isEmpty, let bus = try? SessionBus.connect() else { return }
        defer { SessionBus.release(bus) }
        let name = "org.freedesktop.Notifications"
        func follow(_ member: String, _ handler: @escaping (LibnotifySink, OpaquePointer) -> Void) -> DBusSignalSubscription {
            DBusSignalSubscription(connection: bus, sender: name, interface: name, member: member, path: "/org/freedesktop/Notifications") {
                [weak self] _, parameters in
                guard let self, let parameters else { return }
                handler(self, parameters)
            }
        }
        subscriptions = [
            follow("ActionInvoked") { sink, parameters in
                guard let kind = sink.adopted[Variants.uint32(in: parameters, at: 0)] else { return }
                sink.actionInvoked?(kind, Variants.string(in: parameters, at: 1))
            },
            follow("NotificationClosed") { sink, parameters in
                let id = Variants.uint32(in: parameters, at: 0)
                guard let kind = sink.adopted.removeValue(forKey: id) else { return }
                sink.unreadClosed?(kind, BubbleCloseReason(code: Int32(truncatingIfNeeded: Variants.uint32(in: parameters, at: 1))))
            },
            follow("NotificationReplied") { sink, parameters in
                guard let kind = sink.kind(ofID: Variants.uint32(in: parameters, at: 0)) else { return }
                sink.replied?(kind, Variants.string(in: parameters, at: 1))
            },
        ]
    }

    /// The kind of the unread bubble with server id `id`: one of ours, or an adopted one.
    private func kind(ofID id: UInt32) -> BubbleKind? {
        guard id > 0 else { return nil }
        if let kind = adopted[id] { return kind }
        return slots.first { CLibNotify_notification_get_id($0.value.notification) == id }?.key
    }

    /// The server closed an unread bubble: the next show of its kind makes a new one.
    private func unreadWasClosed(_ kind: BubbleKind, _ notification: UnsafeMutablePointer<NotifyNotification>) {
        let reason = BubbleCloseReason(code: notify_notification_get_closed_reason(notification))
        if let slot = slots[kind], slot.notification == notification {
            slots[kind] = nil
            retire(notification, slot.closedHandler)
        }
        unreadClosed?(kind, reason)
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
        configure(notification, bubble, image: nil)
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

    private func configure(_ notification: UnsafeMutablePointer<NotifyNotification>, _ bubble: Bubble, image: String?) {
        notify_notification_set_category(notification, bubble.category)
        notify_notification_set_urgency(notification, NOTIFY_URGENCY_NORMAL)
        notify_notification_set_hint(notification, "desktop-entry", g_variant_new_string(desktopEntry))
        if bubble.isTransient {
            notify_notification_set_hint(notification, "transient", g_variant_new_boolean(1))
        }
        if let sound = bubble.soundName { notify_notification_set_hint(notification, "sound-name", g_variant_new_string(sound)) }
        if let image { notify_notification_set_hint(notification, "image-path", g_variant_new_string(image)) }
        let canReply = bubble.replyPlaceholder != nil && supportsInlineReply
        if canReply, let placeholder = bubble.replyPlaceholder {
            notify_notification_set_hint(notification, "x-kde-reply-placeholder-text", g_variant_new_string(placeholder))
        }
        guard supportsActions else { return }
        // Reply where the server can take one, else Open: never both, never Reply without it.
        let actions = bubble.actions.filter { $0.key != (canReply ? Bubble.Action.openKey : Bubble.Action.replyKey) }
        for action in actions {
            // The box lives as long as the action: libnotify frees it with the notification.
            let box = Unmanaged.passRetained(ActionTarget(sink: self, kind: bubble.kind)).toOpaque()
            notify_notification_add_action(
                notification, action.key, action.label,
                { _, key, data in
                    guard let data, let key else { return }
                    let target = Unmanaged<ActionTarget>.fromOpaque(data).takeUnretainedValue()
                    target.sink?.actionInvoked?(target.kind, String(cString: key))
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

    /// What an action's C callback needs: the sink, weakly (a late click after the sink went is
    /// ignored), and the kind of the bubble it belongs to.
    private final class ActionTarget {
        weak var sink: LibnotifySink?
        let kind: BubbleKind
        init(sink: LibnotifySink, kind: BubbleKind) {
            self.sink = sink
            self.kind = kind
        }
    }
}
