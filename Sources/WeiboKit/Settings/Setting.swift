/// One setting of the configuration file, declared once: where it lives (group and key), what it
/// takes (its codec and rule), its default, one line saying what it does, where it applies and
/// when a change takes effect. Its value lives in a `SettingValues` store (`Configuration`,
/// `NotifierSettings`), read and written through it.
///
/// `SettingsTable` declares every one; the key file's reader, the commented file written at first
/// use, `config`, `doctor --verbose`, the man page's CONFIGURATION section, the settings window
/// and the core's settings are all derived from it. A class: reading a value fetches its setting
/// from the table, and a reference is cheaper to hand over than its dozen fields.
public final class Setting<Value: Equatable & Sendable>: Sendable {
    public let group: SettingGroup
    public let key: String
    /// `group.key`, as `config` names it, and the store keeps its value.
    public let id: String
    public let codec: SettingCodec<Value>
    public let defaultValue: Value
    /// One line (a gettext message id) saying what the setting does.
    public let summary: LocalizableMessage
    public let scope: SettingScope
    public let change: SettingChange
    /// The settings window's name for it (a gettext message id), and its page.
    public let title: LocalizableMessage
    public let page: SettingPage

    init(
        _ group: SettingGroup, _ key: String, _ codec: SettingCodec<Value>, default defaultValue: Value, scope: SettingScope,
        change: SettingChange = .atOnce, page: SettingPage? = nil, title: LocalizableMessage, _ summary: LocalizableMessage
    ) {
        self.group = group
        self.title = title
        self.page = page ?? (group == .weibo ? .account : .notifications)
        self.key = key
        id = group.rawValue + "." + key
        self.codec = codec
        self.defaultValue = defaultValue
        self.scope = scope
        self.change = change
        self.summary = summary
    }

    /// Whether the core decides with it: the notifier group's settings that the running notifier
    /// reads (not the popup's alone); `NotifierSettings` carries these.
    public var isTheCores: Bool { group == .notifier && scope.contains(.daemon) }

    /// The same setting without its value's type, for lists of every setting.
    public var erased: AnySetting { AnySetting(self) }
}

/// A `Setting` of any value type, as `SettingsTable.all` finds its declarations.
protocol ErasableSetting {
    var erased: AnySetting { get }
}

extension Setting: ErasableSetting {}

/// The groups of the key file.
public enum SettingGroup: String, CaseIterable, Sendable {
    /// The app, the API, where tokens are kept.
    case weibo
    /// What the notifier checks and shows, and the popup.
    case notifier
}

/// The page of the settings window a setting is on (by default: the `weibo` group's on Account,
/// the `notifier` group's on Notifications).
public enum SettingPage: String, CaseIterable, Sendable {
    case account
    case notifications
    case general
    /// What people seldom change and need to know to: the API servers, trusted certificates,
    /// where the login is kept, the detail calls' budget.
    case advanced
}

/// Where a setting is read.
public struct SettingScope: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The running notifier (`run`).
    public static let daemon = SettingScope(rawValue: 1)
    /// The popup window.
    public static let popup = SettingScope(rawValue: 2)
    /// The commands typed in a terminal (`login`, `unread`, `timeline` …).
    public static let commandLine = SettingScope(rawValue: 4)
}

/// When a changed setting takes effect.
public enum SettingChange: String, Sendable {
    /// The running notifier applies it at once (after `config set`, SIGHUP or the settings
    /// window), the popup the next time it opens.
    case atOnce = "at-once"
    /// Used at the next login.
    case nextLogin = "next-login"
    /// Read when the notifier starts.
    case nextStart = "next-start"

    /// When a change takes effect, said where that is not at once (the settings window's row).
    public var note: LocalizableMessage? {
        switch self {
        case .atOnce: nil
        case .nextLogin: .tr("Applies at the next login.")
        case .nextStart: .tr("Applies when the notifier starts again.")
        }
    }
}

/// What the values of a setting look like: for its documentation, its error messages and the
/// settings window's widget.
public enum SettingRule: Equatable, Sendable {
    case boolean
    /// A whole number in `range` (seconds for an interval); against an API on this machine
    /// (a sandbox) from `sandboxMinimum`.
    case number(ClosedRange<Int>, seconds: Bool, sandboxMinimum: Int?)
    /// One of these words (each with its label).
    case choice([ChoiceWord])
    /// Any of these words, `;` between them; empty for none.
    case list([String])
    /// `HH:MM-HH:MM`, or empty.
    case timeRange
    /// An http:// or https:// address.
    case url
    /// An absolute path, or empty.
    case path
    case text
    /// Text that is never shown or taken on a command line (kept in the keyring where one runs).
    case secret

    /// A number's field: the values it offers in `context` (from the sandbox minimum against a
    /// sandbox on this machine) and its step (a minute for seconds); nil for other rules.
    public func numberField(in context: SettingContext) -> (range: ClosedRange<Int>, step: Int)? {
        guard case .number(let range, let seconds, let sandboxMinimum) = self else { return nil }
        let lowest = context.isSandbox ? min(sandboxMinimum ?? range.lowerBound, range.lowerBound) : range.lowerBound
        return (lowest...range.upperBound, seconds ? 60 : 1)
    }

    /// What the setting takes, in words (for the commented file, `config`, the man page).
    public var words: LocalizableMessage {
        switch self {
        case .boolean: return .tr("true or false")
        case .number(let range, true, _): return .tr("%s to %s seconds", .text(String(range.lowerBound)), .text(String(range.upperBound)))
        case .number(let range, false, _): return .tr("a whole number from %s to %s", .text(String(range.lowerBound)), .text(String(range.upperBound)))
        case .choice(let words): return .tr("one of: %s", .text(words.map(\.word).joined(separator: ", ")))
        case .list(let words): return .tr("any of %s, separated by ';'; empty for none", .text(words.joined(separator: ", ")))
        case .timeRange: return .tr("a time range such as 23:00-08:00, or empty for none")
        case .url: return .tr("an http:// or https:// address")
        case .path: return .tr("an absolute path, or empty")
        case .text: return .tr("text")
        case .secret: return .tr("text, never shown nor taken on the command line")
        }
    }
}

/// What a value is read against: whether both API servers are on this machine (a sandbox,
/// where intervals may be shorter).
public struct SettingContext: Sendable {
    public var isSandbox: Bool
    public init(isSandbox: Bool = false) { self.isSandbox = isSandbox }
}
