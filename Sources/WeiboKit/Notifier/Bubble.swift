/// One desktop notification's content, whoever shows it.
public struct Bubble: Equatable, Sendable {
    public var summary: String
    /// Plain text; a sink that sends markup escapes it.
    public var body: String
    /// Buttons: key and label. `default` is a click on the bubble itself.
    public var actions: [Action]
    /// A bubble that should not stay in the notification history (the summary, errors).
    public var isTransient: Bool
    /// The notification spec's `category`: `im.received` for messages, `x-weibo.comment` …
    public var category = "im.received"
    /// A sound to play (`sound-name`), or none.
    public var soundName: String?
    /// The sender's avatar, on the web: the shell fetches and caches it and shows the file.
    public var imageURL: String?
    /// The bubble whose buttons these are: a click is told to the notifier with this kind.
    public var kind = BubbleKind.all
    /// The placeholder of an inline reply (`x-kde-reply-placeholder-text`) when the bubble can
    /// be answered; servers with `inline-reply` get a Reply action in place of Open.
    public var replyPlaceholder: String?
    /// How long it stays where it can be answered in place (`expire_timeout`, milliseconds: 0
    /// until closed, -1 the server's own time); a server without inline replies uses its own.
    public var replyTimeout: Int32 = -1
    /// Critical urgency: a bubble let through the desktop's do-not-disturb.
    public var isUrgent = false
    /// A passing bubble with the same tag as the last one shown replaces it instead of stacking
    /// up (the summary of a kind asked for again and again); nil: always a bubble of its own.
    public var replacesTag: String?

    /// A button: what it does, and its label.
    public struct Action: Equatable, Sendable {
        public var does: BubbleAction
        public var label: String
        /// The action key the notification server gets, and sends back when it is chosen.
        public var key: String { does.rawValue }

        public init(_ does: BubbleAction, _ label: String) {
            self.does = does
            self.label = label
        }
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
    /// Closed by a call: the program's, or the server's own (Plasma's, after a click).
    case closedByProgram
    case unknown

    /// From the `reason` of the `NotificationClosed` signal.
    public init(code: Int32) {
        switch code {
        case 1: self = .expired
        case 2: self = .dismissed
        case 3: self = .closedByProgram
        default: self = .unknown
        }
    }
}

/// What a bubble's button, or a click on the bubble itself, does. The raw value is the action key
/// of the notification spec: the server sends it back when the button is chosen.
public enum BubbleAction: String, CaseIterable, Equatable, Sendable {
    /// A click on the bubble (the spec's `default`).
    case click = "default"
    case markRead = "mark-read"
    case openWeibo = "open-weibo"
    /// Open the item a bubble tells of (its post, the chat page).
    case open
    /// The notification spec's inline reply (KDE, swaync, Cinnamon).
    case reply = "inline-reply"
    /// Log in (again).
    case logIn = "log-in"
    /// Check the counts now (after a failure).
    case checkNow = "check-now"
    /// The settings window at the rows that change what the bubble is about.
    case settings
    /// Ask the keyring to unlock (its own password window).
    case unlockKeyring = "unlock-keyring"
}
