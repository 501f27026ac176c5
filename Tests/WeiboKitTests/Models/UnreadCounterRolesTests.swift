import Testing
import WeiboKit

/// What each counter stands for beyond its count: the bar's placeholder that adds it up, and
/// whether it makes the badge urgent. One row a counter: a new one is named here too.
@Suite struct UnreadCounterRolesTests {
    @Test(
        arguments: [
            (UnreadCounter.status, "posts", false), (.cmt, "comments", false), (.mentionStatus, "mentions", true), (.mentionCmt, "mentions", true),
            (.dm, "messages", true), (.follower, "followers", false), (.msgbox, nil, false), (.attitude, nil, false),
        ] as [(UnreadCounter, String?, Bool)])
    func eachCounterHasItsPlaceholderAndUrgency(_ counter: UnreadCounter, _ placeholder: String?, _ urgent: Bool) {
        #expect(counter.barPlaceholder == placeholder && counter.isUrgent == urgent)
        var unread = UnreadCounts()
        unread[counter] = 2
        #expect(UnreadPresenter(localizer: Localizer()).isUrgent(unread) == urgent)
    }

    @Test func everyCounterHasARow() {
        #expect(UnreadCounter.allCases.count == 8)
        #expect(StatusBarLine.placeholders == ["total", "posts", "comments", "mentions", "messages", "followers", "icon"])
    }
}
