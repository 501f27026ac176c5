import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// Several accounts as one: which account's state (and error) the group shows, the counts added
/// up, who a "Log in…" is for, when each account checks first. Tables of snapshots.
@Suite struct AccountGroupTests {
    static func member(_ uid: Int64, _ phase: NotifierPhase, failures: Int = 0, status: Int = 0, error: String? = nil) -> AccountGroup.Member {
        AccountGroup.Member(
            uid: uid, name: "u\(uid)", unread: UnreadCounts(status: status), status: NotifierStatus(phase: phase, failuresInARow: failures),
            lastError: error)
    }

    @Test(
        arguments: [
            ([NotifierPhase.ok, .ok], 0), ([.ok, .loginExpired], 1), ([.offline, .rateLimited], 1), ([.rateLimited, .waitingForKeyring, .loginExpired], 2),
            ([.notLoggedIn, .ok], 0), ([.ok, .offline, .offline], 1), ([.starting, .ok], 0),
        ] as [([NotifierPhase], Int)])
    func theAccountThatMostNeedsTheUserSpeaksForTheGroup(_ phases: [NotifierPhase], _ reporting: Int) {
        let group = AccountGroup(members: phases.enumerated().map { Self.member(Int64($0.offset + 1), $0.element, error: "error \($0.offset)") })
        #expect(group.reportingIndex == reporting, "\(phases)")
        #expect(group.status.phase == phases[reporting])
        #expect(group.reporting.lastError == "error \(reporting)", "the state and its error are one account's")
    }

    /// The tray's "Settings…" opens the page that needs the user: the Account page while any
    /// account's login is missing or expired.
    @Test(
        arguments: [
            ([NotifierPhase.ok], nil as SettingPage?), ([.loginExpired], .account), ([.notLoggedIn], .account), ([.ok, .loginExpired], .account),
            ([.offline, .rateLimited], nil), ([.waitingForKeyring], nil), ([.starting], nil),
        ] as [([NotifierPhase], SettingPage?)])
    func settingsOpenWhereTheUserIsNeeded(_ phases: [NotifierPhase], _ page: SettingPage?) {
        let group = AccountGroup(members: phases.enumerated().map { Self.member(Int64($0.offset + 1), $0.element) })
        #expect(group.settingsPage == page, "\(phases)")
    }

    @Test func countsAddUpAndTheDefaultsPauseHoldsForAll() {
        var first = Self.member(1, .ok, failures: 1, status: 2)
        first.status.paused = true
        first.status.doNotDisturb = true
        let group = AccountGroup(members: [first, Self.member(2, .offline, failures: 4, status: 3)])
        #expect(group.unread.status == 5)
        #expect(group.status == NotifierStatus(phase: .offline, failuresInARow: 4, paused: true, doNotDisturb: true))
        #expect(group.status.isStale, "the most failed checks of any account")
    }

    @Test(
        arguments: [([NotifierPhase.ok, .ok], 0), ([.ok, .loginExpired], 1), ([.ok, .notLoggedIn, .loginExpired], 1), ([.loginExpired], 0)]
            as [([NotifierPhase], Int)])
    func aLogInIsForTheFirstAccountThatNeedsOne(_ phases: [NotifierPhase], _ index: Int) {
        #expect(AccountGroup(members: phases.enumerated().map { Self.member(Int64($0.offset), $0.element) }).loginIndex == index)
    }

    /// One account's snapshot holds everything a surface shows of it, from one moment.
    @Test func aSnapshotHoldsWhatTheSurfacesShow() {
        var driver = NotifierDriver()
        driver.start(counts: UnreadCounts(cmt: 2))
        driver.send(.pauseRequested(seconds: 600, at: driver.now))
        let member = driver.notifier.groupMember(uid: 7, name: "小明", at: driver.now)
        #expect(member.uid == 7 && member.name == "小明" && member.unread.cmt == 2)
        #expect(member.lastPoll == driver.now && member.completedPolls == 1 && member.interval == 60)
        #expect(member.pausedUntil == driver.now.adding(600) && member.status.paused)
        #expect(member.offlineSince == nil && member.quietUntil == nil && member.lastError == nil)
        #expect(member.status.phase == .ok)
    }

    @Test func accountsCheckFirstAStaggerApart() {
        #expect(AccountGroup.startDelays(count: 3, stagger: 5) == [0, 5, 10])
        #expect(AccountGroup.startDelays(count: 0, stagger: 5).isEmpty)
    }

    /// The tray's menu offers what the state allows, in the presenter's words.
    @Test(
        arguments: [
            (NotifierStatus(phase: .ok), false, true, false, "Log in to Weibo…"),
            (NotifierStatus(phase: .ok, paused: true), true, true, false, "Log in to Weibo…"),
            (NotifierStatus(phase: .loginExpired), false, false, true, "Log in to Weibo again…"),
            (NotifierStatus(phase: .notLoggedIn), false, false, true, "Log in to Weibo…"),
        ] as [(NotifierStatus, Bool, Bool, Bool, String)])
    func theTrayMenuFollowsTheState(_ status: NotifierStatus, _ resume: Bool, _ check: Bool, _ logIn: Bool, _ label: String) {
        let menu = UnreadPresenter(localizer: Localizer()).trayMenu(status)
        #expect(menu.canResume == resume && menu.canCheckNow == check && menu.canLogIn == logIn && menu.logInLabel == label, "\(menu)")
    }
}

/// Weibo's refusals, sorted by what the notifier does about each (the shell only says which
/// failures are refusals).
@Suite struct RefusalKindTests {
    @Test(
        arguments: [
            (21327, PollFailure.Kind.loginRejected), (21332, .loginRejected), (10014, .noPermission), (10023, .rateLimited), (10024, .rateLimited),
            (21335, .refused), (10008, .refused), (10001, .transient), (99999, .transient),
        ] as [(Int, PollFailure.Kind)])
    func eachCodeHasItsKind(_ code: Int, _ kind: PollFailure.Kind) {
        #expect(PollFailure(refusal: APIError(code: code, error: "e"), "said").kind == kind, "\(code)")
    }
}

extension AccountGroupTests {
    /// A summary of a kind comes from each account that has something of it, else from the
    /// default account (which says there is nothing).
    @Test(arguments: [
        ([0, 0], BubbleKind.posts, [0]),
        ([0, 2], .posts, [1]),
        ([3, 2], .posts, [0, 1]),
        ([3, 2], .comments, [0]),
        ([0, 2], .all, [1]),
    ])
    func aSummaryComesFromTheAccountsThatHaveSomething(_ posts: [Int], _ kind: BubbleKind, _ indices: [Int]) {
        let group = AccountGroup(members: posts.enumerated().map { Self.member(Int64($0.offset + 1), .ok, status: $0.element) })
        #expect(group.summaryIndices(kind) == indices)
    }
}
