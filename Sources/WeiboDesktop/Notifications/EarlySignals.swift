/// Clicks and replies on a bubble whose id the notification thread has not handed over yet (the
/// server's signal comes on the main loop's connection, the id on that thread's): kept until the
/// show in flight ends, 8 at most, so that neither a click nor a typed reply is dropped for it.
struct EarlySignals {
    enum Signal {
        case clicked(String, token: String?)
        case replied(String)
    }

    private var kept: [(id: UInt32, signal: Signal)] = []

    mutating func keep(_ signal: Signal, on id: UInt32) {
        if kept.count < 8 { kept.append((id, signal)) }
    }

    /// The signals kept, oldest first; none kept after.
    mutating func takeAll() -> [(id: UInt32, signal: Signal)] {
        defer { kept = [] }
        return kept
    }
}
