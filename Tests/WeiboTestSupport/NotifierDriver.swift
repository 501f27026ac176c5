public import WeiboKit

/// Drives a `Notifier` the way the shell does, with a clock of its own: sends events, records
/// every effect, and answers the effects a notification server answers (`showUnread` gets the
/// next bubble id, unless `serverTakesBubbles` is false).
public struct NotifierDriver {
    public var notifier: Notifier
    public var now: Timestamp
    /// Every effect so far, in order.
    public private(set) var log: [NotifierEffect] = []
    public var serverTakesBubbles = true
    private var nextBubbleID: UInt32 = 1

    /// A driver for settings with one bubble for all (`bubbles = single`) unless `mode` says
    /// otherwise, and every check or summary asked for made at once (`requestGap` 0) unless
    /// `requestGap` says otherwise (`RequestStormTests`, with the product's 10 s).
    public init(
        settings: NotifierSettings = NotifierSettings(interval: 60), mode: BubbleMode = .single, now: Timestamp = TestTime.now, firstBubbleID: UInt32 = 1,
        requestGap: Double = 0
    ) {
        var settings = settings
        settings.bubbles = mode
        settings.requestGap = requestGap
        notifier = Notifier(settings: settings, localizer: Localizer(), zone: TestTime.zone)
        self.now = now
        nextBubbleID = firstBubbleID
    }

    /// The login of a token that lives a year from the driver's start.
    public var validLogin: Login { .valid(expiresAt: now.adding(365 * 86_400)) }

    /// Sends `event` and the server's answers to what it caused; returns every effect.
    @discardableResult
    public mutating func send(_ event: NotifierEvent) -> [NotifierEffect] {
        var all: [NotifierEffect] = []
        var queue = [event]
        while !queue.isEmpty {
            let effects = notifier.handle(queue.removeFirst())
            all += effects
            for effect in effects {
                if case .showUnread(_, let kind, let replacing) = effect {
                    if serverTakesBubbles {
                        // A server keeps the id of the bubble it replaces.
                        queue.append(.bubbleShown(kind, id: replacing ?? nextBubbleID, at: now))
                        if replacing == nil { nextBubbleID += 1 }
                    } else {
                        queue.append(.bubbleNotShown(kind, at: now))
                    }
                }
            }
        }
        log += all
        return all
    }

    /// The notification server the shell names by default (a bus id and a unique name).
    public static let server = "bus-1/:1.7"

    /// Starts with `state`, logged in, the notification server `server` running (told first,
    /// as the sink usually knows it before the login is read; nil: not told yet, and the
    /// bubbles wait for it); answers the first check with `counts` when given.
    @discardableResult
    public mutating func start(
        _ state: UnreadState = UnreadState(), login: Login? = nil, counts: UnreadCounts? = UnreadCounts(), server: String? = NotifierDriver.server
    ) -> [NotifierEffect] {
        var effects = server.map { send(.notificationServerChanged($0, at: now)) } ?? []
        effects += send(.started(state, login: login ?? validLogin, at: now))
        if let counts { effects += send(.pollSucceeded(counts, at: now)) }
        return effects
    }

    /// `seconds` later, a check (as `CheckNow`) answered with `counts`.
    @discardableResult
    public mutating func check(_ counts: UnreadCounts, after seconds: Double = 60) -> [NotifierEffect] {
        now = now.adding(seconds)
        return send(.checkRequested(at: now)) + send(.pollSucceeded(counts, at: now))
    }

    /// `seconds` later, a check that failed with `failure`.
    @discardableResult
    public mutating func checkFails(_ kind: PollFailure.Kind, _ message: String = "HTTP 500", after seconds: Double = 60) -> [NotifierEffect] {
        now = now.adding(seconds)
        return send(.checkRequested(at: now)) + send(.pollFailed(PollFailure(kind, message), at: now))
    }

    public mutating func advance(_ seconds: Double) {
        now = now.adding(seconds)
    }
}

extension [NotifierEffect] {
    /// The unread bubbles shown, by body.
    public var shownBodies: [String] {
        compactMap { if case .showUnread(let bubble, _, _) = $0 { bubble.body } else { nil } }
    }

    /// The ids each `showUnread` replaces.
    public var replacedIDs: [UInt32?] {
        compactMap { if case .showUnread(_, _, let id) = $0 { id } else { nil } }
    }

    /// The bubbles shown, with their kinds.
    public var shownBubbles: [(BubbleKind, Bubble)] {
        compactMap { if case .showUnread(let bubble, let kind, _) = $0 { (kind, bubble) } else { nil } }
    }

    /// The kinds of bubble closed.
    public var closedKinds: [BubbleKind] {
        compactMap { if case .closeUnread(let kind, _) = $0 { kind } else { nil } }
    }

    /// The lists fetched.
    public var fetches: [DetailSource] {
        compactMap { if case .fetchDetails(let source, _, _) = $0 { source } else { nil } }
    }

    /// The passing bubbles, by body.
    public var transientBodies: [String] {
        compactMap { if case .showTransient(let bubble) = $0 { bubble.body } else { nil } }
    }

    /// Whether the unread bubble closed.
    public var closes: Bool { contains { if case .closeUnread = $0 { true } else { false } } }

    /// Whether a check started.
    public var startsPoll: Bool { contains(.startPoll) }

    /// When the next check was planned (the last `schedulePoll`), or nil.
    public var plannedPoll: Timestamp?? {
        for effect in reversed() { if case .schedulePoll(let at) = effect { return .some(at) } }
        return nil
    }

    /// The states saved.
    public var saves: [UnreadState] {
        compactMap { if case .save(let state) = $0 { state } else { nil } }
    }
}
