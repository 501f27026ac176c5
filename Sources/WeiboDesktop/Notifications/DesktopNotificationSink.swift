import CGLib
import Glibc
public import WeiboKit
import WeiboPlatform

/// Bubbles on the session's notification server: sent through libnotify (`Notify`,
/// `CloseNotification`, `GetCapabilities`) on its own thread (`NotificationThread`), so that a
/// server that takes a call and never answers holds that thread, never the main loop; the
/// server's signals (`ActionInvoked`, `NotificationClosed`, `NotificationReplied`, which
/// libnotify does not follow, and `ActivationToken`) followed on the main loop by id.
///
/// One unread bubble per kind, replaced in place. The calls of one kind go one at a time: a
/// show or close asked while the previous one is under way waits, and only the newest waits, so
/// a replacement always knows the id it replaces. The outcome of a show that a close overtook
/// is not reported (the core already counts the bubble as closed). A bubble an earlier process
/// showed is replaced, closed and followed by its id (`adopt`). Servers with `inline-reply` get
/// a Reply action where a bubble can be answered; the others an Open action.
public final class DesktopNotificationSink: NotificationSink {
    public var actionInvoked: ((BubbleKind, String) -> Void)?
    public var replied: ((BubbleKind, String) -> Void)?
    public var unreadClosed: ((BubbleKind, BubbleCloseReason) -> Void)?
    public var serverChanged: ((String?) -> Void)?

    private enum Operation {
        case show(Bubble, image: String?, replacing: UInt32?, shown: (UInt32?) -> Void)
        case close(UInt32?)
    }

    /// One kind's bubble: its id on the server, whether a call is under way, and what waits.
    private struct Slot {
        var id: UInt32?
        var isBusy = false
        var next: Operation?
    }

    private static let name = "org.freedesktop.Notifications"
    private static let path = "/org/freedesktop/Notifications"

    private var slots: [BubbleKind: Slot] = [:]
    /// Passing bubbles with buttons, by id, until the server closes them.
    private var transients: [UInt32: BubbleKind] = [:]
    /// The activation token of the click being handled (nil outside `actionInvoked`).
    public private(set) var activationToken: String?
    private var lastToken: (id: UInt32, token: String)?
    private var early = EarlySignals()
    /// Set by `closeAll`: no bubble is shown after it (one whose avatar comes while the notifier
    /// quits would stay in the server's list, its clicks reaching no one).
    private var isClosed = false
    /// Set by `closeAll` while calls are under way: each show's bubble is closed as it comes.
    private var closeOnArrival: ((UInt32?) -> Void)?
    private var transientBusy = false
    private var nextTransient: Bubble?
    /// The server's capabilities, asked before the first show and again after a failure or a
    /// new server; shows asked meanwhile wait in `waitingForCapabilities`.
    private var capabilities: Set<String>?
    private var waitingForCapabilities: [(Set<String>?) -> Void] = []
    private var connection: OpaquePointer?
    private var followers: [AnyObject] = []
    private let appName: String
    private let appIcon: String
    private let desktopEntry: String
    private var failureLogged = false
    /// The server instance running now: the bus's id and the unique name of the owner of
    /// `org.freedesktop.Notifications` (a restarted server has another; a new session, another bus).
    private var server: String?
    /// Whether `serverChanged` told the first answer (none running, or no bus, included).
    private var serverKnown = false

    public init(appName: String, appIcon: String = "io.github.WeiboNotifier", desktopEntry: String = "io.github.WeiboNotifier") {
        self.appName = appName
        self.appIcon = appIcon
        self.desktopEntry = desktopEntry
    }

    deinit {
        followers = []
        if let connection { SessionBus.release(connection) }
    }

    public var supportsActions: Bool { capabilities?.contains("actions") ?? false }

    public func followServer() {
        _ = bus()
    }

    // MARK: - NotificationSink

    public func showUnread(_ bubble: Bubble, kind: BubbleKind, replacing id: UInt32?, image: String?, shown: @escaping (UInt32?) -> Void) {
        guard !isClosed else { return shown(nil) }
        perform(.show(bubble, image: image, replacing: id, shown: shown), for: kind)
    }

    public func closeUnread(_ kind: BubbleKind, id: UInt32?) {
        perform(.close(id), for: kind)
    }

    public func adopt(_ kind: BubbleKind, id: UInt32) {
        guard bus() != nil else { return }
        if slots[kind, default: Slot()].id == nil { slots[kind, default: Slot()].id = id }
    }

    /// One passing bubble at a time, the newest waiting behind it (a frozen server must not
    /// gather a queue of summaries on the notification thread).
    public func showTransient(_ bubble: Bubble) {
        guard !isClosed else { return }
        guard !transientBusy else {
            nextTransient = bubble
            return
        }
        transientBusy = true
        withCapabilities { [weak self] capabilities in
            guard let self else { return }
            guard let capabilities else { return self.transientDone() }
            // A summary asked for many times (a fallback for a popup that cannot open) replaces
            // the last one rather than stacking up.
            let replacing = self.lastTransient.flatMap { bubble.replacesTag != nil && $0.tag == bubble.replacesTag ? $0.id : nil } ?? 0
            self.notify(bubble, image: nil, replacing: replacing, capabilities: capabilities) { [weak self] id in
                guard let self else { return }
                self.lastTransient = id.map { (bubble.replacesTag, $0) }
                if let tag = bubble.replacesTag { self.tagged[tag] = id }
                // Followed until closed, so that its buttons still work.
                if let id, !bubble.actions.isEmpty { self.transients[id] = bubble.kind }
                self.transientDone()
                self.replayEarly()
            }
        }
    }

    /// The last passing bubble shown, and its id.
    private var lastTransient: (tag: String?, id: UInt32)?
    /// The passing bubbles shown with a tag, by it (`closeTransient`).
    private var tagged: [String: UInt32] = [:]

    public func closeTransient(tag: String) {
        guard let id = tagged.removeValue(forKey: tag), bus() != nil else { return }
        transients[id] = nil
        NotificationThread.shared.perform(
            { NotificationThread.close(id) },
            done: { answer in
                if case .closed(let failure?) = answer { Log.debug("closing the bubble: \(failure)") }
            })
    }

    /// Closes every bubble shown, and those whose show is under way as their ids come.
    public func closeAll(_ done: @escaping () -> Void) {
        isClosed = true
        let ids = Set(slots.values.compactMap(\.id) + Array(tagged.values) + Array(transients.keys))
        let underWay = slots.values.filter(\.isBusy).count
        slots = [:]
        tagged = [:]
        transients = [:]
        var left = ids.count + underWay
        guard left > 0, bus() != nil else { return done() }
        let closed = {
            left -= 1
            if left == 0 { done() }
        }
        let close = { (id: UInt32) in NotificationThread.shared.perform({ NotificationThread.close(id) }, done: { _ in closed() }) }
        if underWay > 0 { closeOnArrival = { id in id.map(close) ?? closed() } }
        for id in ids { close(id) }
    }

    private func transientDone() {
        transientBusy = false
        guard let next = nextTransient else { return }
        nextTransient = nil
        showTransient(next)
    }

    // MARK: - One kind's calls, one at a time

    private func perform(_ operation: Operation, for kind: BubbleKind) {
        guard !slots[kind, default: Slot()].isBusy else {
            slots[kind, default: Slot()].next = operation
            return
        }
        slots[kind, default: Slot()].isBusy = true
        switch operation {
        case .close(let id):
            let target = slots[kind]?.id ?? id
            // Forgotten first: the NotificationClosed that answers is ours, not the user's.
            slots[kind]?.id = nil
            guard let target, bus() != nil else { return finish(kind) }
            NotificationThread.shared.perform(
                { NotificationThread.close(target) },
                done: { [weak self] answer in
                    if case .closed(let failure?) = answer { Log.debug("closing the bubble: \(failure)") }
                    // Under way when all were closed: counted there as done now.
                    self?.closeOnArrival?(nil)
                    self?.finish(kind)
                })
        case .show(let bubble, let image, let replacing, let shown):
            withCapabilities { [weak self] capabilities in
                guard let self else { return }
                guard let capabilities else {
                    self.closeOnArrival?(nil)
                    shown(nil)
                    return self.finish(kind)
                }
                let replaces = self.slots[kind]?.id ?? replacing ?? 0
                self.notify(bubble, image: image, replacing: replaces, capabilities: capabilities) { [weak self] id in
                    guard let self else { return }
                    if let closeOnArrival = self.closeOnArrival { return closeOnArrival(id) }
                    Log.debug("bubble \(kind.rawValue): \(id.map { "shown as \($0)" } ?? "not shown"), replacing \(replaces)")
                    if let id { self.slots[kind]?.id = id }
                    if case .close = self.slots[kind]?.next {} else { shown(id) }
                    self.finish(kind)
                    self.replayEarly()
                }
            }
        }
    }

    private func finish(_ kind: BubbleKind) {
        slots[kind]?.isBusy = false
        guard let next = slots[kind]?.next else { return }
        slots[kind]?.next = nil
        perform(next, for: kind)
    }

    // MARK: - The server

    /// The session bus, and the server's signals followed, from the first use on.
    private func bus() -> OpaquePointer? {
        if let connection { return connection }
        do {
            connection = try SessionBus.connect()
        } catch {
            failed(error.description)
            if !serverKnown { serverReplaced(owner: nil) }
            return nil
        }
        follow()
        return connection
    }

    /// Calls `body` with the server's capabilities, asking for them first when not known (nil:
    /// no server answered in time).
    private func withCapabilities(_ body: @escaping (Set<String>?) -> Void) {
        if let capabilities { return body(capabilities) }
        waitingForCapabilities.append(body)
        guard waitingForCapabilities.count == 1 else { return }
        guard bus() != nil else { return answerCapabilities(nil) }
        NotificationThread.shared.perform(
            { NotificationThread.capabilities() },
            done: { [weak self] answer in
                guard let self else { return }
                guard case .capabilities(let found?, _) = answer else {
                    if case .capabilities(_, let failure?) = answer { return self.failed(failure) }
                    return self.failed("no answer")
                }
                self.answerCapabilities(found)
            })
    }

    private func answerCapabilities(_ found: Set<String>?) {
        capabilities = found
        let waiting = waitingForCapabilities
        waitingForCapabilities = []
        for body in waiting { body(found) }
    }

    private func failed(_ message: String) {
        if !failureLogged {
            Log.warning("cannot show a notification (\(message)); will try again at the next poll")
            failureLogged = true
        }
        answerCapabilities(nil)
    }

    /// `Notify`, through libnotify on its thread; `done` gets the id the server gave, or nil.
    private func notify(_ bubble: Bubble, image: String?, replacing: UInt32, capabilities: Set<String>, done: @escaping (UInt32?) -> Void) {
        guard bus() != nil else { return done(nil) }
        let canReply = bubble.replyPlaceholder != nil && capabilities.contains("inline-reply")
        // Reply where the server can take one, else Open: never both, never Reply without it.
        let actions =
            capabilities.contains("actions")
            ? bubble.actions.filter { $0.does != (canReply ? BubbleAction.open : BubbleAction.reply) }.map {
                NotificationThread.Action(key: $0.key, label: $0.label)
            } : []
        let show = NotificationThread.Show(
            appName: appName, appIcon: appIcon, summary: bubble.summary, body: capabilities.contains("body-markup") ? Markup.escaped(bubble.body) : bubble.body,
            actions: actions, hints: hints(bubble, image: image, canReply: canReply), replacing: replacing, timeout: canReply ? bubble.replyTimeout : -1)
        NotificationThread.shared.perform(
            { NotificationThread.notify(show) },
            done: { [weak self] answer in
                guard let self else { return }
                guard case .shown(let id, let failure) = answer, failure == nil else {
                    if case .shown(_, let failure?) = answer { self.failed(failure) }
                    return done(nil)
                }
                self.failureLogged = false
                done(id)
            })
    }

    /// libnotify adds `sender-pid` itself.
    private func hints(_ bubble: Bubble, image: String?, canReply: Bool) -> [(key: String, value: NotificationThread.Hint)] {
        var hints: [(key: String, value: NotificationThread.Hint)] = [
            ("urgency", .byte(bubble.isUrgent ? 2 : 1)), ("category", .string(bubble.category)), ("desktop-entry", .string(desktopEntry)),
        ]
        if bubble.isTransient { hints.append(("transient", .boolean(true))) }
        if let sound = bubble.soundName { hints.append(("sound-name", .string(sound))) }
        if let image { hints.append(("image-path", .string(image))) }
        if canReply, let placeholder = bubble.replyPlaceholder { hints.append(("x-kde-reply-placeholder-text", .string(placeholder))) }
        return hints
    }

    /// Follows the server's clicks, replies and closings, and a new server (whose capabilities
    /// may differ).
    private func follow() {
        guard let connection else { return }
        func on(_ member: String, _ shape: String, _ handler: @escaping (DesktopNotificationSink, OpaquePointer) -> Void) -> DBusSignalSubscription {
            DBusSignalSubscription(connection: connection, sender: Self.name, interface: Self.name, member: member, path: Self.path, shape: shape) {
                [weak self] _, parameters in
                guard let self, let parameters else { return }
                handler(self, parameters)
            }
        }
        followers = [
            // Sent just before ActionInvoked by servers that support it (what libnotify 0.8's
            // notify_notification_get_activation_token reads): the token of that click.
            // A peer's string for another program's environment: 1 KiB at most, no controls.
            on("ActivationToken", "(us)") { sink, parameters in
                let token = Variants.string(in: parameters, at: 1)
                guard token.utf8.count <= 1024, !token.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                    return Log.debug("an activation token that is not one was ignored")
                }
                sink.lastToken = (Variants.uint32(in: parameters, at: 0), token)
            },
            on("ActionInvoked", "(us)") { sink, parameters in
                let id = Variants.uint32(in: parameters, at: 0)
                let token = sink.lastToken.flatMap { $0.id == id && !$0.token.isEmpty ? $0.token : nil }
                sink.lastToken = nil
                sink.received(.clicked(Variants.string(in: parameters, at: 1), token: token), on: id)
            },
            on("NotificationClosed", "(uu)") { sink, parameters in
                let id = Variants.uint32(in: parameters, at: 0)
                if sink.transients.removeValue(forKey: id) != nil { return }
                guard id > 0, let kind = sink.slots.first(where: { $0.value.id == id })?.key else { return }
                sink.slots[kind]?.id = nil
                Log.debug("bubble \(kind.rawValue): \(id) closed by the server, reason \(Variants.uint32(in: parameters, at: 1))")
                sink.unreadClosed?(kind, BubbleCloseReason(code: Int32(truncatingIfNeeded: Variants.uint32(in: parameters, at: 1))))
            },
            on("NotificationReplied", "(us)") { sink, parameters in
                sink.received(.replied(Variants.string(in: parameters, at: 1)), on: Variants.uint32(in: parameters, at: 0))
            },
            BusNameWatch(
                connection: connection, name: Self.name, appearedOwner: { [weak self] owner in self?.serverReplaced(owner: owner) },
                vanished: { [weak self] in self?.serverReplaced(owner: nil) }),
        ]
    }

    /// A new server (or none): its capabilities may differ, and the ids of the bubbles the old
    /// one showed name nothing of ours on it.
    private func serverReplaced(owner: String?) {
        let busID = connection.flatMap { g_dbus_connection_get_guid($0) }.map { String(cString: $0) } ?? ""
        let now = owner.map { busID + "/" + $0 }
        if now != server || !serverKnown {
            serverKnown = true
            if server != nil {
                for kind in Array(slots.keys) { slots[kind]?.id = nil }
                transients = [:]
            }
            server = now
            serverChanged?(now)
        }
        guard waitingForCapabilities.isEmpty else { return }
        capabilities = nil
    }

    /// A click (an action, its activation token) or a reply on bubble `id`; kept for later
    /// when that id may be of a show still in flight.
    private func received(_ signal: EarlySignals.Signal, on id: UInt32) {
        guard let kind = kind(ofID: id) else {
            let inFlight = transientBusy || slots.values.contains { $0.isBusy }
            if inFlight, id > 0 { early.keep(signal, on: id) }
            return
        }
        switch signal {
        case .clicked(let action, let token):
            activationToken = token
            defer { activationToken = nil }
            actionInvoked?(kind, action)
        case .replied(let text): replied?(kind, text)
        }
    }

    /// A show ended: the signals that came before its id now find their bubble (the others wait
    /// while another show is in flight, else they name nothing of ours).
    private func replayEarly() {
        for (id, signal) in early.takeAll() { received(signal, on: id) }
    }

    /// The kind of the bubble with server id `id`: an unread one, or a passing one with buttons.
    private func kind(ofID id: UInt32) -> BubbleKind? {
        guard id > 0 else { return nil }
        return slots.first { $0.value.id == id }?.key ?? transients[id]
    }
}
