/// The popup's rules, as a value: events in, with their time (items arrived, counts changed, a
/// section shown, "Load more", a row activated, a filter typed, the clock's tick, closing), and
/// what to do out (fetch, show a section's rows, focus a row, open a page, mark seen). The GTK
/// window draws what it holds and forwards what happens; it reads no clock of its own for a rule.
///
/// - Rows never move under the pointer: news that arrives while a section is shown waits behind
///   its pill ("3 new") until it is clicked.
/// - A section in front for a second or more counts as seen when the window closes.
/// - Rows newer than the section's last look are marked new.
/// - The keyboard is on a row whenever a section is shown: the one last selected there, else
///   the first.
public struct PopupModel: Sendable {
    public struct Section: Sendable {
        public let kind: PopupSectionKind
        /// Newest first.
        public fileprivate(set) var rows: [PopupRow] = []
        /// What arrived while the section was shown, behind its pill.
        public fileprivate(set) var waiting: [PopupRow] = []
        /// How many items it asks for: a page, a page more at each "Load more", up to 500.
        public fileprivate(set) var asked = PopupItems.pageSize
        public fileprivate(set) var isLoaded = false
        /// A fetch is under way (in the background: its news go behind the pill).
        public fileprivate(set) var isLoading = false
        fileprivate var loadingInBackground = false
        /// Why the rows are old, and when they were fetched.
        public fileprivate(set) var failure: PollFailure?
        public fileprivate(set) var fetchedAt: Timestamp?
        /// Its tab's unread count.
        public fileprivate(set) var unread = 0
        /// The search's text (the same in every section): only rows that match are shown.
        public fileprivate(set) var filter = ""
        /// The row last selected, by id.
        public fileprivate(set) var selected: Int64?
        /// In front since.
        fileprivate var shownSince: Timestamp?
        /// It was in front long enough to count as seen.
        public fileprivate(set) var wasSeen = false
        /// The newest row's time when it was last seen: newer rows are new.
        public fileprivate(set) var lastLook: Timestamp?
        /// When to ask again: the daemon answered from a fetch older than the news.
        fileprivate var askAgainAt: Timestamp?
        /// When the background fetch was asked (for `askAgainAt`).
        fileprivate var askedAt: Timestamp?

        init(kind: PopupSectionKind, lastLook: Timestamp?) {
            self.kind = kind
            self.lastLook = lastLook
        }

        /// The rows the search leaves.
        public var visibleRows: [PopupRow] { filter.isEmpty ? rows : rows.filter { $0.matches(filter) } }

        /// "Load more" is offered while the last fetch filled what was asked, up to 500.
        public var offersMore: Bool { isLoaded && rows.count >= asked && asked < PopupItems.maximumCount }

        /// The spinner turns while a fetch asked from the front is under way.
        public var showsSpinner: Bool { isLoading && !loadingInBackground }

        /// "Nothing new" when it lists nothing and nothing failed.
        public var isEmpty: Bool { isLoaded && rows.isEmpty && failure == nil }

        /// The "Log in" button goes with a rejected login.
        public var offersLogIn: Bool { failure?.kind == .loginRejected && daemonTrouble == nil }

        /// Why the daemon did not answer (not running, too slow).
        public fileprivate(set) var daemonTrouble: Localizer.DaemonTrouble?

        /// The line above the rows: why they are old, and since when; nil when they are fresh.
        public func stateLine(localizer: Localizer, times: RelativeTimeFormatter, now: Timestamp) -> String? {
            if let daemonTrouble { return localizer.text(.daemonTrouble(daemonTrouble)) }
            guard let failure else { return nil }
            if failure.kind == .noPermission { return localizer.text(.notPermitted(kind)) }
            return localizer.text(.state(failure, since: fetchedAt.map { times.string(for: $0, now: now) }))
        }
    }

    public enum Event: Sendable {
        /// The window opens (or is asked again) at a section.
        case opened(PopupSectionKind, at: Timestamp)
        /// Another section brought to the front (its tab, Tab, Alt+number).
        case switched(to: PopupSectionKind, at: Timestamp)
        /// The daemon's answer to the section's fetch.
        case itemsArrived(PopupSectionKind, PopupItems, at: Timestamp)
        /// The daemon could not answer, and why.
        case itemsFailed(PopupSectionKind, Localizer.DaemonTrouble, at: Timestamp)
        /// The unread counts, by counter name.
        case countsChanged([String: Int], at: Timestamp)
        case loadMore(at: Timestamp)
        /// Ctrl+R: fetch the shown section again.
        case reload(at: Timestamp)
        case pillClicked
        /// A row selected with the keyboard or the pointer.
        case selected(Int64)
        /// Enter or a click on a row.
        case activated(Int64)
        case filterTyped(String)
        /// Ctrl+Enter on the selected row (or a click on its "Reply"): a reply to it.
        case replyAsked
        /// The reply's text, to the row of this id.
        case replyTyped(Int64, String)
        /// The daemon sent it (nil), or kept it and says why not.
        case replyAnswered(Int64, failure: String?)
        /// The clock, at least once a minute while open.
        case tick(at: Timestamp)
        case closing(at: Timestamp)
    }

    public enum Effect: Equatable, Sendable {
        /// Ask the daemon for a section's items.
        case fetch(PopupSectionKind, count: Int)
        /// Draw a section's rows, pill and state anew.
        case show(PopupSectionKind)
        /// Put the keyboard on the row of this id, once it is drawn.
        case focus(PopupSectionKind, row: Int64)
        case open(String)
        /// Tell the daemon these sections were seen (then the window goes).
        case markSeen([PopupSectionKind])
        /// Lay the shown rows out again: their times changed.
        case redrawTimes
        /// A `tick` wanted at this time.
        case wake(at: Timestamp)
        /// Show the reply entry for the row of this id, to its author.
        case openReply(PopupSectionKind, row: Int64, to: String)
        /// Ask the daemon to send the reply (`replyAnswered` follows).
        case sendReply(row: Int64, ReplyRequest)
    }

    /// How long a section must be in front to count as seen.
    public static let seenAfter: Double = 1
    /// Times in an open popup are never older than this.
    public static let timesRefresh: Double = 60

    public private(set) var sections: [Section]
    public private(set) var current: PopupSectionKind = .posts
    public private(set) var isOpen = false
    /// Every row whole (`popup_cells = full`), else compact until activated.
    public let expandsEveryRow: Bool
    private var timesDrawnAt: Timestamp?

    /// `lastLooks`: each section's last look, as saved when a window closed.
    public init(expandsEveryRow: Bool = false, lastLooks: [PopupSectionKind: Timestamp] = [:]) {
        self.expandsEveryRow = expandsEveryRow
        sections = PopupSectionKind.allCases.map { Section(kind: $0, lastLook: lastLooks[$0]) }
    }

    public subscript(kind: PopupSectionKind) -> Section {
        get { sections[PopupSectionKind.allCases.firstIndex(of: kind) ?? 0] }
        set { sections[PopupSectionKind.allCases.firstIndex(of: kind) ?? 0] = newValue }
    }

    /// Each section's last look, to save when the window closes.
    public var lastLooks: [PopupSectionKind: Timestamp] {
        Dictionary(uniqueKeysWithValues: sections.compactMap { section in section.lastLook.map { (section.kind, $0) } })
    }

    public mutating func handle(_ event: Event) -> [Effect] {
        var effects: [Effect] = []
        switch event {
        case .opened(let kind, let now):
            if !isOpen {
                isOpen = true
                timesDrawnAt = now
                effects.append(.wake(at: now.adding(Self.timesRefresh)))
            }
            bringToFront(kind, at: now, &effects)
        case .switched(let kind, let now):
            bringToFront(kind, at: now, &effects)
        case .itemsArrived(let kind, let items, let now):
            arrived(kind, items, at: now, &effects)
        case .itemsFailed(let kind, let trouble, _):
            self[kind].isLoading = false
            self[kind].loadingInBackground = false
            self[kind].isLoaded = true
            self[kind].daemonTrouble = trouble
            effects.append(.show(kind))
        case .countsChanged(let counts, let now):
            for kind in PopupSectionKind.allCases {
                let count = kind.count(in: counts)
                let rose = count > self[kind].unread
                if count != self[kind].unread { effects.append(.show(kind)) }
                self[kind].unread = count
                // News: fetched in the background, behind the pill.
                if rose, self[kind].isLoaded { fetch(kind, background: true, at: now, &effects) }
            }
        case .loadMore(let now):
            self[current].asked = min(self[current].asked + PopupItems.pageSize, PopupItems.maximumCount)
            fetch(current, background: false, at: now, &effects)
        case .reload(let now):
            fetch(current, background: false, at: now, &effects)
        case .pillClicked:
            var section = self[current]
            guard !section.waiting.isEmpty else { break }
            section.rows = section.waiting + section.rows
            section.waiting = []
            section.selected = section.rows.first?.id
            self[current] = section
            effects.append(.show(current))
            if let first = section.visibleRows.first { effects.append(.focus(current, row: first.id)) }
        case .selected(let id):
            self[current].selected = id
        case .activated(let id):
            guard let index = self[current].rows.firstIndex(where: { $0.id == id }) else { break }
            self[current].selected = id
            if self[current].rows[index].isExpanded {
                effects.append(.open(self[current].rows[index].url))
            } else {
                self[current].rows[index].isExpanded = true
                effects.append(.show(current))
            }
        case .filterTyped(let text):
            // One search for every section: switching keeps it.
            for kind in PopupSectionKind.allCases where self[kind].filter != text {
                self[kind].filter = text
                if self[kind].isLoaded { effects.append(.show(kind)) }
            }
        case .replyAsked:
            guard let id = self[current].selected, let row = self[current].rows.first(where: { $0.id == id }),
                row.canReply(in: current), row.reply != .sending
            else { break }
            effects.append(.openReply(current, row: id, to: row.author?.screenName ?? ""))
        case .replyTyped(let id, let text):
            let text = text.trimmed(of: " \t\n")
            guard !text.isEmpty, let index = self[current].rows.firstIndex(where: { $0.id == id }),
                let request = self[current].rows[index].replyRequest(text, in: current)
            else { break }
            self[current].rows[index].reply = .sending
            effects.append(.sendReply(row: id, request))
        case .replyAnswered(let id, let failure):
            for kind in PopupSectionKind.allCases {
                guard let index = self[kind].rows.firstIndex(where: { $0.id == id && $0.reply == .sending }) else { continue }
                self[kind].rows[index].reply = failure.map { .failed($0) } ?? .replied
                effects.append(.show(kind))
            }
        case .tick(let now):
            tick(at: now, &effects)
        case .closing(let now):
            guard isOpen else { break }
            isOpen = false
            noteSeen(current, at: now)
            let seen = sections.filter(\.wasSeen).map(\.kind)
            for kind in seen {
                // Seen up to its newest row: those are not new at the next open.
                if let newest = self[kind].rows.compactMap(\.createdAt).max() {
                    self[kind].lastLook = max(newest, self[kind].lastLook ?? .distantPast)
                }
            }
            effects.append(.markSeen(seen))
        }
        return effects
    }

    private mutating func bringToFront(_ kind: PopupSectionKind, at now: Timestamp, _ effects: inout [Effect]) {
        if kind != current { noteSeen(current, at: now) }
        if kind != current || self[kind].shownSince == nil { self[kind].shownSince = now }
        current = kind
        if !self[kind].isLoaded {
            fetch(kind, background: false, at: now, &effects)
        }
        focusRow(kind, &effects)
    }

    /// The keyboard to the section's selected row, else its first.
    private func focusRow(_ kind: PopupSectionKind, _ effects: inout [Effect]) {
        let rows = self[kind].visibleRows
        guard let row = rows.first(where: { $0.id == self[kind].selected }) ?? rows.first else { return }
        effects.append(.focus(kind, row: row.id))
    }

    private mutating func noteSeen(_ kind: PopupSectionKind, at now: Timestamp) {
        if let since = self[kind].shownSince, now.seconds(since: since) >= Self.seenAfter { self[kind].wasSeen = true }
        self[kind].shownSince = nil
    }

    /// Asks for a section's items: in the background the news go behind the pill (the newest
    /// page only: after "Load more" asking for all 500 again at each count would cost the daemon
    /// five fetches). One fetch at a time.
    private mutating func fetch(_ kind: PopupSectionKind, background: Bool, at now: Timestamp, _ effects: inout [Effect]) {
        guard !self[kind].isLoading else { return }
        let background = background && self[kind].isLoaded
        self[kind].isLoading = true
        self[kind].loadingInBackground = background
        self[kind].askedAt = now
        self[kind].askAgainAt = nil
        effects.append(.fetch(kind, count: background ? min(self[kind].asked, PopupItems.pageSize) : self[kind].asked))
        if !background { effects.append(.show(kind)) }
    }

    private mutating func arrived(_ kind: PopupSectionKind, _ items: PopupItems, at now: Timestamp, _ effects: inout [Effect]) {
        var section = self[kind]
        // Into an empty list (nothing yet, not logged in, a failure) the rows come at once:
        // nothing is under the pointer to move.
        let background = section.loadingInBackground && !section.rows.isEmpty
        section.isLoading = false
        section.loadingInBackground = false
        section.isLoaded = true
        section.failure = items.failure
        section.daemonTrouble = nil
        section.fetchedAt = items.fetchedAt
        let lastLook = section.lastLook
        let arrived = PopupRow.rows(of: items, in: kind).map { row in
            var row = row
            row.isNew = lastLook.map { (row.createdAt ?? .distantPast) > $0 } ?? false
            return row
        }
        if background {
            let known = Set(section.rows.map(\.id))
            section.waiting = arrived.filter { !known.contains($0.id) }
            // Answered from the daemon's fetch before the news: asked again after its minute.
            if let asked = section.askedAt, let again = items.askAgain(after: asked), again > now {
                section.askAgainAt = again
                effects.append(.wake(at: again))
            }
        } else {
            let expanded = Set(section.rows.filter(\.isExpanded).map(\.id))
            section.rows = arrived.map { row in
                var row = row
                row.isExpanded = expandsEveryRow || expanded.contains(row.id)
                return row
            }
            let shown = Set(section.rows.map(\.id))
            section.waiting = section.waiting.filter { !shown.contains($0.id) }
        }
        self[kind] = section
        effects.append(.show(kind))
        if !background, kind == current, isOpen { focusRow(kind, &effects) }
    }

    private mutating func tick(at now: Timestamp, _ effects: inout [Effect]) {
        guard isOpen else { return }
        for kind in PopupSectionKind.allCases {
            if let again = self[kind].askAgainAt, again <= now {
                self[kind].askAgainAt = nil
                fetch(kind, background: true, at: now, &effects)
            }
        }
        if let drawn = timesDrawnAt, now.seconds(since: drawn) >= Self.timesRefresh || now < drawn {
            timesDrawnAt = now
            effects.append(.redrawTimes)
        }
        let nextTimes = (timesDrawnAt ?? now).adding(Self.timesRefresh)
        let next = sections.compactMap(\.askAgainAt).reduce(nextTimes, min)
        effects.append(.wake(at: next))
    }
}

extension PopupModel {
    /// Last looks as kept between popups: a line per section, its name and seconds since 1970
    /// (`posts 1764770000`).
    public static func text(ofLastLooks looks: [PopupSectionKind: Timestamp]) -> String {
        PopupSectionKind.allCases.compactMap { kind in looks[kind].map { "\(kind.rawValue) \(Int64($0.secondsSince1970))\n" } }.joined()
    }

    /// The last looks in `text`; a line that is not a section and a time is passed over.
    public static func lastLooks(fromText text: String) -> [PopupSectionKind: Timestamp] {
        var looks: [PopupSectionKind: Timestamp] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let kind = PopupSectionKind(rawValue: String(parts[0])), let seconds = Int64(parts[1]), seconds >= 0 else { continue }
            looks[kind] = Timestamp(secondsSince1970: Double(seconds))
        }
        return looks
    }
}
