/// One desktop notification's content, whoever shows it.
public struct Bubble: Equatable, Sendable {
    public var summary: String
    /// Plain text; a sink that sends markup escapes it.
    public var body: String
    /// Buttons: key and label. `default` is a click on the bubble itself.
    public var actions: [Action]
    /// A bubble that should not stay in the notification history (the summary, errors).
    public var isTransient: Bool

    public struct Action: Equatable, Sendable {
        public var key: String
        public var label: String

        public init(_ key: String, _ label: String) {
            self.key = key
            self.label = label
        }

        /// A click on the bubble.
        public static let clickKey = "default"
        public static let markReadKey = "mark-read"
        public static let openWeiboKey = "open-weibo"
    }

    public init(summary: String, body: String, actions: [Action] = [], isTransient: Bool = false) {
        self.summary = summary
        self.body = body
        self.actions = actions
        self.isTransient = isTransient
    }
}

/// Why the unread bubble closed.
public enum BubbleCloseReason: Equatable, Sendable {
    /// It timed out.
    case expired
    /// The user dismissed it.
    case dismissed
    /// The program closed it.
    case closedByProgram
    case unknown

    init(code: Int32) {
        switch code {
        case 1: self = .expired
        case 2: self = .dismissed
        case 3: self = .closedByProgram
        default: self = .unknown
        }
    }
}

/// Where bubbles go: libnotify on a desktop, the terminal when there is none.
public protocol NotificationSink: AnyObject {
    /// Shows the unread bubble, or replaces the open one in place. Whether a server took it.
    @discardableResult
    func showUnread(_ bubble: Bubble) -> Bool
    /// Closes the unread bubble, if one is open.
    func closeUnread()
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
    public var actionInvoked: ((String) -> Void)?
    public var unreadClosed: ((BubbleCloseReason) -> Void)?
    public var supportsActions: Bool { false }

    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    public func showUnread(_ bubble: Bubble) -> Bool {
        write(unreadOpen ? tr("[bubble updated] %s: %s", bubble.summary, bubble.body) : tr("[bubble] %s: %s", bubble.summary, bubble.body))
        unreadOpen = true
        return true
    }

    public func closeUnread() {
        if unreadOpen { write(tr("[bubble closed]")) }
        unreadOpen = false
    }

    public func showTransient(_ bubble: Bubble) {
        write("[\(bubble.summary)]\n\(bubble.body)")
    }
}
