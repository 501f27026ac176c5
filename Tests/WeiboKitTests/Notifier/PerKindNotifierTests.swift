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

    @Test func aReplyGoesToTheNewestItemAndOneTooLongIsShownNotKept() throws {
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

        // Round 4, defect 2: too long is refused before it goes, and not kept (every retry
        // would spend a call on it); the bubble and the popup show it whole.
        let long = String(repeating: "长", count: 141)
        let refused = driver.send(.replyTyped(long, kind: .comments, at: driver.now))
        let longReply = ReplyRequest(commentID: 9, statusID: 4_530_000_000_000_001, text: long, authorName: "王五")
        let words = "Could not reply: it has 141 characters, Weibo takes 140 at most. Weibo would refuse it again, so it is not kept; it was: " + long
        #expect(refused.transientBodies == [words], "\(refused.transientBodies)")
        #expect(refused.contains(.answerReply(longReply, failure: words)))
        #expect(!refused.contains { if case .keepUnsentReply = $0 { true } else { false } })
        #expect(!refused.contains { if case .sendReply = $0 { true } else { false } })

        // Kept: the bubble says why and where it waits, one sentence after the other.
        let saved = driver.send(.replyFailed(sent, PollFailure(.transient, "no answer in 15 s"), saved: true, at: driver.now))
        #expect(saved.transientBodies == ["Could not reply: no answer in 15 s. It is saved; 'weibo-notifier replies --retry' sends it."])
        // Not kept (the file could not be written): never "saved"; the text itself is shown.
        let lost = driver.send(.replyFailed(sent, PollFailure(.transient, "offline."), saved: false, at: driver.now))
        #expect(lost.transientBodies == ["Could not reply: offline. It could not be saved either; it was: 谢谢"])
    }

    /// Sending failed: kept for `replies --retry` unless Weibo refused the reply itself, which
    /// it would do again (then shown whole and not kept).
    @Test(arguments: [
        (PollFailure.Kind.transient, true), (.rateLimited, true), (.loginRejected, true), (.budgetSpent, true), (.noPermission, true),
        (.refused, false),
    ])
    func aReplyThatDidNotGoIsKeptUnlessWeiboRefusedIt(_ kind: PollFailure.Kind, _ kept: Bool) throws {
        var driver = driver()
        var reply = ReplyRequest(commentID: 9, statusID: 1, text: "谢谢", authorName: "王五")
        reply.maybeSent = kind == .transient
        let effects = driver.send(.replyNotSent(reply, PollFailure(kind, "why"), at: driver.now))
        #expect(effects.contains(.keepUnsentReply(reply, reason: "why")) == kept, "\(kind): \(effects)")
        #expect(effects.transientBodies.isEmpty == kept, "a kept reply's bubble waits to know whether it was kept")
        if !kept { #expect(effects.transientBodies.first?.hasSuffix("it was: 谢谢") == true) }
    }

    /// Which refusals of Weibo's a reply would meet again.
    @Test(arguments: [
        (20012, true), (20019, true), (20101, true), (20016, false), (10017, true), (21335, true), (10023, false), (21327, false), (10014, false),
        (10001, false), (0, false),
    ])
    func aRefusalForGood(_ code: Int, _ forGood: Bool) {
        #expect(ReplyRequest.refusedForGood(by: APIError(code: code, error: "e")) == forGood, "\(code)")
    }

    /// `reply_bubbles`: a bubble that can be answered in place stays until closed, a minute, or
    /// the desktop's own time; a bubble that cannot keeps the desktop's.
    @Test(arguments: [(ReplyBubbleStay.untilClosed, Int32(0)), (.minute, 60_000), (.desktop, -1)])
    func aBubbleThatCanBeAnsweredStaysAsTheSettingSays(_ stay: ReplyBubbleStay, _ timeout: Int32) throws {
        var settings = NotifierSettings(interval: 60)
        settings.replyBubbles = stay
        var driver = NotifierDriver(settings: settings, mode: .perKind)
        driver.start()
        driver.check(UnreadCounts(status: 1, cmt: 1))
        driver.send(.detailsFetched(.commentsToMe, [Self.comment(9)], at: driver.now))
        let comment = try #require(driver.log.shownBubbles.last { $0.0 == .comments }?.1)
        #expect(comment.replyPlaceholder != nil && comment.replyTimeout == timeout)
        let post = try #require(driver.log.shownBubbles.last { $0.0 == .posts }?.1)
        #expect(post.replyTimeout == -1)
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
