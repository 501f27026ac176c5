/// What the surfaces show besides the counts: the notifier's phase and why bubbles wait, and
/// how sure the counts are. `GetStatus` carries it; status bars and the tray read it.
public struct NotifierStatus: Equatable, Sendable {
    public var phase: NotifierPhase
    /// Checks that failed in a row (0 after an answer): from three on, the counts are stale.
    public var failuresInARow = 0
    /// What the network monitor says; only it makes the notifier offline.
    public var networkAvailable = true
    public var paused = false
    public var quiet = false
    /// The desktop's do-not-disturb holds bubbles back.
    public var doNotDisturb = false
    /// While waiting for the keyring: none runs in this session (rather than a locked one).
    public var keyringMissing = false

    /// Failed checks in a row after which the counts shown are called stale.
    public static let staleAfter = 3

    public init(
        phase: NotifierPhase, failuresInARow: Int = 0, networkAvailable: Bool = true, paused: Bool = false, quiet: Bool = false,
        doNotDisturb: Bool = false, keyringMissing: Bool = false
    ) {
        self.keyringMissing = keyringMissing
        self.phase = phase
        self.failuresInARow = failuresInARow
        self.networkAvailable = networkAvailable
        self.paused = paused
        self.quiet = quiet
        self.doNotDisturb = doNotDisturb
    }

    /// The counts shown are old: three checks failed in a row, or the keyring keeps the login.
    public var isStale: Bool { failuresInARow >= Self.staleAfter || phase == .waitingForKeyring }
    public var needsLogin: Bool { phase == .loginExpired || phase == .notLoggedIn }
}
