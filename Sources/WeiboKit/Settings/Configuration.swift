/// What the user configured: a value for each setting of `SettingsTable`, read and written by its
/// name there (`configuration.appKey`), each the table's default until set; `ConfigurationFile`
/// fills them from the key files.
@dynamicMemberLookup
public struct Configuration: Equatable, Sendable {
    /// The values, by setting.
    public var values = SettingValues()

    /// Where each setting came from (`weibo.app_key` → the file that set it), for `doctor
    /// --verbose` and `config list`; a setting no file gives has its default.
    public var origins: [String: String] = [:]

    public init() {}

    /// The value of the table's setting `name`.
    public subscript<Value>(dynamicMember name: KeyPath<SettingsTable, Setting<Value>>) -> Value {
        get { values[SettingsTable.shared[keyPath: name]] }
        set { values[SettingsTable.shared[keyPath: name]] = newValue }
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

/// `tray_icon_style`: the tray icon in full colour or monochrome (`-symbolic`), as the icons
/// beside it are.
public enum TrayIconStyle: String, CaseIterable, Sendable {
    case auto, color, symbolic

    /// Whether the icon is the monochrome one on the desktop `currentDesktop` names
    /// (`XDG_CURRENT_DESKTOP`, names separated by colons): automatically on GNOME, whose top
    /// bar has only monochrome icons.
    public func isSymbolic(currentDesktop: String) -> Bool {
        switch self {
        case .color: false
        case .symbolic: true
        case .auto: CurrentDesktop.isGnome(currentDesktop)
        }
    }
}

/// How long a comment or mention bubble stays where it can be answered in place (a server with
/// `inline-reply`: KDE, swaync): KDE gives a bubble 5 s unless told, too short to type a reply.
public enum ReplyBubbleStay: String, CaseIterable, Sendable {
    case untilClosed = "until-closed"
    case minute
    case desktop

    /// The notification spec's `expire_timeout`, in milliseconds: 0 never, -1 the server's.
    public var expireTimeout: Int32 {
        switch self {
        case .untilClosed: 0
        case .minute: 60_000
        case .desktop: -1
        }
    }
}

/// The popup's rows: the compact summary, or the whole cell.
public enum PopupCells: String, CaseIterable, Sendable {
    case compact, full
}

/// A corner of the screen, where the popup opens on layer-shell desktops.
public enum PopupCorner: String, CaseIterable, Sendable {
    case topRight = "top-right"
    case topLeft = "top-left"
    case bottomRight = "bottom-right"
    case bottomLeft = "bottom-left"
}
