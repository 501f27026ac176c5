import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// The tray's menu as a value: its items and their stable ids, a submenu per account among
/// several, and which pause item is checked.
@Suite struct TrayMenuModelTests {
    static func ids(_ items: [TrayMenuItem]) -> [Int32] { items.map(\.id) }

    @Test func oneAccountHasTheCommonItemsAndPause() throws {
        let items = TrayMenuModel.items(accounts: [(5_712_659_759, "小明")], localizer: Localizer())
        #expect(Self.ids(items) == [14, 15, 1, 2, 3, 4, 16, 12, 13, 5, 6, 10, 11])
        #expect(items.compactMap(\.command) == [.showTimeline, .markRead, .checkNow, .openWeibo, .openHotSearch, .logIn, .settings, .quit])
        let pause = try #require(items.first { $0.id == 6 })
        #expect(pause.children.map(\.command) == [.pauseHour, .pauseUntilTomorrow, .resume])
        #expect(pause.children.map(\.isRadio) == [true, true, false])
        #expect(items.map(\.label).contains("Hot search"))
    }

    @Test func severalAccountsHaveASubmenuEachBeforePause() throws {
        let items = TrayMenuModel.items(accounts: [(1, "小明"), (2, "小红")], localizer: Localizer())
        #expect(Self.ids(items) == [14, 15, 1, 2, 3, 4, 16, 12, 13, 99, 100, 110, 5, 6, 10, 11])
        let second = try #require(items.first { $0.id == 110 })
        #expect(second.label == "小红")
        #expect(second.children.map(\.id) == [111, 112, 113])
        #expect(second.children.map(\.command) == [.showAccount(2), .markAccountRead(2), .logInAccount(2)])
    }

    /// A name's underscores are its own, not access keys (dbusmenu reads `_x` as one): doubled.
    @Test func anUnderscoreInANameIsNoAccessKey() throws {
        let items = TrayMenuModel.items(accounts: [(1, "_小明_"), (2, "a__b")], localizer: Localizer())
        #expect(items.first { $0.id == 100 }?.label == "__小明__")
        #expect(items.first { $0.id == 110 }?.label == "a____b")
    }

    @Test(
        arguments: [
            (TrayCommand?.some(.pauseHour), 3600.0, 3600.0, 60.0, TrayCommand?.some(.pauseHour)),
            (.some(.pauseUntilTomorrow), 3600, 3600, 60, .some(.pauseUntilTomorrow)),
            (.some(.pauseHour), 3600, 7200, 60, nil),
            (.some(.pauseHour), 3600, 3600, 3600, nil),
            (nil, 3600, 3600, 60, nil),
        ] as [(TrayCommand?, Double, Double, Double, TrayCommand?)])
    func thePauseChosenIsCheckedWhileItIsTheOneInForce(_ chosen: TrayCommand?, _ until: Double, _ pausedUntil: Double, _ now: Double, _ checked: TrayCommand?) {
        let base = TestTime.now
        let choice = chosen.map { ($0, base.adding(until)) }
        #expect(TrayMenuModel.checkedPause(chosen: choice, pausedUntil: base.adding(pausedUntil), now: base.adding(now)) == checked)
    }
}
