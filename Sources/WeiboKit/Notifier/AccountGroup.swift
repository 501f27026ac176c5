/// Several accounts as the surfaces see them (the tray, `GetStatus`, the bars): the counts added
/// up, and the one account whose state the group shows, with that account's error. Pure: the
/// shell hands it each account's snapshot and reads the answers.
public struct AccountGroup: Equatable, Sendable {
    /// One account as the group sees it: what its notifier shows, at one moment.
    public struct Member: Equatable, Sendable {
        public var uid: Int64?
        public var name: String
        public var unread: UnreadCounts
        public var status: NotifierStatus
        public var lastError: String?
        public var lastErrorKind: PollFailure.Kind?
        /// The checks: the last answered, the next planned, how many ended, offline since when.
        public var lastPoll: Timestamp?
        public var nextPoll: Timestamp?
        public var completedPolls = 0
        public var offlineSince: Timestamp?
        /// The pause asked for (maybe over), and when the quiet hours in force end.
        public var pausedUntil: Timestamp?
        public var quietUntil: Timestamp?
        /// Why comment and mention texts are not shown now.
        public var detailsNote: String?
        /// The app may not read the home timeline (10014 at the popup's last fetch of posts).
        public var timelineRefused = false
        /// Seconds between checks.
        public var interval = 0

        public init(
            uid: Int64?, name: String = "", unread: UnreadCounts = UnreadCounts(), status: NotifierStatus, lastError: String? = nil,
            lastErrorKind: PollFailure.Kind? = nil
        ) {
            self.uid = uid
            self.name = name
            self.unread = unread
            self.status = status
            self.lastError = lastError
            self.lastErrorKind = lastErrorKind
        }
    }

    /// The default account's first (there is always one: it follows whoever becomes the default).
    public var members: [Member]

    public init(members: [Member]) {
        self.members = members
    }

    /// The states that need the user, the most pressing first: the group shows the first account in one.
    public static let urgency: [NotifierPhase] = [.loginExpired, .waitingForKeyring, .rateLimited, .offline]

    /// The unread counts of every account added up.
    public var unread: UnreadCounts {
        members.map(\.unread).reduce(UnreadCounts()) { sum, counts in sum.adding(counts) }
    }

    /// The account whose state and error the group shows: the first in the most pressing state
    /// that needs the user, else the default one. Never one account's state with another's error.
    public var reportingIndex: Int {
        for phase in Self.urgency {
            if let index = members.firstIndex(where: { $0.status.phase == phase }) { return index }
        }
        return 0
    }

    public var reporting: Member { members[reportingIndex] }

    /// What the surfaces show besides the counts: the reporting account's phase, the most checks
    /// failed in a row of any account, and the default account's pause, quiet hours and
    /// do-not-disturb (one pause and one desktop for all).
    public var status: NotifierStatus {
        var status = members[0].status
        status.phase = reporting.status.phase
        status.keyringMissing = reporting.status.keyringMissing
        status.failuresInARow = members.map(\.status.failuresInARow).max() ?? 0
        return status
    }

    /// The accounts whose summary of `kind` is shown: each that has something of it, else the default.
    public func summaryIndices(_ kind: BubbleKind) -> [Int] {
        let counters = kind == .all ? UnreadCounter.allCases : kind.counters
        let having = members.indices.filter { index in counters.contains { members[index].unread[$0] > 0 } }
        return having.isEmpty ? [0] : having
    }

    /// The account a "Log in…" is for: the first whose login is missing or expired, else the default.
    public var loginIndex: Int {
        members.firstIndex { $0.status.needsLogin } ?? 0
    }

    /// The settings page the tray's "Settings…" opens: the Account page while a login needs the
    /// user (missing or expired), else the page the window chooses (nil).
    public var settingsPage: SettingPage? {
        members.contains { $0.status.needsLogin } ? .account : nil
    }

    /// Seconds after the start at which each of `count` accounts checks first: the default at
    /// once, each other `stagger` after the one before, so that their checks never coincide.
    public static func startDelays(count: Int, stagger: Double) -> [Double] {
        (0..<max(count, 0)).map { Double($0) * stagger }
    }
}

extension Notifier {
    /// This account as a group of accounts (and every surface) sees it, at `now`.
    public func groupMember(uid: Int64?, name: String, at now: Timestamp) -> AccountGroup.Member {
        var member = AccountGroup.Member(
            uid: uid, name: name, unread: unread, status: status(at: now), lastError: lastError, lastErrorKind: lastErrorKind)
        member.lastPoll = state.lastSuccessfulPoll
        member.nextPoll = nextPollAt
        member.completedPolls = completedPolls
        member.offlineSince = offlineSince
        member.pausedUntil = state.pausedUntil
        member.quietUntil = settings.quietHours.flatMap { hours in hours.contains(now, zone: zone) ? hours.end(after: now, zone: zone) : nil }
        member.detailsNote = detailsNote
        member.timelineRefused = popup.timelineRefused
        member.interval = settings.interval
        return member
    }
}
