/// One line for a status bar: waybar, polybar, i3blocks, JSON or plain text.
///
/// Pure: the unread amounts and the notifier's state in, one escaped line out. Text from the
/// outside (none today, but counts' words come from the localizer) is escaped for the target:
/// Pango markup for waybar, `%{` for polybar, JSON strings for waybar and i3blocks.
public struct StatusBarLine: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case waybar, polybar, i3blocks, json, plain
    }

    /// What the bar shows.
    public enum State: String, Sendable {
        /// Nothing unread.
        case none
        case unread
        /// The last checks failed.
        case offline
        /// No answer for a long time (no daemon, and polling by itself failed).
        case stale
        case loginExpired = "login-expired"
        /// No login saved (never logged in, or logged out).
        case loginNeeded = "login-needed"
    }

    public var format: Format
    /// Nothing to show at zero (`watch --hide-zero`): an empty text, which waybar hides.
    public var hideZero = false
    /// The words, the total and what is urgent: the same as every other surface.
    public var presenter: UnreadPresenter
    public var localizer: Localizer { presenter.localizer }

    public init(format: Format, localizer: Localizer) {
        self.format = format
        presenter = UnreadPresenter(localizer: localizer)
    }

    /// One account of several, for the JSON line's `accounts`.
    public struct AccountCounts: Equatable, Sendable {
        public var uid: String
        public var screenName: String
        public var unread: UnreadCounts

        public init(uid: String, screenName: String, unread: UnreadCounts) {
            self.uid = uid
            self.screenName = screenName
            self.unread = unread
        }
    }

    /// The line for `unread` (the watched counters, all accounts together) in `state`;
    /// `accounts`: each account on its own, which the JSON line lists.
    public func line(unread: UnreadCounts, state: State, accounts: [AccountCounts] = []) -> String {
        let total = presenter.total(unread)
        let label = localizer.text(.appName)
        let text: String
        switch state {
        case .none, .unread: text = hideZero && total == 0 ? "" : "\(label) \(total)"
        case .offline: text = "\(label) \(localizer.text(.offline))"
        case .stale: text = "\(label) ?"
        case .loginExpired, .loginNeeded: text = "\(label) \(localizer.text(.loginNeeded))"
        }
        let details = presenter.counterWords(unread)
        let tooltip = details.isEmpty ? localizer.text(.nothingUnread) : details.joined(separator: "\n")
        let urgent = presenter.isUrgent(unread)

        switch format {
        case .plain:
            return text
        case .polybar:
            // `%{` opens a polybar formatting tag; `%%{` is a literal one.
            return Self.polybarEscaped(text)
        case .waybar:
            return
                "{\"text\":\(Self.jsonString(Self.pangoEscaped(text))),\"tooltip\":\(Self.jsonString(Self.pangoEscaped(tooltip))),\"class\":\(Self.jsonString(state.rawValue)),"
                + "\"alt\":\(Self.jsonString(state.rawValue))}"
        case .i3blocks:
            let color: String
            switch state {
            case .none: color = "#FFFFFF"
            case .unread: color = "#FF8200"
            case .offline, .stale: color = "#888888"
            case .loginExpired, .loginNeeded: color = "#FF0000"
            }
            return "{\"full_text\":\(Self.jsonString(text)),\"short_text\":\(Self.jsonString(String(total))),\"color\":\(Self.jsonString(color)),"
                + "\"urgent\":\(urgent && state == .unread)}"
        case .json:
            func counters(_ unread: UnreadCounts) -> String {
                UnreadCounter.allCases.map { "\(Self.jsonString($0.rawValue)):\(unread[$0])" }.joined(separator: ",")
            }
            let each = accounts.map { account in
                "{\"uid\":\(Self.jsonString(account.uid)),\"screen_name\":\(Self.jsonString(account.screenName)),"
                    + "\"total\":\(presenter.total(account.unread)),\(counters(account.unread))}"
            }
            return "{\"total\":\(total),\(counters(unread)),\"state\":\(Self.jsonString(state.rawValue)),\"accounts\":[\(each.joined(separator: ","))]}"
        }
    }

    /// `%{` written as `%%{`, so that polybar shows it instead of reading a tag.
    public static func polybarEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "%{", with: "%%{")
    }

    /// `& < >` escaped for Pango markup.
    public static func pangoEscaped(_ text: String) -> String {
        Markup.escaped(text)
    }

    /// A JSON string literal.
    public static func jsonString(_ text: String) -> String {
        JSONText.quoted(text)
    }
}

extension String {
    /// Every `target` replaced by `replacement`.
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
