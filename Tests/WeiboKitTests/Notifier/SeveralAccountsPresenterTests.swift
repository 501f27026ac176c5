import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// What the tray's tooltip says with several accounts: a line each, then the tray's own last line.
@Suite struct SeveralAccountsPresenterTests {
    @Test func theTooltipHasALineForEachAccountAndWhatItNeeds() {
        let presenter = UnreadPresenter(localizer: Localizer())
        let tip = presenter.accountsToolTip(
            [
                ("小明", UnreadCounts(status: 2, cmt: 1), .ok), ("天气预报员", UnreadCounts(), .loginExpired),
                ("李四", UnreadCounts(dm: 1), .waitingForKeyring),
            ], last: "Checked at 14:05")
        #expect(
            tip.split(separator: "\n") == [
                "小明: 2 new posts · 1 comment", "天气预报员: Nothing new · Your Weibo login has expired: “Log in to Weibo again” logs in anew",
                "李四: 1 new private message · Waiting for the keyring to be unlocked",
                "Checked at 14:05",
            ], "\(tip)")
    }

    /// Round 4: an account's name went into the tooltip raw, and KDE reads a tooltip with a tag
    /// as rich text (an `<img>` fetched, a `<b>` drawn). The markup characters are full-width:
    /// read the same, markup nowhere (an escape would show as `&lt;` where hosts read plain text).
    static let names: [(String, String)] = [
        ("<b>大</b>", "＜b＞大＜/b＞"), ("<img src=\"http://x/a.png\">", "＜img src=\"http://x/a.png\"＞"), ("Tom & Jerry", "Tom ＆ Jerry"),
        ("小明", "小明"),
    ]

    @Test(arguments: names)
    func aNameInTheTooltipIsNoMarkup(_ name: String, _ shown: String) {
        let tip = UnreadPresenter(localizer: Localizer()).accountsToolTip([(name, UnreadCounts(dm: 1), .ok), ("b", UnreadCounts(), .ok)], last: "")
        #expect(tip.hasPrefix(shown + ": 1 new private message\n"), "\(tip)")
        #expect(!tip.contains("<") && !tip.contains("&"))
    }

    @Test func countsAddUpCounterByCounterWithinTheMaximum() {
        let sum = UnreadCounts(status: 2, dm: 1).adding(UnreadCounts(status: 3, follower: UnreadCounts.maximum, mentionCmt: 1))
        #expect(sum == UnreadCounts(status: 5, follower: UnreadCounts.maximum, dm: 1, mentionCmt: 1))
    }

    @Test func theTooltipSaysUntilWhenNotificationsWait() {
        let presenter = UnreadPresenter(localizer: Localizer())
        let checked = TestTime.date(2026, 11, 30, 14, 0)
        let tip = presenter.tray(
            UnreadCounts(status: 1), phase: .ok, lastPoll: checked, offlineSince: nil, zone: TestTime.zone,
            pausedUntil: TestTime.date(2026, 11, 30, 15, 0), quietUntil: TestTime.date(2026, 12, 1, 8, 0)
        ).toolTip
        #expect(tip == "notifications paused until 15:00\nquiet hours until 08:00\n1 new post\nchecked 14:00", "\(tip)")
        let plain = presenter.tray(UnreadCounts(), phase: .ok, lastPoll: checked, offlineSince: nil, zone: TestTime.zone).toolTip
        #expect(!plain.contains("until"))
        let quiet = presenter.tray(UnreadCounts(), phase: .ok, lastPoll: checked, offlineSince: nil, zone: TestTime.zone, doNotDisturb: true)
        #expect(quiet.toolTip == "do not disturb: notifications wait until it ends\nNothing new\nchecked 14:00")
    }

    /// A rate limit keeps the last counts on the icon and says so.
    @Test func aRateLimitKeepsTheCountsInTheTray() {
        let presenter = UnreadPresenter(localizer: Localizer())
        let limited = presenter.tray(
            UnreadCounts(dm: 2), phase: .rateLimited, lastPoll: TestTime.date(2026, 11, 30, 14, 0), offlineSince: nil, zone: TestTime.zone)
        #expect(limited.look == .rateLimited && limited.status == "Active")
        #expect(limited.toolTip == "Weibo's rate limit is reached; the counts are from the last check\n2 new private messages\nchecked 14:00")
    }
}
