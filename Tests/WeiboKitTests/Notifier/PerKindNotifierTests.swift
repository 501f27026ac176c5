import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// One bubble per kind: who and what behind comments and mentions, fetched within the day's
/// budget; a click shows and marks only its own kind; replies from the bubble.
@Suite struct PerKindNotifierTests {
    static func comment(_ id: Int64, by name: String = "王五", text: String = "说得对，下次一起去[赞]", replyingTo: String? = nil) -> DetailItem {
        DetailItem(
            source: .commentsToMe, id: id, authorName: name, authorID: name == "王五" ? 1_234_567_890 : 1_234_567_891,
            avatarURL: "https://tvax1.sinaimg.cn/\(name).jpg",
            text: text, createdAt: TestTime.date(2026, 11, 29, 13, 58), statusID: 4_530_000_000_000_001, statusAuthorID: 5_712_659_759,
            statusText: "今天北京天气晴，最高气温二十八度，适合出门散步。", replyingTo: replyingTo)
    }

    static func mention(_ id: Int64, by name: String = "李四") -> DetailItem {
        DetailItem(
            source: .statusMentions, id: id, authorName: name, authorID: 987_654_321, text: "@我 周末一起爬山吧", createdAt: TestTime.date(2026, 11, 29, 13, 50),
            statusID: id, statusAuthorID: 987_654_321)
    }

    func driver(_ configure: (inout NotifierSettings) -> Void = { _ in }) -> NotifierDriver {
        var settings = NotifierSettings(interval: 60)
        configure(&settings)
        var driver = NotifierDriver(settings: settings, mode: .perKind)
        driver.start()
        return driver
    }

    @Test func aPostAndACommentRaiseTwoBubblesTheCommentSayingWhoAndWhat() throws {
        var driver = driver()
        let rose = driver.check(UnreadCounts(status: 1, cmt: 1))
        #expect(rose.shownBubbles.map(\.0) == [.posts], "the comment waits for its text")
        #expect(rose.shownBodies == ["1 new post"])
        #expect(rose.contains(.fetchDetails(.commentsToMe, sinceID: nil, count: 5)), "a first fetch asks for the newest 5")

        let arrived = driver.send(.detailsFetched(.commentsToMe, [Self.comment(4_530_000_000_000_009)], at: driver.now))
        let (kind, bubble) = try #require(arrived.shownBubbles.first)
        #expect(kind == .comments)
        #expect(bubble.summary == "王五 commented on your post")
        #expect(bubble.body == "说得对，下次一起去👍\n「今天北京天气晴，最高气温二十八度，适合出门散步。」")
        #expect(bubble.imageURL == "https://tvax1.sinaimg.cn/王五.jpg")
        #expect(bubble.category == "x-weibo.comment")
        #expect(bubble.soundName == "message-new-instant")
        #expect(bubble.replyPlaceholder == "Reply to 王五…")
        #expect(bubble.actions.map(\.key) == ["default", "mark-read", "open", "inline-reply"])
        #expect(driver.notifier.state.newestSeen[.commentsToMe] == 4_530_000_000_000_009)
        #expect(driver.notifier.state[.posts].id == 1 && driver.notifier.state[.comments].id == 2, "two bubbles, each its own id")
    }

    @Test func withSeveralAccountsEveryBubbleNamesItsAccount() throws {
        var named = driver { $0.accountName = "小明" }
        let rose = named.check(UnreadCounts(status: 2, dm: 1))
        #expect(rose.shownBubbles.map(\.1.summary) == ["Weibo · 小明", "Weibo · 小明"], "\(rose.shownBubbles)")
        var single = driver()
        #expect(single.check(UnreadCounts(status: 2)).shownBubbles.map(\.1.summary) == ["Weibo"], "one account: no name")
    }

    @Test func moreCommentsAreCountedAfterTheNewest() throws {
        var driver = driver()
        driver.check(UnreadCounts(cmt: 3))
        let arrived = driver.send(.detailsFetched(.commentsToMe, [Self.comment(9, by: "甲"), Self.comment(8), Self.comment(7)], at: driver.now))
        let bubble = try #require(arrived.shownBubbles.first?.1)
        #expect(bubble.summary == "甲 and 王五 commented")
        #expect(bubble.body.hasSuffix("and 2 more comments"))
    }

    @Test func aClickOnTheCommentsBubbleShowsThemAndMarksOnlyComments() throws {
        var driver = driver()
        driver.check(UnreadCounts(status: 2, cmt: 1))
        driver.send(.detailsFetched(.commentsToMe, [Self.comment(9, replyingTo: "天气不错")], at: driver.now))
        #expect(driver.send(.actionInvoked(.click, kind: .comments, at: driver.now)) == [.showPopup(.comments)])
        let click = driver.send(.popupUnavailable(.comments, at: driver.now))
        #expect(click.fetches.isEmpty, "the comments are known: no call")
        guard case .showTransient(let summary)? = click.first else {
            Issue.record("no summary")
            return
        }
        #expect(summary.summary == "1 new comment")
        #expect(summary.body == "王五: 说得对，下次一起去👍")
        #expect(!summary.isTransient)
        #expect(click.closedKinds == [.comments], "the posts bubble stays")
        #expect(driver.notifier.unread == UnreadCounts(status: 2))
        // The summary's Open goes to the comment's post.
        #expect(driver.send(.actionInvoked(.open, kind: .comments, at: driver.now)).contains(.open(url: "https://weibo.com/5712659759/4530000000000001")))
    }

    @Test func aClickWithoutKnownItemsFetchesThemFirst() throws {
        var driver = driver { $0.preview = .count }
        driver.check(UnreadCounts(cmt: 2))
        let click = driver.send(.summaryRequested(.comments, at: driver.now))
        #expect(click.fetches == [.commentsToMe])
        let shown = driver.send(.detailsFetched(.commentsToMe, [Self.comment(9), Self.comment(8)], at: driver.now))
        #expect(shown.transientBodies.count == 1)
        #expect(shown.closedKinds == [.comments])
    }

    /// `ShowComments` and `ShowMentions` spend the day's calls on the day they are asked (the
    /// request carried no time, and its fetch was counted on 1970: the day's count went back
    /// to nothing, and the API's daily limit could be overrun).
    @Test func aRequestedSummarySpendsTodaysBudget() throws {
        var driver = driver { $0.detailCallsPerDay = 4 }
        var fetched = 0
        func answer(_ effects: [NotifierEffect]) {
            for source in effects.fetches {
                fetched += 1
                driver.send(.detailsFetched(source, [], at: driver.now))
            }
        }
        // A new comment at each check, and a click on the mentions between checks.
        for round in 1...5 {
            answer(driver.check(UnreadCounts(cmt: round)))
            driver.now = driver.now.adding(10)
            answer(driver.send(.summaryRequested(.mentions, at: driver.now)))
        }
        #expect(fetched == 4, "the day's 4 calls, not more")
        #expect(driver.notifier.state.detailCalls == DetailCalls(day: DetailCalls.day(of: driver.now), spent: 4))
    }

    @Test func aRestartFetchesOnlyWhatIsNew() {
        var first = driver()
        first.check(UnreadCounts(cmt: 1))
        first.send(.detailsFetched(.commentsToMe, [Self.comment(9)], at: first.now))
        var second = NotifierDriver(mode: .perKind, now: first.now.adding(60))
        second.start(first.notifier.state, counts: UnreadCounts(cmt: 1))
        let rose = second.check(UnreadCounts(cmt: 2))
        #expect(rose.contains(.fetchDetails(.commentsToMe, sinceID: 9, count: 1)))
    }

    @Test func theDailyBudgetFallsBackToCountsAndSaysWhy() {
        var driver = driver { $0.detailCallsPerDay = 2 }
        for round in 1...2 {
            let rose = driver.check(UnreadCounts(cmt: round))
            #expect(rose.fetches == [.commentsToMe])
            driver.send(.detailsFetched(.commentsToMe, [], at: driver.now))
        }
        let third = driver.check(UnreadCounts(cmt: 3))
        #expect(third.fetches.isEmpty)
        #expect(third.shownBodies == ["3 comments"], "the counts keep working")
        #expect(driver.notifier.detailsNote == "today's budget of calls is spent")
        // Weibo's day turns at midnight in Beijing.
        driver.now = TestTime.date(2026, 11, 30, 0, 1)
        #expect(driver.check(UnreadCounts(cmt: 4), after: 0).fetches == [.commentsToMe])
    }

    @Test func noPermissionFallsBackToCountsAndSaysWhy() {
        var driver = driver()
        driver.check(UnreadCounts(cmt: 1))
        let failed = driver.send(.detailsFailed(.commentsToMe, PollFailure(.noPermission, "Weibo error 10014"), at: driver.now))
        #expect(failed.shownBodies == ["1 comment"])
        #expect(driver.notifier.detailsNote == "this app key has no permission for comments (10014)")
    }

    @Test func mentionsWaitForBothListsAndNameTheirAuthor() throws {
        var driver = driver()
        let rose = driver.check(UnreadCounts(mentionStatus: 1, mentionCmt: 1))
        #expect(Set(rose.fetches) == [.statusMentions, .commentMentions])
        #expect(driver.send(.detailsFetched(.statusMentions, [Self.mention(20)], at: driver.now)).shownBubbles.isEmpty)
        let both = driver.send(.detailsFetched(.commentMentions, [], at: driver.now))
        let bubble = try #require(both.shownBubbles.first?.1)
        #expect(bubble.summary == "李四 and others mentioned you", "one of the two mentions is not known")
        #expect(bubble.body.hasPrefix("@我 周末一起爬山吧"))
        #expect(bubble.body.hasSuffix("and 1 more mention"))
        #expect(bubble.category == "x-weibo.mention")
    }

    @Test(arguments: [PreviewLevel.sender, .count])
    func previewLevelsTellLess(_ preview: PreviewLevel) throws {
        var driver = driver { $0.preview = preview }
        let rose = driver.check(UnreadCounts(cmt: 1))
        if preview == .count {
            #expect(rose.fetches.isEmpty)
            #expect(rose.shownBodies == ["1 comment"])
            return
        }
        let bubble = try #require(driver.send(.detailsFetched(.commentsToMe, [Self.comment(9)], at: driver.now)).shownBubbles.first?.1)
        #expect(bubble.summary == "王五 commented on your post")
        #expect(!bubble.body.contains("说得对"), "who, not what")
    }

    @Test func theMessagesBubbleCountsAndOpensTheChat() throws {
        var driver = driver()
        let rose = driver.check(UnreadCounts(dm: 1))
        let (kind, bubble) = try #require(rose.shownBubbles.first)
        #expect(kind == .messages && bubble.body == "1 new private message" && bubble.category == "im.received")
        let click = driver.send(.actionInvoked(.click, kind: .messages, at: driver.now))
        #expect(click.contains(.open(url: "https://api.weibo.com/chat")))
        #expect(click.closedKinds == [.messages])
    }

    @Test func soundFollowsTheSetting() throws {
        var driver = driver { $0.sound = [.posts] }
        driver.check(UnreadCounts(status: 1, dm: 1))
        let bubbles = Dictionary(uniqueKeysWithValues: driver.log.shownBubbles.map { ($0.0, $0.1) })
        #expect(bubbles[.posts]?.soundName == "message-new-instant")
        #expect(bubbles[.messages]?.soundName == nil)
    }

    @Test func aReplyGoesToTheNewestItemAndOneTooLongIsKept() throws {
        var driver = driver()
        driver.check(UnreadCounts(cmt: 1, mentionStatus: 1))
        driver.send(.detailsFetched(.commentsToMe, [Self.comment(9)], at: driver.now))
        driver.send(.detailsFetched(.statusMentions, [Self.mention(20)], at: driver.now))
        let reply = driver.send(.replyTyped(" 谢谢 ", kind: .comments, at: driver.now))
        #expect(reply.contains(.sendReply(ReplyRequest(commentID: 9, statusID: 4_530_000_000_000_001, text: "谢谢", authorName: "王五"))))
        let sent = ReplyRequest(commentID: 9, statusID: 1, text: "谢谢", authorName: "王五")
        #expect(driver.send(.replySent(sent, at: driver.now)).transientBodies == ["Replied to 王五"])
        let toMention = driver.send(.replyTyped("好", kind: .mentions, at: driver.now))
        #expect(toMention.contains(.sendReply(ReplyRequest(commentID: nil, statusID: 20, text: "好", authorName: "李四"))), "a comment on the mentioning post")

        let long = String(repeating: "长", count: 141)
        let kept = driver.send(.replyTyped(long, kind: .comments, at: driver.now))
        let longReply = ReplyRequest(commentID: 9, statusID: 4_530_000_000_000_001, text: long, authorName: "王五")
        #expect(kept.contains(.keepUnsentReply(longReply, reason: "more than 140 characters")))
        #expect(kept.transientBodies.isEmpty, "the bubble waits to know whether it was kept")
        // Kept: the bubble says why and where it waits.
        let saved = driver.send(.replyFailed(longReply, PollFailure(.refused, "more than 140 characters"), saved: true, at: driver.now))
        #expect(saved.transientBodies.first?.contains("more than 140 characters") == true)
        #expect(saved.transientBodies.first?.contains("replies --retry") == true)
        // Not kept (the file could not be written): never "saved"; the text itself is shown.
        let lost = driver.send(.replyFailed(longReply, PollFailure(.refused, "more than 140 characters"), saved: false, at: driver.now))
        #expect(lost.transientBodies.first?.contains("saved;") == false)
        #expect(lost.transientBodies.first?.contains("could not be saved either") == true)
        #expect(lost.transientBodies.first?.contains(long) == true)

        // Sending failed: the core keeps it (as maybe sent when no answer came), then says so.
        var unanswered = sent
        unanswered.maybeSent = true
        let notSent = driver.send(.replyNotSent(unanswered, PollFailure(.transient, "no answer in 15 s"), at: driver.now))
        #expect(notSent.contains(.keepUnsentReply(unanswered, reason: "no answer in 15 s")), "nothing typed is lost")
        #expect(notSent.transientBodies.isEmpty, "the bubble waits to know whether it was kept")
    }

    @Test func markReadOnOneBubbleLeavesTheOthers() {
        var driver = driver()
        driver.check(UnreadCounts(status: 1, dm: 1))
        let marked = driver.send(.actionInvoked(.markRead, kind: .posts, at: driver.now))
        #expect(marked.closedKinds == [.posts])
        #expect(driver.notifier.unread == UnreadCounts(dm: 1))
        let all = driver.send(.markReadRequested(nil, at: driver.now))
        #expect(all.closedKinds == [.messages])
        #expect(driver.notifier.unread == UnreadCounts())
    }

    @Test func switchingToOneBubbleClosesTheKindsOnes() {
        var driver = driver()
        driver.check(UnreadCounts(status: 1, dm: 1))
        var settings = NotifierSettings(interval: 60)
        settings.bubbles = .single
        let switched = driver.send(.settingsChanged(settings, sourceChanged: false, at: driver.now))
        #expect(Set(switched.closedKinds) == [.posts, .messages])
        #expect(switched.shownBubbles.map(\.0) == [.all])
    }
}
