import FoundationEssentials
import Testing
import WeiboKit

/// When the tray is made again: only when what it shows changed (the counts, the state, a name,
/// the minute of the last check, a pause in force, a setting). A table of changes to one
/// account's snapshot, each with whether the tray is made again.
@Suite struct TrayInputsTests {
    static let now = Timestamp(secondsSince1970: 1_796_000_000)

    static func member() -> AccountGroup.Member {
        var member = AccountGroup.Member(uid: 7, name: "一", unread: UnreadCounts(status: 2), status: NotifierStatus(phase: .ok))
        member.lastPoll = now.adding(-20)
        member.nextPoll = now.adding(40)
        member.completedPolls = 10
        return member
    }

    static let changes: [(String, @Sendable (inout AccountGroup.Member, inout NotifierSettings) -> Void, Bool)] = [
        ("nothing", { _, _ in }, false),
        (
            "a check later in the same minute",
            { member, _ in
                member.lastPoll = now.adding(-5)
                member.completedPolls += 1
            }, false
        ),
        ("the next check planned", { member, _ in member.nextPoll = now.adding(100) }, false),
        ("a check in the next minute", { member, _ in member.lastPoll = now.adding(60) }, true),
        ("a count", { member, _ in member.unread = UnreadCounts(status: 3) }, true),
        ("the state", { member, _ in member.status = NotifierStatus(phase: .offline) }, true),
        ("a failure more", { member, _ in member.status.failuresInARow = 1 }, true),
        ("the name", { member, _ in member.name = "二" }, true),
        ("offline since", { member, _ in member.offlineSince = now }, true),
        ("a pause in force", { member, _ in member.pausedUntil = now.adding(600) }, true),
        ("a pause that ended", { member, _ in member.pausedUntil = now.adding(-1) }, false),
        ("quiet hours until", { member, _ in member.quietUntil = now.adding(3600) }, true),
        ("hidden at zero", { _, settings in settings.trayHideAtZero = true }, true),
        ("the icon style", { _, settings in settings.trayIconStyle = .symbolic }, true),
        ("which kinds count", { _, settings in settings.policy = UnreadPolicy(notify: [.status]) }, true),
    ]

    @Test(arguments: changes.indices)
    func theTrayIsMadeAgainOnlyWhenWhatItShowsChanged(_ index: Int) {
        let (name, change, madeAgain) = Self.changes[index]
        let settings = NotifierSettings(interval: 60)
        let before = TrayInputs(group: AccountGroup(members: [Self.member()]), settings: settings, at: Self.now)
        var member = Self.member()
        var changed = settings
        change(&member, &changed)
        let after = TrayInputs(group: AccountGroup(members: [member]), settings: changed, at: Self.now)
        #expect((before != after) == madeAgain, "\(name)")
    }

    @Test func aSecondAccountAddedMakesItAgain() {
        var other = Self.member()
        other.uid = 8
        let one = TrayInputs(group: AccountGroup(members: [Self.member()]), settings: NotifierSettings(interval: 60), at: Self.now)
        let two = TrayInputs(group: AccountGroup(members: [Self.member(), other]), settings: NotifierSettings(interval: 60), at: Self.now)
        #expect(one != two)
    }
}
