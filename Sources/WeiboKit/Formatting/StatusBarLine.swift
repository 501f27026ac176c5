/// One line for a status bar: waybar, polybar, i3blocks, JSON or plain text.
///
/// Pure: the unread amounts and the notifier's states in, one escaped line out. Text from the
/// outside (the template, the counts' words) is escaped for the target: Pango markup for
/// waybar, `%{` for polybar, JSON strings for waybar and i3blocks.
public struct StatusBarLine: Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case waybar, polybar, i3blocks, json, plain
    }

    /// A state a bar shows. Several hold at once (waybar's `class` list); the first of a list is
    /// the main one (waybar's `alt`, the JSON line's `state`).
    public enum State: String, CaseIterable, Sendable {
        /// Nothing unread and nothing else to say.
        case none
        case unread
        /// Something that wants the user soon: a private message or an @mention.
        case urgent
        case paused
        case quiet
        /// The desktop's do-not-disturb.
        case doNotDisturb = "dnd"
        /// The counts are old: three checks in a row failed (they are still shown).
        case stale
        /// The network monitor says there is no network.
        case offline
        /// Weibo's rate limit: the last counts are shown until its reset.
        case rateLimited = "rate-limited"
        /// No login, or an expired one.
        case loginNeeded = "login-needed"

        /// Whether the counts shown may be wrong.
        var isTrouble: Bool { self == .stale || self == .offline || self == .rateLimited }
    }

    public var format: Format
    /// Nothing to show at zero (`watch --hide-zero`): an empty text, which waybar hides; a
    /// state that needs the user (offline, login needed) still shows.
    public var hideZero = false
    /// The text, with `{total}`, `{posts}`, `{comments}`, `{mentions}`, `{messages}`,
    /// `{followers}` and `{icon}` (`watch --text`); nil: "Weibo {total}" in the user's language.
    public var template: String?
    /// i3blocks' `color` at zero (`--color-zero`); none by default, so the bar's own shows.
    public var zeroColor: String?
    /// polybar's `%{F…}` colour tags around the text (`--polybar-colors`).
    public var polybarColors = false
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

    /// The placeholders a template may use.
    public static let placeholders = ["total"] + counterPlaceholders + ["icon"]

    /// The counters' own placeholders, in the API's order, each once.
    static let counterPlaceholders: [String] = UnreadCounter.allCases.compactMap(\.barPlaceholder).reduce(into: []) { names, name in
        if !names.contains(name) { names.append(name) }
    }

    /// The first `{name}` of `template` that is not a placeholder, if any.
    public static func unknownPlaceholder(in template: String) -> String? {
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { return nil }
            let name = String(after[..<close])
            if !placeholders.contains(name) { return name }
            rest = after[after.index(after: close)...]
        }
        return nil
    }

    /// The line for `unread` (the watched counters, all accounts together) in `states` (the main
    /// one first, as `UnreadPresenter.barStates` orders them); `accounts`: each account on its
    /// own, which the JSON line lists.
    public func line(unread: UnreadCounts, states: [State], accounts: [AccountCounts] = []) -> String {
        let main = states.first ?? .none
        let total = presenter.total(unread)
        let label = localizer.text(.appName)
        var text: String
        switch main {
        case .offline: text = "\(label) \(localizer.text(.offline))"
        case .loginNeeded: text = "\(label) \(localizer.text(.loginNeeded))"
        case .stale, .rateLimited: text = expanded(unread, main: main)
        case .none, .unread, .urgent, .paused, .quiet, .doNotDisturb: text = hideZero && total == 0 ? "" : expanded(unread, main: main)
        }
        // A bar reads one line per update: a template's newline is a space.
        text = TextSanitizer.singleLine(text)
        let details = presenter.counterWords(unread)
        let tooltip = details.isEmpty ? localizer.text(.nothingUnread) : details.joined(separator: "\n")
        let color = self.color(main, total: total)

        switch format {
        case .plain:
            return text
        case .polybar:
            // `%{` opens a polybar formatting tag; `%%{` is a literal one.
            let escaped = Self.polybarEscaped(text)
            guard polybarColors, let color, !escaped.isEmpty else { return escaped }
            return "%{F\(color)}\(escaped)%{F-}"
        case .waybar:
            let classes = states.map { Self.jsonString($0.rawValue) }.joined(separator: ",")
            return "{\"text\":\(Self.jsonString(Self.pangoEscaped(text))),\"tooltip\":\(Self.jsonString(Self.pangoEscaped(tooltip))),"
                + "\"class\":[\(classes)],\"alt\":\(Self.jsonString(main.rawValue))}"
        case .i3blocks:
            let colorKey = color.map { ",\"color\":\(Self.jsonString($0))" } ?? ""
            let urgent = states.contains(.urgent) && !main.isTrouble && main != .loginNeeded
            return "{\"full_text\":\(Self.jsonString(text)),\"short_text\":\(Self.jsonString(String(total)))\(colorKey),\"urgent\":\(urgent)}"
        case .json:
            func counters(_ unread: UnreadCounts) -> String {
                unread.carriedCounters.map { "\(Self.jsonString($0.rawValue)):\(unread[$0])" }.joined(separator: ",")
            }
            let each = accounts.map { account in
                "{\"uid\":\(Self.jsonString(account.uid)),\"screen_name\":\(Self.jsonString(account.screenName)),"
                    + "\"total\":\(presenter.total(account.unread)),\(counters(account.unread))}"
            }
            let all = states.map { Self.jsonString($0.rawValue) }.joined(separator: ",")
            return "{\"total\":\(total),\(counters(unread)),\"state\":\(Self.jsonString(main.rawValue)),\"states\":[\(all)],"
                + "\"accounts\":[\(each.joined(separator: ","))]}"
        }
    }

    /// The template with its placeholders filled in.
    private func expanded(_ unread: UnreadCounts, main: State) -> String {
        var values = ["total": String(presenter.total(unread)), "icon": Self.icon(main)]
        for name in Self.counterPlaceholders {
            values[name] = String(UnreadCounter.allCases.filter { $0.barPlaceholder == name }.reduce(0) { $0 + unread[$1] })
        }
        var result = template ?? "\(localizer.text(.appName)) {total}"
        for (name, value) in values { result = result.replacingText("{\(name)}", with: value) }
        return result
    }

    /// `{icon}`: a bell, a struck bell while bubbles wait, a warning sign while the counts may be wrong.
    static func icon(_ main: State) -> String {
        switch main {
        case .paused, .quiet, .doNotDisturb: return "🔕"
        case .stale, .offline, .rateLimited, .loginNeeded: return "⚠"
        case .none, .unread, .urgent: return "🔔"
        }
    }

    /// The colour for i3blocks and polybar: orange with something unread, grey while the counts
    /// may be wrong, red when a login is needed; at zero, only the one asked for.
    private func color(_ main: State, total: Int) -> String? {
        if main == .loginNeeded { return "#FF0000" }
        if main.isTrouble { return "#888888" }
        return total > 0 ? "#FF8200" : zeroColor
    }

    /// `%{` written as `%%{`, so that polybar shows it instead of reading a tag.
    public static func polybarEscaped(_ text: String) -> String {
        text.replacingText("%{", with: "%%{")
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
