/// What the user chose that the notifier's decisions depend on. Every default is the settings
/// table's (`SettingsTable`): a setting's default is written once, there.
public struct NotifierSettings: Equatable, Sendable {
    /// Seconds between two checks.
    public var interval: Int
    /// Counters that raise a bubble, and counters only counted.
    public var policy: UnreadPolicy
    /// A daily stretch without bubbles.
    public var quietHours: QuietHours?
    /// The items a click's summary bubble lists before "and N more".
    public var summaryItems = 5
    /// One bubble per kind of news, or one for all.
    public var bubbles: BubbleMode = SettingsTable.bubbles.defaultValue
    /// How much comment and mention bubbles tell.
    public var preview: PreviewLevel = SettingsTable.preview.defaultValue
    /// The kinds whose bubbles play a sound.
    public var sound: Set<BubbleKind> = SettingsTable.sound.defaultValue
    /// Calls a day spent on comment and mention texts and replies (Weibo allows about 100).
    public var detailCallsPerDay: Int = SettingsTable.detailCallsPerDay.defaultValue
    /// Weibo's `[表情]` codes as emoji, or as sent.
    public var emoticons: Emoticons.Style = SettingsTable.emoticons.defaultValue
    /// Whether the desktop's do-not-disturb holds bubbles back (`follow_dnd`).
    public var followDoNotDisturb: Bool = SettingsTable.followDoNotDisturb.defaultValue
    /// The kinds whose bubbles come through do-not-disturb (`dnd_allow`), marked urgent so that
    /// the server shows them too.
    public var doNotDisturbAllows: Set<BubbleKind> = SettingsTable.doNotDisturbAllows.defaultValue
    /// The tray icon turns `Passive` at zero, which XFCE's and waybar's trays hide
    /// (`tray_hide_at_zero`); by default it stays.
    public var trayHideAtZero: Bool = SettingsTable.trayHideAtZero.defaultValue
    /// The count beside the tray icon (`tray_count`), where the panel shows one.
    public var trayCount: Bool = SettingsTable.trayCount.defaultValue
    /// The tray icon in full colour or monochrome (`tray_icon_style`).
    public var trayIconStyle: TrayIconStyle = SettingsTable.trayIconStyle.defaultValue
    /// How long a bubble that can be answered in place stays.
    public var replyBubbles: ReplyBubbleStay = SettingsTable.replyBubbles.defaultValue
    /// The account's name for the bubbles' titles, when several accounts are followed.
    public var accountName: String?
    /// Seconds within which a request for a check or a summary gets the last answer instead
    /// of a new call (`Notifier+Requests`).
    public var requestGap: Double = 10
    /// Weibo is reached over the network (not a sandbox on this machine): while the network
    /// monitor says offline, no check leaves.
    public var needsNetwork = true

    public init(
        interval: Int = SettingsTable.interval.defaultValue, policy: UnreadPolicy = UnreadPolicy(),
        quietHours: QuietHours? = SettingsTable.quietHours.defaultValue
    ) {
        self.interval = interval
        self.policy = policy
        self.quietHours = quietHours
    }

    /// The longest pause: a week.
    public static let maximumPause = 7 * 86_400
}
