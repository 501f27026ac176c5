public import WeiboKit
import WeiboPlatform

/// Where bubbles go: the desktop's notification server, the terminal when there is none. One
/// unread bubble per kind, each replaced in place.
public protocol NotificationSink: AnyObject {
    /// Shows the bubble of `kind`, or replaces it in place (or the one with `id`, which an
    /// earlier process may have shown), with the avatar file `image` when given. `shown` gets
    /// the id the server gave it, or nil when none took it.
    func showUnread(_ bubble: Bubble, kind: BubbleKind, replacing id: UInt32?, image: String?, shown: @escaping (UInt32?) -> Void)
    /// Closes the bubble of `kind`: the open one, or the one with `id`.
    func closeUnread(_ kind: BubbleKind, id: UInt32?)
    /// Follows clicks on, replies to and the closing of the bubble with `id`, shown by an
    /// earlier process, as the bubble of `kind`.
    func adopt(_ kind: BubbleKind, id: UInt32)
    /// Shows a second, passing bubble (a summary, an error, a warning).
    func showTransient(_ bubble: Bubble)
    /// Closes the passing bubble of `tag` if it is still open.
    func closeTransient(tag: String)
    /// Closes every bubble still open (the notifier quits: a click on one would reach no
    /// one); `done` once the server answered, or had its chance to.
    func closeAll(_ done: @escaping () -> Void)
    /// Whether the server shows buttons (the `actions` capability).
    var supportsActions: Bool { get }
    /// A button or a bubble was clicked: the bubble's kind and the action's key.
    var actionInvoked: ((BubbleKind, String) -> Void)? { get set }
    /// Text was typed into a bubble's inline reply.
    var replied: ((BubbleKind, String) -> Void)? { get set }
    /// An unread bubble went away, and why.
    var unreadClosed: ((BubbleKind, BubbleCloseReason) -> Void)? { get set }
    /// The notification server now running (an id of that instance), or none: told when the
    /// sink first learns it (none running included: the bubbles wait for that first word) and
    /// whenever it changes. Bubble ids are that instance's only.
    var serverChanged: ((String?) -> Void)? { get set }
    /// Starts following the notification server (`serverChanged` comes later).
    func followServer()
    /// While `actionInvoked` runs: the click's activation token, for a program it starts (a
    /// browser) to get the focus on Wayland.
    var activationToken: String? { get }
}

/// Prints bubbles to the terminal: the demo's fallback when no notification server runs.
public final class TerminalNotificationSink: NotificationSink {
    private let write: (String) -> Void
    private var open: Set<BubbleKind> = []
    private var lastID: UInt32 = 0
    public var actionInvoked: ((BubbleKind, String) -> Void)?
    public var replied: ((BubbleKind, String) -> Void)?
    public var unreadClosed: ((BubbleKind, BubbleCloseReason) -> Void)?
    public var serverChanged: ((String?) -> Void)?
    public var supportsActions: Bool { false }
    public var activationToken: String? { nil }

    /// The terminal keeps no bubbles across processes: no server runs.
    public func followServer() { serverChanged?(nil) }

    /// What was printed stays printed.
    public func closeAll(_ done: @escaping () -> Void) { done() }

    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    public func showUnread(_ bubble: Bubble, kind: BubbleKind, replacing id: UInt32?, image: String?, shown: @escaping (UInt32?) -> Void) {
        write(open.contains(kind) ? tr("[bubble updated] %s: %s", bubble.summary, bubble.body) : tr("[bubble] %s: %s", bubble.summary, bubble.body))
        open.insert(kind)
        lastID += 1
        shown(lastID)
    }

    /// A terminal keeps no bubbles of an earlier process.
    public func adopt(_ kind: BubbleKind, id: UInt32) {}

    public func closeUnread(_ kind: BubbleKind, id: UInt32?) {
        if open.remove(kind) != nil { write(tr("[bubble closed]")) }
    }

    public func showTransient(_ bubble: Bubble) {
        write("[\(bubble.summary)]\n\(bubble.body)")
    }

    /// What the terminal printed stays.
    public func closeTransient(tag: String) {}
}
