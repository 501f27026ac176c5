/// One finding of the set-up check (`weibo-notifier doctor`, and the settings window's "Check
/// the set-up", which reads `doctor --json`): what was found, and how to mend it, as data.
/// The terminal shows the fix as a command; the window as a button where it has one.
public struct SetupFinding: Equatable, Sendable, Codable {
    public enum Level: String, Equatable, Sendable, Codable {
        /// In order.
        case good
        /// Worth knowing; the notifier works.
        case note
        /// Something needed is missing: `doctor` ends with status 1.
        case missing
        /// Where a setting comes from (`--verbose`).
        case setting
    }

    public var level: Level
    /// What was found, in the user's language.
    public var what: String
    public var fix: SetupFix?

    public init(_ level: Level, _ what: String, fix: SetupFix? = nil) {
        self.level = level
        self.what = what
        self.fix = fix
    }

    /// The sign before it, in the terminal and the window: ✓, • or ✗ (none for a setting).
    public var mark: String {
        switch level {
        case .good: "✓"
        case .note: "•"
        case .missing: "✗"
        case .setting: ""
        }
    }

    /// Its lines in the terminal: `✓ what`, `✗ what` or `• what` and `    → fix`.
    public var terminalLines: String {
        (mark.isEmpty ? "    " : mark + " ") + what + (fix.map { "\n    → " + $0.terminal } ?? "")
    }

    /// The findings as `doctor --json` prints them: one JSON array.
    public static func json(_ findings: [SetupFinding]) -> String {
        (try? WeiboJSON.encode(findings)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }

    /// `doctor --json`'s output read back; nil when it is not that.
    public static func read(json: String) -> [SetupFinding]? {
        try? WeiboJSON.decodeDocument([SetupFinding].self, from: [UInt8](json.utf8))
    }
}

/// How a finding is mended: the terminal's words (a command, or what to do), and what a
/// window can do about it by itself.
public struct SetupFix: Equatable, Sendable, Codable {
    public enum Action: String, Equatable, Sendable, Codable {
        /// Words only.
        case none
        /// Log in (again): the window's login.
        case logIn = "log-in"
        /// Start with the session: the window's switch.
        case startWithSession = "start-with-session"
        /// A setting to correct: the window shows its page.
        case correctSetting = "correct-setting"
    }

    public var action: Action
    /// In the terminal: the command, or what to do.
    public var terminal: String
    /// The setting to correct (`correctSetting`), by its key.
    public var setting: String?

    public init(_ action: Action = .none, terminal: String, setting: String? = nil) {
        self.action = action
        self.terminal = terminal
        self.setting = setting
    }

    /// What to do, in words.
    public static func advice(_ words: String) -> SetupFix { SetupFix(terminal: words) }

    /// The terminal's login.
    public static let logIn = SetupFix(.logIn, terminal: "weibo-notifier login")

    /// The window's button for it (nil: words only).
    public var buttonLabel: LocalizableMessage? {
        switch action {
        case .none: nil
        case .logIn: .tr("Log in…")
        case .startWithSession: .tr("Start with my session")
        case .correctSetting: .tr("Show the setting")
        }
    }
}
