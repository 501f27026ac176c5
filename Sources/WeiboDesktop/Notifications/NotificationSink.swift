public import WeiboKit

/// Where bubbles go: libnotify on a desktop, the terminal when there is none.
public protocol NotificationSink: AnyObject {
    /// Shows the unread bubble, or replaces the open one in place (or the one with `id`, which an
    /// earlier process may have shown). The id the server gave it, or nil when none took it.
    func showUnread(_ bubble: Bubble, replacing id: UInt32?) -> UInt32?
    /// Closes the unread bubble: the open one, or the one with `id`.
    func closeUnread(id: UInt32?)
    /// Follows clicks on and the closing of the bubble with `id`, shown by an earlier process.
    func adopt(id: UInt32)
    /// Shows a second, passing bubble (the timeline summary, an error, a warning).
    func showTransient(_ bubble: Bubble)
    /// Whether the server shows buttons (the `actions` capability).
    var supportsActions: Bool { get }
    /// A button or the bubble was clicked: the action's key.
    var actionInvoked: ((String) -> Void)? { get set }
    /// The unread bubble went away, and why.
    var unreadClosed: ((BubbleCloseReason) -> Void)? { get set }
}

/// Prints bubbles to the terminal: the demo's fallback when no notification server runs.
public final class TerminalNotificationSink: NotificationSink {
    private let write: (String) -> Void
    private var unreadOpen = false
    private var lastID: UInt32 = 0
    public var actionInvoked: ((String) -> Void)?
    public var unreadClosed: ((BubbleCloseReason) -> Void)?
    public var supportsActions: Bool { false }

    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    public func showUnread(_ bubble: Bubble, replacing id: UInt32?) -> UInt32? {
        write(unreadOpen ? tr("[bubble updated] %s: %s", bubble.summary, bubble.body) : tr("[bubble] %s: %s", bubble.summary, bubble.body))
        unreadOpen = true
        lastID += 1
        return lastID
    }

    /// A terminal keeps no bubbles of an earlier process.
    public func adopt(id: UInt32) {}

    public func closeUnread(id: UInt32?) {
        if unreadOpen { write(tr("[bubble closed]")) }
        unreadOpen = false
    }

    public func showTransient(_ bubble: Bubble) {
        write("[\(bubble.summary)]\n\(bubble.body)")
    }
}
