/// Every setting of the configuration file, each declared once, in the order the commented file,
/// `config list`, the man page and the settings window show them. A declaration is all a new
/// setting needs: `all` finds it, and `Configuration` and `NotifierSettings` read and write its
/// value by name (`configuration.appKey`) in their `SettingValues`.
public struct SettingsTable: Sendable {
    // [weibo]
    public let appKey = Setting(
        .weibo, "app_key", .text, default: "", scope: [.commandLine, .daemon], change: .nextLogin,
        title: .tr("App Key"), .tr("Your app's key from https://open.weibo.com/apps, needed to log in."))
    public let appSecret = Setting(
        .weibo, "app_secret", .secret, default: "", scope: [.commandLine, .daemon], change: .nextLogin,
        title: .tr("App Secret"), .tr("Your app's secret; 'weibo-notifier login' keeps it in the keyring instead when one runs."))
    public let redirectURI = Setting(
        .weibo, "redirect_uri", .url, default: "https://api.weibo.com/oauth2/default.html", scope: [.commandLine, .daemon],
        change: .nextLogin, title: .tr("Callback address"), .tr("Where Weibo sends the browser after you approve; it must match the app's callback setting."))
    public let apiBase = Setting(
        .weibo, "api_base", .url, default: "https://api.weibo.com", scope: [.commandLine, .daemon, .popup],
        page: .advanced, title: .tr("API server"), .tr("The API server; to try things out, point it and remind_base at 'weibo-notifier sandbox'."))
    public let remindBase = Setting(
        .weibo, "remind_base", .url, default: "https://rm.api.weibo.com", scope: [.commandLine, .daemon],
        page: .advanced, title: .tr("Unread counts server"), .tr("The server of the unread counts."))
    public let tokenStore = Setting(
        .weibo, "token_store", .choice, default: TokenStoreChoice.auto, scope: [.commandLine, .daemon], change: .nextLogin,
        page: .advanced, title: .tr("Where the login is kept"),
        .tr("Where the login's token is kept: auto (the keyring when one runs, else the account file), keyring, or file."))
    public let tlsCAFile = Setting(
        .weibo, "tls_ca_file", .path, default: nil, scope: [.commandLine, .daemon, .popup], change: .nextStart,
        page: .advanced, title: .tr("Trusted certificates"),
        .tr("PEM certificates trusted for HTTPS instead of the system's (a sandbox's, for testing); SSL_CERT_FILE when empty."))

    // [notifier]
    public let interval = Setting(
        .notifier, "interval", .seconds(Configuration.minimumInterval...Configuration.maximumInterval, sandboxMinimum: 1), default: 60,
        scope: [.daemon, .commandLine], page: .general, title: .tr("Check interval"),
        .tr("Time between two checks of the unread counts (seconds, in the configuration file)."))
    public let notify = Setting(
        .notifier, "notify", .counters, default: UnreadCounter.listed, scope: [.daemon],
        title: .tr("Notify for"), .tr("The counters that raise a notification."))
    public let countOnly = Setting(
        .notifier, "count_only", .counters, default: [], scope: [.daemon],
        title: .tr("Count only"), .tr("The counters shown as a count only (tray, badge, status bar), without a notification."))
    public let strangersMessages = Setting(
        .notifier, "strangers_messages", .choice, default: CounterMode.count, scope: [.daemon], title: .tr("Messages from strangers"),
        .tr("Private messages from people you do not follow (Weibo's message box): notify, count (tray, badge, status bar; no notification), or off."))
    public let likes = Setting(
        .notifier, "likes", .choice, default: CounterMode.count, scope: [.daemon], title: .tr("Likes"),
        .tr("New likes on your posts and comments, when Weibo gives them to your app: notify, count, or off. Never costs a call."))
    public let quietHours = Setting(
        .notifier, "quiet_hours", .timeRange, default: nil, scope: [.daemon],
        title: .tr("Quiet hours"), .tr("A daily stretch without notifications (local time); the counts still show, and one notification sums up when it ends."))
    public let bubbles = Setting(
        .notifier, "bubbles", .choice, default: BubbleMode.perKind, scope: [.daemon],
        title: .tr("Notifications"), .tr("One notification per kind (posts, comments, mentions, messages), or a single one for all."))
    public let preview = Setting(
        .notifier, "preview", .choice, default: PreviewLevel.full, scope: [.daemon],
        title: .tr("Preview"), .tr("What comment and mention notifications tell: full (who and what), sender (who), or count."))
    public let sound = Setting(
        .notifier, "sound", .kinds, default: [.comments, .mentions, .messages], scope: [.daemon],
        title: .tr("Sound for"), .tr("The kinds whose notifications play a sound; empty for silence."))
    public let replyBubbles = Setting(
        .notifier, "reply_bubbles", .choice, default: ReplyBubbleStay.minute, scope: [.daemon],
        title: .tr("Bubbles you can answer"),
        .tr(
            "How long comment and mention bubbles stay where the desktop lets you reply in them: until closed, a minute, or the desktop's own time (KDE's is 5 s)."
        ))
    public let followDoNotDisturb = Setting(
        .notifier, "follow_dnd", .boolean, default: true, scope: [.daemon],
        title: .tr("Follow do-not-disturb"), .tr("Hold notifications back while the desktop's do-not-disturb is on, then one sums up what came."))
    public let doNotDisturbAllows = Setting(
        .notifier, "dnd_allow", .kinds, default: [], scope: [.daemon],
        title: .tr("Through do-not-disturb"), .tr("The kinds that still come through do-not-disturb, as urgent notifications."))
    public let trayHideAtZero = Setting(
        .notifier, "tray_hide_at_zero", .boolean, default: false, scope: [.daemon],
        title: .tr("Hide the tray icon at zero"),
        .tr(
            "Hide the tray icon while nothing is unread (some trays then offer no way to reach its menu). KDE Plasma's tray keeps it among its hidden icons then in any case."
        ))
    public let trayCount = Setting(
        .notifier, "tray_count", .boolean, default: true, scope: [.daemon],
        title: .tr("Count beside the tray icon"),
        .tr("The number of unread items beside the tray icon, where the panel shows one (GNOME's top bar with the AppIndicator extension)."))
    public let trayIconStyle = Setting(
        .notifier, "tray_icon_style", .choice, default: TrayIconStyle.auto, scope: [.daemon],
        title: .tr("Tray icon"), .tr("The tray icon in colour, monochrome, or auto: monochrome on GNOME, whose top bar has monochrome icons only."))
    public let popupCells = Setting(
        .notifier, "popup_cells", .choice, default: PopupCells.compact, scope: [.popup],
        title: .tr("Popup's rows"), .tr("The popup's rows: compact (three lines and a strip of thumbnails) or full (all the text, the picture grid)."))
    public let popupCorner = Setting(
        .notifier, "popup_corner", .choice, default: PopupCorner.topRight, scope: [.popup],
        title: .tr("Popup's corner"),
        .tr("Where the popup opens on Wayland desktops that let it choose (sway, Hyprland, KDE); on X11 it opens at the tray icon."))
    public let popupClosesOnFocusOut = Setting(
        .notifier, "popup_close_on_focus_out", .boolean, default: true, scope: [.popup],
        title: .tr("Close the popup on focus out"), .tr("Close the popup when another window takes the focus."))
    public let detailCallsPerDay = Setting(
        .notifier, "detail_calls_per_day", .number(0...100), default: 60, scope: [.daemon], page: .advanced, title: .tr("Detail calls a day"),
        .tr("Calls a day spent on comment and mention texts and replies (Weibo allows about 100)."))
    public let emoticons = Setting(
        .notifier, "emoticons", .choice, default: Emoticons.Style.emoji, scope: [.daemon, .popup, .commandLine], page: .general, title: .tr("Weibo emoticons"),
        .tr("Weibo's [表情] codes as emoji, or as the text Weibo sends."))

    /// The table.
    public static let shared = SettingsTable()

    /// Every setting, in the order declared.
    public static let all: [AnySetting] = Mirror(reflecting: shared).children.compactMap { ($0.value as? any ErasableSetting)?.erased }

    /// The setting `name` names: `group.key`, or the key alone where no other group has it.
    public static func setting(named name: String) -> AnySetting? {
        if let exact = all.first(where: { $0.id == name }) { return exact }
        let matching = all.filter { $0.key == name }
        return matching.count == 1 ? matching[0] : nil
    }
}

extension NotifierSettings {
    /// The core's settings from `configuration`: the values of the settings the core decides
    /// with (`Setting.isTheCores`), the counter settings put together as the policy, at the given
    /// `interval` (the configuration's, or `run --interval`).
    public init(_ configuration: Configuration, interval: Int? = nil) {
        var policy = UnreadPolicy(notify: configuration.notify, countOnly: configuration.countOnly)
        policy.strangersMessages = configuration.strangersMessages
        policy.likes = configuration.likes
        self.init(policy: policy)
        chosen = configuration.values.keeping(SettingsTable.all.filter(\.isTheCores))
        if let interval { self.interval = interval }
    }
}
