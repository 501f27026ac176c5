/// What the user chose that the notifier's decisions depend on: the values of the settings the
/// core decides with (`Setting.isTheCores`), read and written by their names in `SettingsTable`
/// (`settings.preview`), and what the running notifier adds to them.
@dynamicMemberLookup
public struct NotifierSettings: Equatable, Sendable {
    /// The values of the core's settings; every other stays at its default. The core decides
    /// with `policy` for the four counter settings.
    var chosen = SettingValues()
    /// Which counters raise a bubble and which are only counted: `notify`, `count_only`,
    /// `strangers_messages` and `likes` put together (a counter both notified and only counted is
    /// notified). Read at every poll, so kept put together.
    public var policy: UnreadPolicy
    /// The items a click's summary bubble lists before "and N more".
    public var summaryItems = 5
    /// The account's name for the bubbles' titles, when several accounts are followed.
    public var accountName: String?
    /// Seconds within which a request for a check or a summary gets the last answer instead
    /// of a new call (`Notifier+Requests`).
    public var requestGap: Double = 10
    /// Weibo is reached over the network (not a sandbox on this machine): while the network
    /// monitor says offline, no check leaves.
    public var needsNetwork = true

    public init(
        interval: Int = SettingsTable.shared.interval.defaultValue, policy: UnreadPolicy = UnreadPolicy(),
        quietHours: QuietHours? = SettingsTable.shared.quietHours.defaultValue
    ) {
        self.policy = policy
        self.interval = interval
        self.quietHours = quietHours
    }

    /// The value of the table's setting `name`.
    public subscript<Value>(dynamicMember name: KeyPath<SettingsTable, Setting<Value>>) -> Value {
        get { chosen[SettingsTable.shared[keyPath: name]] }
        set { chosen[SettingsTable.shared[keyPath: name]] = newValue }
    }

    /// The longest pause: a week.
    public static let maximumPause = 7 * 86_400
}
