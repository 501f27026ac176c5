import Testing
import WeiboKit

/// The desktop's do-not-disturb on its own: which bubbles it holds back.
@Suite struct DoNotDisturbValueTests {
    /// Table: on, kept in the server's list, followed, the kinds let through, the bubble and
    /// what it tells → held back.
    @Test(
        arguments: [
            (true, false, true, Set<BubbleKind>(), BubbleKind.comments, UnreadCounts(cmt: 1), true),
            (false, false, true, [], .comments, UnreadCounts(cmt: 1), false),
            (true, true, true, [], .comments, UnreadCounts(cmt: 1), false),
            (true, false, false, [], .comments, UnreadCounts(cmt: 1), false),
            (true, false, true, [.comments], .comments, UnreadCounts(cmt: 1), false),
            (true, false, true, [.messages], .all, UnreadCounts(status: 2, dm: 1), false),
            (true, false, true, [.messages], .all, UnreadCounts(status: 2), true),
        ] as [(Bool, Bool, Bool, Set<BubbleKind>, BubbleKind, UnreadCounts, Bool)])
    func holdsBack(_ on: Bool, _ keepsList: Bool, _ followed: Bool, _ allowed: Set<BubbleKind>, _ kind: BubbleKind, _ amounts: UnreadCounts, _ held: Bool) {
        var dnd = DoNotDisturb()
        _ = dnd.changed(isOn: on, keepsList: keepsList)
        #expect(dnd.holdsBack(kind, amounts, followed: followed, allowed: allowed) == held)
    }

    @Test func onlyTurningOnOrOffIsAChange() {
        var dnd = DoNotDisturb()
        let on = dnd.changed(isOn: true, keepsList: false)
        let listOnly = dnd.changed(isOn: true, keepsList: true)
        let off = dnd.changed(isOn: false, keepsList: true)
        #expect(on && !listOnly && off && !dnd.keepsList)
    }
}
