import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// A comments or mentions bubble names who: the newest two people, each once, and how many
/// there are ("and 1 other" in English, "等 3 人", everyone, in Chinese); "and others" when not
/// every unread item is known. A viral post is one bubble, replaced as more arrive.
@Suite struct GroupedPeopleTests {
    /// Items newest first, by author (uid from the name).
    static func items(_ authors: [String], source: DetailSource = .commentsToMe) -> [DetailItem] {
        authors.enumerated().map { index, name in
            DetailItem(
                source: source, id: Int64(100 - index), authorName: name, authorID: Int64(name.unicodeScalars.reduce(7) { $0 &* 31 &+ Int($1.value) }),
                text: "第 \(index) 条", createdAt: TestTime.now, statusID: 1, statusAuthorID: 2)
        }
    }

    static let english = UnreadPresenter(localizer: Localizer())
    static let chinese = UnreadPresenter(localizer: Localizer.testing(.chinese))

    /// Table: the kind, the unread amount, the authors of the items known → the summary in
    /// English and in Chinese.
    @Test(arguments: [
        (BubbleKind.comments, 1, ["王五"], "王五 commented on your post", "王五 评论了你的微博"),
        (.comments, 2, ["张三", "李四"], "张三 and 李四 commented", "张三、李四评论了你"),
        (.comments, 5, ["张三", "李四", "张三", "王五", "李四"], "张三, 李四 and 1 other commented", "张三、李四等 3 人评论了你"),
        (.comments, 6, ["张三", "李四", "王五", "赵六", "钱七", "孙八"], "张三, 李四 and 4 others commented", "张三、李四等 6 人评论了你"),
        (.comments, 3, ["张三", "张三", "张三"], "张三 commented on your post", "张三 评论了你的微博"),
        (.comments, 9, ["张三", "李四"], "张三, 李四 and others commented", "张三、李四等人评论了你"),
        (.comments, 9, ["张三"], "张三 and others commented", "张三等人评论了你"),
        (.mentions, 3, ["甲", "乙", "丙"], "甲, 乙 and 1 other mentioned you", "甲、乙等 3 人提到了你"),
        (.mentions, 2, ["甲", "乙"], "甲 and 乙 mentioned you", "甲、乙提到了你"),
    ])
    func theBubbleNamesTwoAndCountsTheRest(_ kind: BubbleKind, _ unread: Int, _ authors: [String], _ english: String, _ chinese: String) {
        let source: DetailSource = kind == .comments ? .commentsToMe : .statusMentions
        let counts = kind == .comments ? UnreadCounts(cmt: unread) : UnreadCounts(mentionStatus: unread)
        let items = Self.items(authors, source: source)
        #expect(Self.english.bubble(kind, unread: counts, items: items, preview: .full, sound: []).summary == english)
        #expect(Self.chinese.bubble(kind, unread: counts, items: items, preview: .full, sound: []).summary == chinese)
    }

    /// The newest comment below, the newest author's avatar and reply; replaced in place (the
    /// same bubble) as more arrive.
    @Test func moreCommentsUpdateTheOneBubbleInPlace() throws {
        var driver = NotifierDriver(settings: NotifierSettings(interval: 60), mode: .perKind)
        driver.start()
        driver.check(UnreadCounts(cmt: 2))
        let first = driver.send(.detailsFetched(.commentsToMe, Self.items(["李四", "张三"]), at: driver.now))
        #expect(first.shownBubbles.map(\.1.summary) == ["李四 and 张三 commented"])
        let id = driver.notifier.state[.comments].id
        driver.check(UnreadCounts(cmt: 5))
        let more = driver.send(
            .detailsFetched(
                .commentsToMe,
                Self.items(["王五", "李四", "王五"]).map { item in
                    var newer = item
                    newer.id += 100
                    return newer
                }, at: driver.now))
        let bubble = try #require(more.shownBubbles.first?.1)
        #expect(bubble.summary == "王五, 李四 and 1 other commented")
        #expect(bubble.body.hasPrefix("第 0 条"), "the newest comment below: \(bubble.body)")
        #expect(bubble.replyPlaceholder == "Reply to 王五…")
        #expect(driver.notifier.state[.comments].id == id, "the same bubble, replaced")
        #expect(more.shownBubbles.count == 1)
    }
}

/// New followers are named only on a click: one call of the day's budget, then a passing
/// bubble naming them.
@Suite struct FollowersNamedOnAClickTests {
    @Test(arguments: [
        (["赵六"], 1, "赵六 followed you", "赵六 关注了你"),
        (["赵六", "钱七"], 2, "赵六 and 钱七 followed you", "赵六、钱七关注了你"),
        (["赵六", "钱七", "孙八", "周九", "吴十"], 5, "赵六, 钱七 and 3 others followed you", "赵六、钱七等 5 人关注了你"),
        (["赵六", "钱七"], 4, "赵六, 钱七 and others followed you", "赵六、钱七等人关注了你"),
    ])
    func theBubbleNamesTheFollowers(_ names: [String], _ count: Int, _ english: String, _ chinese: String) {
        #expect(GroupedPeopleTests.english.followersBubble(names: names, count: count).summary == english)
        #expect(GroupedPeopleTests.chinese.followersBubble(names: names, count: count).summary == chinese)
    }

    @Test func aClickOnThePostsBubbleFetchesTheirNamesOnceAndNamesThem() throws {
        var driver = NotifierDriver(settings: NotifierSettings(interval: 60), mode: .perKind)
        driver.start()
        let rose = driver.check(UnreadCounts(status: 1, follower: 3))
        #expect(!rose.contains { if case .fetchFollowers = $0 { true } else { false } }, "never on a rise")
        let calls = driver.notifier.state.detailCalls.spent(on: driver.now)
        let click = driver.send(.actionInvoked(.click, kind: .posts, at: driver.now))
        #expect(click.filter { if case .save = $0 { false } else { true } } == [.showPopup(.posts), .fetchFollowers(count: 3)])
        #expect(driver.notifier.state.detailCalls.spent(on: driver.now) == calls + 1, "one call of the day's budget")
        #expect(!driver.send(.actionInvoked(.click, kind: .posts, at: driver.now)).contains(.fetchFollowers(count: 3)), "one fetch at a time")
        let named = driver.send(.followersFetched(["赵六", "钱七", "孙八"], at: driver.now))
        guard case .showTransient(let bubble)? = named.first else {
            Issue.record("no bubble: \(named)")
            return
        }
        #expect(bubble.summary == "赵六, 钱七 and 1 other followed you")
        #expect(bubble.body == "赵六 · 钱七 · 孙八")
    }

    @Test(arguments: [(PreviewLevel.count, 60), (.full, 0)])
    func noNamesWhenTheyAreNotWantedOrTheBudgetIsSpent(_ preview: PreviewLevel, _ budget: Int) {
        var settings = NotifierSettings(interval: 60)
        settings.preview = preview
        settings.detailCallsPerDay = budget
        var driver = NotifierDriver(settings: settings, mode: .perKind)
        driver.start()
        driver.check(UnreadCounts(follower: 2))
        let click = driver.send(.actionInvoked(.click, kind: .posts, at: driver.now))
        #expect(click.contains(.showPopup(.posts)) && !click.contains { if case .fetchFollowers = $0 { true } else { false } })
    }
}
