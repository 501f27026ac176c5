/// What the notifier hands the shell for one event, and what it needs to know what changed:
/// the state last saved (a `save` goes out only when the state must be saved over it) and
/// whether the counts were announced (the badge and the bars start at the first answer).
struct Outbox: Sendable {
    /// The effects of the event under way, in order.
    var effects: [NotifierEffect] = []
    /// The state as last saved.
    var saved = UnreadState()
    /// The counts were announced once.
    var announced = false

    /// Starts an event: no effects yet.
    mutating func open() { effects = [] }

    /// Ends an event: a `save` when `state` must be saved over what was, and the effects.
    mutating func close(saving state: UnreadState) -> [NotifierEffect] {
        if state != saved, state.mustBeSaved(over: saved) {
            saved = state
            effects.append(.save(state))
        }
        return effects
    }
}
