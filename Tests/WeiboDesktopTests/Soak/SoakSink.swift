import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// The soak's notification server: it keeps the bubbles it was given, answers as a server does
/// (an id, later on the loop), restarts on demand (every bubble gone, a new instance), and
/// lets the soak's user dismiss a bubble. It outlives the notifier, as a real one does.
final class SoakSink: NotificationSink {
    var actionInvoked: ((BubbleKind, String) -> Void)?
    var replied: ((BubbleKind, String) -> Void)?
    var unreadClosed: ((BubbleKind, BubbleCloseReason) -> Void)?
    var serverChanged: ((String?) -> Void)?
    var supportsActions: Bool { true }
    var activationToken: String? { nil }

    /// The bubbles on screen by id: their kind and what they say.
    private(set) var open: [UInt32: (kind: BubbleKind, bubble: Bubble)] = [:]
    /// Bubbles shown anew (not in place of one) that found one of their kind still open.
    private(set) var twoOfAKind: [String] = []
    /// Passing bubbles shown (summaries, errors).
    private(set) var transients = 0
    private var nextID: UInt32 = 1
    private var instance = 1

    func showUnread(_ bubble: Bubble, kind: BubbleKind, replacing id: UInt32?, image: String?, shown: @escaping (UInt32?) -> Void) {
        let id = id.flatMap { open[$0] != nil ? $0 : nil } ?? takeID()
        if open[id] == nil, let other = open.first(where: { $0.value.kind == kind }) {
            twoOfAKind.append("\(kind): \"\(bubble.body)\" while #\(other.key) \"\(other.value.bubble.body)\" is open")
        }
        note?(open[id] == nil ? "bubble #\(id) \(kind) shown: \(bubble.body)" : "bubble #\(id) \(kind) replaced: \(bubble.body)")
        open[id] = (kind, bubble)
        GLibSource.later { shown(id) }
    }

    /// Says what the server did, for the soak's trace.
    var note: ((String) -> Void)?

    func closeUnread(_ kind: BubbleKind, id: UInt32?) {
        note?("bubble \(id.map { "#\($0)" } ?? "") \(kind) closed")
        if let id {
            open[id] = nil
        } else if let found = open.first(where: { $0.value.kind == kind }) {
            open[found.key] = nil
        }
    }

    func adopt(_ kind: BubbleKind, id: UInt32) {}
    func showTransient(_ bubble: Bubble) { transients += 1 }
    func closeTransient(tag: String) {}

    func closeAll(_ done: @escaping () -> Void) {
        open = [:]
        done()
    }

    func followServer() {
        let name = "soak-\(instance)"
        GLibSource.later { [weak self] in self?.serverChanged?(name) }
    }

    /// The server restarts: its bubbles are gone, and its ids begin again.
    func restart() {
        open = [:]
        instance += 1
        nextID = 1
        serverChanged?("soak-\(instance)")
    }

    /// The notifier lost its state: the bubbles it showed before are no longer its own to
    /// replace. They stay on screen; the soak counts only the newest of each kind, and forgets
    /// the pairs found meanwhile.
    func forgetAllButNewest() {
        var newest: [BubbleKind: UInt32] = [:]
        for (id, shown) in open where id > newest[shown.kind] ?? 0 { newest[shown.kind] = id }
        open = open.filter { newest[$0.value.kind] == $0.key }
        twoOfAKind = []
    }

    /// The user closes the open bubble of `kind`, if there is one; whether there was.
    func dismiss(_ kind: BubbleKind) -> Bool {
        guard let found = open.first(where: { $0.value.kind == kind }) else { return false }
        open[found.key] = nil
        unreadClosed?(kind, .dismissed)
        return true
    }

    /// The kinds with a bubble open.
    var openKinds: [BubbleKind] { open.values.map(\.kind).sorted { "\($0)" < "\($1)" } }

    private func takeID() -> UInt32 {
        defer { nextID += 1 }
        return nextID
    }
}
