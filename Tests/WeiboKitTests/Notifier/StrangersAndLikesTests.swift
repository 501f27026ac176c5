import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// Strangers' private messages (`msgbox`) and likes (`attitude`): each counter has a setting of
/// its own (notify, count, off; both count by default); likes exist only where Weibo's answer
/// carries them.
@Suite struct StrangersAndLikesTests {
    func driver(strangers: CounterMode = .count, likes: CounterMode = .count) -> NotifierDriver {
        var settings = NotifierSettings(interval: 60)
        settings.policy.strangersMessages = strangers
        settings.policy.likes = likes
        var driver = NotifierDriver(settings: settings, mode: .perKind)
        driver.start()
        return driver
    }

    /// Table: the setting and the answer → the bubbles shown, their bodies, and the number on
    /// the tray, badge and bar.
    @Test(arguments: [
        (CounterMode.count, UnreadCounts(msgbox: 3), [BubbleKind](), [String](), 3),
        (.notify, UnreadCounts(msgbox: 3), [.messages], ["3 messages from strangers"], 3),
        (.off, UnreadCounts(msgbox: 3), [], [], 0),
        (.count, UnreadCounts(dm: 1, msgbox: 3), [.messages], ["1 new private message"], 4),
        (.notify, UnreadCounts(dm: 1, msgbox: 1), [.messages], ["1 new private message · 1 message from a stranger"], 2),
    ])
    func strangersMessagesAreCountedNotAnnouncedByDefault(
        _ mode: CounterMode, _ counts: UnreadCounts, _ kinds: [BubbleKind], _ bodies: [String], _ total: Int
    ) {
        var driver = driver(strangers: mode)
        let effects = driver.check(counts)
        #expect(effects.shownBubbles.map(\.0) == kinds)
        #expect(effects.shownBodies == bodies)
        #expect(driver.notifier.settings.policy.total(driver.notifier.unread) == total)
    }

    /// Likes are read from either key, added up, and remembered as given; an answer without
    /// them leaves them unknown (nil), never 0.
    @Test(
        arguments: [
            ("{\"cmt\":1}", nil),
            ("{\"cmt\":1,\"attitude\":5}", 5),
            ("{\"cmt\":1,\"comment_attitude\":2}", 2),
            ("{\"cmt\":1,\"attitude\":5,\"comment_attitude\":2}", 7),
            ("{\"cmt\":1,\"attitude\":-3}", 0),
        ] as [(String, Int?)])
    func likesAreDetectedFromTheAnswer(_ body: String, _ likes: Int?) throws {
        let counts = try WeiboJSON.decode(UnreadCounts.self, from: Array(body.utf8))
        #expect(counts.attitude == likes)
        #expect(counts.carriedCounters.contains(.attitude) == (likes != nil))
        let saved = try WeiboJSON.decode(UnreadCounts.self, from: WeiboJSON.encode(counts))
        #expect(saved == counts, "a saved state remembers whether likes were given")
    }

    @Test func withoutLikesInTheAnswerNothingAboutLikesIsShown() throws {
        var driver = driver(likes: .notify)
        let effects = driver.check(UnreadCounts(status: 2))
        #expect(effects.shownBodies == ["2 new posts"])
        let unread = driver.notifier.unread
        #expect(unread.attitude == nil && !unread.carriedCounters.contains(.attitude))
        let line = StatusBarLine(format: .json, localizer: Localizer()).line(unread: unread, states: [.unread])
        #expect(!line.contains("attitude"), "\(line)")
        var given = unread
        given.attitude = 0
        #expect(StatusBarLine(format: .json, localizer: Localizer()).line(unread: given, states: [.unread]).contains("\"attitude\":0"))
        driver.send(.actionInvoked(.markRead, kind: .posts, at: driver.now))
        #expect(driver.notifier.state.baseline.attitude == nil, "marking read makes no zero of them")
    }

    /// Table: the `likes` setting, with likes in the answer → the bubbles and the total.
    @Test(arguments: [
        (CounterMode.count, [BubbleKind](), [String](), 4),
        (.notify, [.posts], ["4 new likes"], 4),
        (.off, [], [], 0),
    ])
    func likesGivenFollowTheirSetting(_ mode: CounterMode, _ kinds: [BubbleKind], _ bodies: [String], _ total: Int) {
        var driver = driver(likes: mode)
        let effects = driver.check(UnreadCounts(attitude: 4))
        #expect(effects.shownBubbles.map(\.0) == kinds)
        #expect(effects.shownBodies == bodies)
        #expect(driver.notifier.settings.policy.total(driver.notifier.unread) == total)
        #expect(driver.notifier.unread.carriedCounters.contains(.attitude) == (mode != .off))
    }
}
