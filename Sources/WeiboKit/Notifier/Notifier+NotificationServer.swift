/// Which notification server holds the bubbles' ids.
extension Notifier {
    /// The notification server appeared, went (nil) or was replaced; the shell's first word
    /// may be that none runs. The saved bubbles are adopted when it is the instance that showed
    /// them; the ids of a server that went are dropped, never sent as `replaces_id` or closed on
    /// another. Counts that came before the first word are shown now.
    mutating func notificationServerChanged(_ server: String?, at now: Timestamp) {
        let previous = surroundings.server.current
        surroundings.server.current = server
        surroundings.server.known = true
        if surroundings.server.held != nil {
            adoptSavedBubbles()
        } else if previous != nil, server != previous {
            for kind in BubbleKind.allCases { state[kind].id = nil }
        }
        if let server, state.bubbles.values.contains(where: { $0.id != nil }) || state.notificationServer != nil {
            state.notificationServer = server
        }
        if surroundings.server.countsWaiting {
            surroundings.server.countsWaiting = false
            applyCounts(at: now)
        }
    }

    /// Whether the bubbles wait for the notification server: from the start until the shell
    /// first says which one runs. A show then would replace none of the saved bubbles (left on
    /// screen beside it, never closed), and a close would close none; the counts wait instead.
    mutating func bubblesWaitForServer() -> Bool {
        guard surroundings.server.held != nil else { return false }
        surroundings.server.countsWaiting = true
        return true
    }

    /// At start: the saved bubbles' ids are held aside (in what counts as saved too: holding
    /// them writes nothing) until the shell says which notification server runs.
    mutating func holdSavedBubbles() {
        var ids: [BubbleKind: UInt32] = [:]
        for kind in BubbleKind.allCases {
            ids[kind] = state[kind].id
            state[kind].id = nil
            outbox.saved[kind].id = nil
        }
        surroundings.server.held = ids
        if surroundings.server.known { adoptSavedBubbles() }
    }

    mutating func adoptSavedBubbles() {
        guard let saved = surroundings.server.held else { return }
        surroundings.server.held = nil
        guard let server = surroundings.server.current, state.notificationServer == server else {
            if !saved.isEmpty { log(.debug, "the notification server is not the one that showed the saved bubbles: their ids are dropped") }
            return
        }
        for (kind, id) in saved.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where state[kind].id == nil {
            state[kind].id = id
            outbox.saved[kind].id = id
            emit(.adoptBubble(kind, id: id))
        }
    }
}

/// Which notification server is running, and the saved bubbles' ids until it is known.
struct BubbleServer: Sendable {
    /// The server running now (bus id and unique name), once the shell said.
    var current: String?
    /// Whether the shell said which server runs (or that none does).
    var known = false
    /// Counts came while the saved ids were held: the bubbles are decided when they are not.
    var countsWaiting = false
    /// The saved bubbles' ids, held until the server is known: used again only when the same
    /// server instance holds them (after a new session, a reboot or a server restart an id
    /// names another program's notification).
    var held: [BubbleKind: UInt32]?
}
