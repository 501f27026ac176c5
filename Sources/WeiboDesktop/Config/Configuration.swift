public import WeiboKit

/// What the user configured, with the documented defaults for what they did not.
public struct Configuration: Equatable, Sendable {
    /// The app's key and secret from open.weibo.com; needed to log in.
    public var appKey: String = ""
    public var appSecret: String = ""
    /// Where Weibo sends the browser after approval; must match the app's settings.
    public var redirectURI: String = "https://api.weibo.com/oauth2/default.html"
    public var apiBase: String = WeiboEndpoints.weibo.apiBase
    public var remindBase: String = WeiboEndpoints.weibo.remindBase
    /// PEM certificates trusted for HTTPS instead of the system's (`tls_ca_file`; a sandbox's CA);
    /// `SSL_CERT_FILE` when the file names none.
    public var tlsCAFile: String?

    /// Takes `SSL_CERT_FILE` from `environment` as the trusted CA file when the configuration
    /// names none (an absolute path only).
    public mutating func trustSSLCertFile(in environment: [String: String]) {
        if tlsCAFile == nil, let file = environment["SSL_CERT_FILE"], file.hasPrefix("/") { tlsCAFile = file }
    }
    /// Seconds between two checks of the unread counts.
    public var interval: Int = 60
    /// Counters that raise a notification.
    public var notify: [UnreadCounter] = UnreadCounter.allCases
    /// Counters shown as a count only.
    public var countOnly: [UnreadCounter] = []
    /// A daily stretch without bubbles (tray, badge and bars keep counting).
    public var quietHours: QuietHours?
    /// One bubble per kind, or one for all.
    public var bubbles = BubbleMode.perKind
    /// How much comment and mention bubbles tell.
    public var preview = PreviewLevel.full
    /// Kinds whose bubbles play a sound.
    public var sound: Set<BubbleKind> = [.comments, .mentions, .messages]
    /// Calls a day for comment and mention texts and replies.
    public var detailCallsPerDay = 60
    /// Weibo's `[表情]` codes as emoji, or as sent.
    public var emoticons = Emoticons.Style.emoji
    /// Whether the desktop's do-not-disturb holds bubbles back.
    public var followDoNotDisturb = true
    /// The tray icon hidden while nothing is unread (`tray_hide_at_zero`).
    public var trayHideAtZero = false
    /// The popup's rows (`popup_cells`), its corner on layer-shell desktops (`popup_corner`),
    /// and whether it closes when it loses the focus (`popup_close_on_focus_out`).
    public var popupCells = PopupCells.compact
    public var popupCorner = PopupCorner.topRight
    public var popupClosesOnFocusOut = true
    /// Kinds whose bubbles come through do-not-disturb.
    public var doNotDisturbAllows: Set<BubbleKind> = []

    /// Where tokens are kept: the keyring when a Secret Service runs (`auto`), always the
    /// keyring, or always the 0600 account file.
    public var tokenStore = TokenStoreChoice.auto

    /// Where each setting came from (`weibo.app_key` → the file), for `doctor --verbose`;
    /// a setting no file gives has its default.
    public var origins: [String: String] = [:]

    public init() {}

    public var endpoints: WeiboEndpoints { WeiboEndpoints(apiBase: apiBase, remindBase: remindBase) }

    /// Both API servers are on this machine (a sandbox): for trying things, never the session's
    /// real notifier (no autostart), and the only place for intervals under 30 s.
    public var isSandbox: Bool {
        [apiBase, remindBase].allSatisfy { HTTPClient.isLoopback(HTTPClient.host(of: $0)) }
    }

    /// The smallest interval against the real API; shorter ones are for a sandbox on this machine.
    public static let minimumInterval = 30
    /// The longest interval: a day.
    public static let maximumInterval = 86_400
}

/// `token_store`: where tokens are kept.
public enum TokenStoreChoice: String, CaseIterable, Sendable {
    case auto, keyring, file
}

/// The popup's rows: the compact summary, or the whole cell.
public enum PopupCells: String, Sendable {
    case compact, full
}

/// A corner of the screen, where the popup opens on layer-shell desktops.
public enum PopupCorner: String, Sendable {
    case topRight = "top-right"
    case topLeft = "top-left"
    case bottomRight = "bottom-right"
    case bottomLeft = "bottom-left"
}
