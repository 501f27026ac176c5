/// How the tray icon gets into a tray and stays there: the decisions of the StatusNotifierItem's
/// registration with the watcher (the tray), events in, effects out.
///
/// A watcher may own its name a moment before it serves its object, so a refused registration is
/// tried again, a second apart. A host may also drop an item it was still reading: GNOME's
/// AppIndicator extension gave up on an item whose change signals came while it read the
/// item's properties, and the icon never came for the whole session. So after a registration
/// the item holds its change signals a moment, and a few seconds later (and whenever a host
/// registers) it checks that the watcher lists it, registering again if not: at once a few
/// times, then at longer intervals.
public struct TrayRegistration: Equatable, Sendable {
    /// Tries of a refused registration, a second apart, before giving up until the next watcher.
    public static let refusedTries = 5
    /// Registrations again, at once, of an item the watcher does not list; after them each
    /// waits, 5 s and doubling to a minute: a loaded desktop whose tray dropped the item three
    /// times in a row (GNOME's extension, its reading timed out) takes it in the end, and no
    /// loop spins.
    public static let dropTries = 3
    public static let slowRetrySeconds = 5.0
    public static let slowestRetrySeconds = 60.0
    /// How long the item holds its change signals after a registration.
    public static let holdMilliseconds = 1500
    /// When the watcher's list is checked after a registration or a host's.
    public static let checkSeconds = 3.0

    public enum Event: Equatable, Sendable {
        /// A watcher owns its name (at start, or a tray that started or restarted).
        case watcherAppeared
        case watcherVanished
        /// The watcher answered `RegisterStatusNotifierItem`.
        case registered
        /// The watcher refused it (or did not answer), with why.
        case refused(String)
        /// A host (a tray's view) registered with the watcher.
        case hostRegistered
        /// The watcher's `RegisteredStatusNotifierItems`: whether it names this item; nil when
        /// the watcher does not say (no such property).
        case listed(Bool?)
    }

    public enum Effect: Equatable, Sendable {
        case register
        /// Registers again after `seconds`.
        case registerLater(seconds: Double)
        /// Reads the watcher's list after `seconds`.
        case checkLater(seconds: Double)
        /// Sends no change signals for a while, then one of each that changed.
        case holdSignals(milliseconds: Int)
        /// Stops the timers of an earlier watcher.
        case cancelTimers
        case log(String)
    }

    private var refusals = 0
    private var drops = 0

    public init() {}

    public mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .watcherAppeared:
            refusals = 0
            drops = 0
            return [.cancelTimers, .register]
        case .watcherVanished:
            return [.cancelTimers]
        case .registered:
            refusals = 0
            return [.holdSignals(milliseconds: Self.holdMilliseconds), .checkLater(seconds: Self.checkSeconds)]
        case .refused(let why):
            refusals += 1
            return refusals < Self.refusedTries ? [.registerLater(seconds: 1)] : [.log("the tray did not take the icon: \(why)")]
        case .hostRegistered:
            return [.checkLater(seconds: Self.checkSeconds)]
        case .listed(let named):
            guard named == false else {
                if named == true { drops = 0 }
                return []
            }
            drops += 1
            if drops <= Self.dropTries { return [.log("the tray does not list the icon; registering again"), .register] }
            let slow = drops - Self.dropTries - 1
            let wait = min(Self.slowRetrySeconds * Double(1 << min(slow, 4)), Self.slowestRetrySeconds)
            let said: [Effect] = slow == 0 ? [.log("the tray keeps dropping the icon; registering again at longer intervals")] : []
            return said + [.registerLater(seconds: wait)]
        }
    }

    /// Whether an entry of a watcher's `RegisteredStatusNotifierItems` is the item of the bus
    /// name `name` or of the connection `uniqueName`: watchers write the name alone, or it and
    /// the object path (`NAME/PATH`, or GNOME's `NAME@PATH` for an item on another path).
    public static func names(_ entry: String, busName name: String, uniqueName: String) -> Bool {
        [name, uniqueName].contains { own in
            !own.isEmpty && (entry == own || entry.hasPrefix(own + "/") || entry.hasPrefix(own + "@"))
        }
    }
}
