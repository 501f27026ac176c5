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
                "小明: 2 new posts · 1 comment", "天气预报员: Nothing new · Login expired: run weibo-notifier login",
                "李四: 1 message · Waiting for the keyring to be unlocked",
                "Checked at 14:05",
            ], "\(tip)")
    }

    @Test func countsAddUpCounterByCounterWithinTheMaximum() {
        let sum = UnreadCounts(status: 2, dm: 1).adding(UnreadCounts(status: 3, follower: UnreadCounts.maximum, mentionCmt: 1))
        #expect(sum == UnreadCounts(status: 5, follower: UnreadCounts.maximum, dm: 1, mentionCmt: 1))
    }
}
