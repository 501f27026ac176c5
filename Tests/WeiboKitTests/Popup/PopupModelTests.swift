import FoundationEssentials
import Testing
import WeiboTestSupport

@testable import WeiboKit

/// The popup's rules on the pure model, with the time in every event: what it fetches, what it
/// shows and where the keyboard goes, what waits behind the pill, what counts as seen, and
/// which rows are new. No clock is read and nothing sleeps.
@Suite struct PopupModelTests {
    static let t0 = TestTime.now

    static func post(_ id: Int64, _ name: String, _ text: String, minutesAgo: Double) -> Status {
        Status(id: id, createdAt: t0.adding(-minutesAgo * 60), text: text, user: User(id: id * 10, screenName: name))
    }

    static func comment(_ id: Int64, _ name: String, _ text: String, minutesAgo: Double) -> WeiboKit.Comment {
        WeiboKit.Comment(id: id, createdAt: t0.adding(-minutesAgo * 60), text: text, user: User(id: id * 10, screenName: name))
    }

    static let posts = PopupItems(
        statuses: [post(3, "王五", "今天天气很好", minutesAgo: 1), post(2, "李四", "Reading a good book", minutesAgo: 5), post(1, "张三", "早上好", minutesAgo: 9)],
        fetchedAt: t0)

    static func fetches(_ effects: [PopupModel.Effect]) -> [PopupSectionKind] {
        effects.compactMap { if case .fetch(let kind, _) = $0 { kind } else { nil } }
    }

    static func focus(_ effects: [PopupModel.Effect]) -> Int64? {
        effects.compactMap { if case .focus(_, let row) = $0 { row } else { nil } }.last
    }

    /// Opened at a section: it is fetched, the spinner turns, and the keyboard goes to the
    /// first row as soon as the rows are there (the fix for "the first Down lands on the tab").
    @Test func openingFetchesThenFocusesTheFirstRow() {
        var model = PopupModel()
        let opened = model.handle(.opened(.posts, at: Self.t0))
        #expect(opened.contains(.fetch(.posts, count: 100)))
        #expect(model[.posts].showsSpinner)
        #expect(Self.focus(opened) == nil, "no rows yet")
        let arrived = model.handle(.itemsArrived(.posts, Self.posts, at: Self.t0))
        #expect(arrived.contains(.show(.posts)))
        #expect(Self.focus(arrived) == 3, "the newest row")
        #expect(!model[.posts].showsSpinner)
        #expect(model[.posts].visibleRows.map(\.id) == [3, 2, 1])
    }

    /// Every way back to a section puts the keyboard on the row last selected there.
    @Test func theKeyboardComesBackToTheRowLastSelected() {
        var model = PopupModel()
        _ = model.handle(.opened(.posts, at: Self.t0))
        _ = model.handle(.itemsArrived(.posts, Self.posts, at: Self.t0))
        _ = model.handle(.selected(2))
        _ = model.handle(.switched(to: .comments, at: Self.t0))
        #expect(Self.focus(model.handle(.switched(to: .posts, at: Self.t0))) == 2)
        #expect(Self.focus(model.handle(.opened(.posts, at: Self.t0))) == 2)
    }

    /// Table: how long each section was in front, and what the close marks seen.
    @Test(arguments: [
        ([0.5], [PopupSectionKind]()),
        ([1.0], [.posts]),
        ([3, 0.2], [.posts]),
        ([0.2, 2], [.comments]),
        ([2, 2, 2], [.posts, .comments, .mentions]),
    ])
    func aSectionInFrontForASecondIsSeen(_ seconds: [Double], _ seen: [PopupSectionKind]) {
        var model = PopupModel()
        var now = Self.t0
        _ = model.handle(.opened(.posts, at: now))
        for (index, spent) in seconds.enumerated() {
            now += spent
            if index + 1 < seconds.count { _ = model.handle(.switched(to: PopupSectionKind.allCases[index + 1], at: now)) }
        }
        #expect(model.handle(.closing(at: now)) == [.markSeen(seen)])
    }

    /// News while the section is shown waits behind the pill; rows do not move until it is
    /// clicked, then the newest gets the keyboard.
    @Test func newsWaitsBehindThePill() {
        var model = PopupModel()
        _ = model.handle(.opened(.posts, at: Self.t0))
        _ = model.handle(.itemsArrived(.posts, Self.posts, at: Self.t0))
        _ = model.handle(.countsChanged(["status": 0], at: Self.t0))
        let rose = model.handle(.countsChanged(["status": 2, "follower": 5], at: Self.t0 + 30))
        #expect(rose == [.show(.posts), .fetch(.posts, count: 100)], "the tab's count at once; the news fetched in the background (no spinner)")
        #expect(model[.posts].unread == 2, "followers are not posts")
        var news = Self.posts
        news.statuses.insert(Self.post(4, "赵六", "新的", minutesAgo: 0), at: 0)
        news.statuses.insert(Self.post(5, "钱七", "更新的", minutesAgo: 0), at: 0)
        _ = model.handle(.itemsArrived(.posts, news, at: Self.t0 + 31))
        #expect(model[.posts].rows.map(\.id) == [3, 2, 1], "rows never move under the pointer")
        #expect(model[.posts].waiting.map(\.id) == [5, 4])
        let clicked = model.handle(.pillClicked)
        #expect(model[.posts].rows.map(\.id) == [5, 4, 3, 2, 1] && model[.posts].waiting.isEmpty)
        #expect(Self.focus(clicked) == 5)
    }

    /// News into an empty section (opened before the login, say) is shown at once, with the
    /// keyboard on it: no pill in front of "Nothing new".
    @Test func newsIntoAnEmptyListComesWithoutThePill() {
        var model = PopupModel()
        _ = model.handle(.opened(.posts, at: Self.t0))
        _ = model.handle(.itemsArrived(.posts, PopupItems(statuses: [], fetchedAt: Self.t0), at: Self.t0))
        #expect(model[.posts].rows.isEmpty)
        #expect(model.handle(.countsChanged(["status": 3], at: Self.t0 + 30)).contains(.fetch(.posts, count: 100)))
        let arrived = model.handle(.itemsArrived(.posts, Self.posts, at: Self.t0 + 31))
        #expect(model[.posts].rows.map(\.id) == [3, 2, 1] && model[.posts].waiting.isEmpty)
        #expect(Self.focus(arrived) == 3)
    }

    /// Answered from the daemon's fetch before the news: asked again after its minute, at the
    /// tick the model asked for.
    @Test func aStaleAnswerIsAskedAgainAfterTheDaemonsMinute() {
        var model = PopupModel()
        _ = model.handle(.opened(.posts, at: Self.t0))
        _ = model.handle(.itemsArrived(.posts, Self.posts, at: Self.t0))
        _ = model.handle(.countsChanged(["status": 1], at: Self.t0 + 20))
        let stale = model.handle(.itemsArrived(.posts, Self.posts, at: Self.t0 + 20))
        #expect(stale.contains(.wake(at: Self.t0 + 61)))
        #expect(Self.fetches(model.handle(.tick(at: Self.t0 + 40))).isEmpty)
        #expect(Self.fetches(model.handle(.tick(at: Self.t0 + 61))) == [.posts])
    }

    /// Times are redrawn at least once a minute while the window is open, never after.
    @Test func timesAreRedrawnEveryMinute() {
        var model = PopupModel()
        #expect(model.handle(.opened(.posts, at: Self.t0)).contains(.wake(at: Self.t0 + 60)))
        #expect(!model.handle(.tick(at: Self.t0 + 30)).contains(.redrawTimes))
        let minute = model.handle(.tick(at: Self.t0 + 60))
        #expect(minute.contains(.redrawTimes) && minute.contains(.wake(at: Self.t0 + 120)))
        _ = model.handle(.closing(at: Self.t0 + 70))
        #expect(model.handle(.tick(at: Self.t0 + 200)).isEmpty)
    }

    /// Mentions are posts and comments merged newest first; a comment row says it is on a post.
    @Test func mentionsMergePostsAndComments() {
        var model = PopupModel()
        _ = model.handle(.opened(.mentions, at: Self.t0))
        let items = PopupItems(
            statuses: [Self.post(10, "A", "@me post", minutesAgo: 3)],
            comments: [Self.comment(20, "NightOwl", "@me 有没有人推荐一本好看的小说？", minutesAgo: 1), Self.comment(21, "B", "@me old", minutesAgo: 9)])
        _ = model.handle(.itemsArrived(.mentions, items, at: Self.t0))
        #expect(model[.mentions].rows.map(\.id) == [20, 10, 21])
        #expect(model[.mentions].rows.first?.item == .comment(items.comments[0], .commentMentions))
    }

    /// Load more asks a page more each time, up to 500; it is offered while pages come full.
    @Test func loadMoreAsksAPageMoreUpTo500() {
        var model = PopupModel()
        _ = model.handle(.opened(.comments, at: Self.t0))
        let full = PopupItems(comments: (1...100).map { Self.comment(Int64($0), "x", "c", minutesAgo: Double($0)) })
        _ = model.handle(.itemsArrived(.comments, full, at: Self.t0))
        #expect(model[.comments].offersMore)
        var asked: [Int] = []
        for _ in 0..<6 {
            for case .fetch(_, let count) in model.handle(.loadMore(at: Self.t0)) { asked.append(count) }
            let many = PopupItems(comments: (1...model[.comments].asked).map { Self.comment(Int64($0), "x", "c", minutesAgo: Double($0)) })
            _ = model.handle(.itemsArrived(.comments, many, at: Self.t0))
        }
        #expect(asked == [200, 300, 400, 500, 500, 500])
        #expect(!model[.comments].offersMore)
    }

    /// Enter shows a compact row whole, then opens its post.
    @Test func activatingExpandsThenOpens() {
        var model = PopupModel()
        _ = model.handle(.opened(.posts, at: Self.t0))
        _ = model.handle(.itemsArrived(.posts, Self.posts, at: Self.t0))
        #expect(model.handle(.activated(2)) == [.show(.posts)])
        #expect(model[.posts].rows[1].isExpanded)
        #expect(model.handle(.activated(2)) == [.open(DetailItem(mention: Self.posts.statuses[1]).webURL)])
        var everyRow = PopupModel(expandsEveryRow: true)
        _ = everyRow.handle(.opened(.posts, at: Self.t0))
        _ = everyRow.handle(.itemsArrived(.posts, Self.posts, at: Self.t0))
        #expect(everyRow[.posts].rows.allSatisfy { $0.isExpanded })
    }

    /// Table: a search's text and the rows it leaves (author or text, any case, CJK too).
    @Test(arguments: [
        ("", [Int64(3), 2, 1]), ("王五", [3]), ("天气", [3]), ("READING", [2]), ("good 李四", [2]), ("book 张三", []), ("  ", [3, 2, 1]),
    ])
    func searchFiltersByAuthorOrText(_ query: String, _ left: [Int64]) {
        var model = PopupModel()
        _ = model.handle(.opened(.posts, at: Self.t0))
        _ = model.handle(.itemsArrived(.posts, Self.posts, at: Self.t0))
        _ = model.handle(.filterTyped(query))
        #expect(model[.posts].visibleRows.map(\.id) == left)
    }

    /// Rows newer than the last look are new; the close moves the look to the newest row seen,
    /// and the looks survive as text.
    @Test func rowsSinceTheLastLookAreNew() {
        var model = PopupModel(lastLooks: [.posts: Self.t0 - 6 * 60])
        _ = model.handle(.opened(.posts, at: Self.t0))
        _ = model.handle(.itemsArrived(.posts, Self.posts, at: Self.t0))
        #expect(model[.posts].rows.map(\.isNew) == [true, true, false])
        let localizer = Localizer()
        let times = RelativeTimeFormatter(localizer: localizer, timeZone: FixedOffsetZone.utc)
        let said = model[.posts].rows[0].accessibleDescription(localizer: localizer, times: times, now: Self.t0, emoticons: .text)
        #expect(said.hasPrefix("new; 王五, "), "\(said)")
        _ = model.handle(.closing(at: Self.t0 + 5))
        #expect(model.lastLooks == [.posts: Self.t0 - 60])
        let text = PopupModel.text(ofLastLooks: model.lastLooks)
        #expect(PopupModel.lastLooks(fromText: text) == model.lastLooks)
        #expect(PopupModel.lastLooks(fromText: "posts x\nnews 1\ncomments -5\n\nmentions 12\n") == [.mentions: Timestamp(secondsSince1970: 12)])
    }

    /// Table: the state line for each failure, with and without a time.
    @Test(arguments: [
        (PollFailure(.rateLimited, "10023"), true, "Weibo's hourly limit is reached; these are from 2 min ago."),
        (PollFailure(.rateLimited, ""), false, "Weibo's hourly limit is reached."),
        (PollFailure(.budgetSpent, ""), true, "Today's budget of calls is spent; these are from 2 min ago."),
        (PollFailure(.transient, "HTTP 502"), true, "Offline: these are from 2 min ago."),
        (PollFailure(.loginRejected, ""), false, "Not logged in to Weibo"),
        (
            PollFailure(.noPermission, "Weibo error 10014"), true,
            "This Weibo app may not read your timeline (10014); counts and notifications still work. For the posts, create a client app (移动应用 / 客户端) at open.weibo.com and log in with its key."
        ),
    ])
    func theStateLineSaysWhyTheRowsAreOld(_ failure: PollFailure, _ fetched: Bool, _ words: String) {
        var model = PopupModel()
        _ = model.handle(.opened(.posts, at: Self.t0))
        _ = model.handle(.itemsArrived(.posts, PopupItems(fetchedAt: fetched ? Self.t0 - 120 : nil, failure: failure), at: Self.t0))
        let localizer = Localizer()
        let times = RelativeTimeFormatter(localizer: localizer, timeZone: FixedOffsetZone.utc)
        #expect(model[.posts].stateLine(localizer: localizer, times: times, now: Self.t0) == words)
        #expect(model[.posts].offersLogIn == (failure.kind == .loginRejected))
        _ = model.handle(.itemsFailed(.posts, .notRunning, at: Self.t0))
        #expect(
            model[.posts].stateLine(localizer: localizer, times: times, now: Self.t0)
                == "Weibo Notifier is not running: open it from the menu, then press Ctrl+R")
        #expect(!model[.posts].offersLogIn)
    }

    @Test func commentsAnAppMayNotReadSayWhy() {
        var model = PopupModel()
        _ = model.handle(.opened(.comments, at: Self.t0))
        _ = model.handle(.itemsArrived(.comments, PopupItems(failure: PollFailure(.noPermission, "")), at: Self.t0))
        let localizer = Localizer()
        let line = model[.comments].stateLine(
            localizer: localizer, times: RelativeTimeFormatter(localizer: localizer, timeZone: FixedOffsetZone.utc), now: Self.t0)
        #expect(line == "This Weibo app may not read comments and mentions (10014); counts and notifications still work.")
    }
}

/// The sections' table: what each lists, counts, clears and costs.
@Suite struct PopupSectionKindTests {
    @Test(arguments: [
        (BubbleKind.all, PopupSectionKind.posts), (.posts, .posts), (.messages, .posts), (.comments, .comments), (.mentions, .mentions),
    ])
    func aBubbleOpensItsSection(_ bubble: BubbleKind, _ section: PopupSectionKind) {
        #expect(PopupSectionKind(bubble) == section)
    }

    @Test(arguments: [
        (PopupSectionKind.posts, 100, 2, false, [UnreadCounter.status]),
        (.posts, 500, 6, false, [.status]),
        (.comments, 100, 1, true, [.cmt]),
        (.comments, 500, 3, true, [.cmt]),
        (.mentions, 100, 2, true, [.mentionStatus, .mentionCmt]),
        (.mentions, 500, 6, true, [.mentionStatus, .mentionCmt]),
    ])
    func eachSectionsListsAndCost(_ kind: PopupSectionKind, _ count: Int, _ requests: Int, _ detail: Bool, _ counters: [UnreadCounter]) {
        #expect(kind.requests(toFetch: count) == requests)
        #expect(kind.spendsDetailCalls == detail)
        #expect(kind.counters == counters)
        #expect(kind.count(in: Dictionary(uniqueKeysWithValues: UnreadCounter.allCases.map { ($0.rawValue, 2) })) == 2 * counters.count)
    }

    @Test func mentionsListPostsAndCommentsThatMentionTheUser() {
        #expect(PopupSectionKind.mentions.statusList == .mentions)
        #expect(PopupSectionKind.mentions.commentList?.source == .commentMentions)
        #expect(PopupSectionKind.comments.commentList?.source == .commentsToMe && PopupSectionKind.comments.statusList == nil)
        #expect(PopupSectionKind.posts.statusList == .homeTimeline && PopupSectionKind.posts.commentList == nil)
    }

    /// Each list's pages: the home timeline's 100, often short (Weibo leaves some out, so a
    /// short page does not end it); the others' 200, a short one the end.
    @Test(
        arguments: [(PopupSectionKind.posts, 100, false, nil), (.mentions, 200, true, 200), (.comments, nil, nil, 200)]
            as [(PopupSectionKind, Int?, Bool?, Int?)])
    func eachListsPages(_ kind: PopupSectionKind, _ statusPage: Int?, _ statusShortEnds: Bool?, _ commentPage: Int?) {
        #expect(kind.statusList?.pageSize == statusPage && kind.statusList?.shortPageEnds == statusShortEnds)
        #expect(kind.commentList?.pageSize == commentPage && (kind.commentList?.shortPageEnds ?? true))
    }
}

/// Replies from the popup, and the one search over every section.
@Suite struct PopupModelReplyTests {
    static let t0 = PopupModelTests.t0

    static func mentions() -> PopupModel {
        var model = PopupModel()
        _ = model.handle(.opened(.mentions, at: t0))
        let items = PopupItems(
            statuses: [PopupModelTests.post(10, "A", "@me post", minutesAgo: 3)], comments: [PopupModelTests.comment(20, "NightOwl", "@me 小说？", minutesAgo: 1)])
        _ = model.handle(.itemsArrived(.mentions, items, at: t0))
        return model
    }

    /// Table: the row selected, and what a reply to it sends (an answer to a comment, a comment
    /// on a post that mentions the user).
    @Test(arguments: [(Int64(20), Int64?(20)), (10, nil)])
    func aReplyToACommentOrAMention(_ row: Int64, _ commentID: Int64?) throws {
        var model = Self.mentions()
        _ = model.handle(.selected(row))
        let opened = model.handle(.replyAsked)
        #expect(opened.count == 1)
        guard case .openReply(.mentions, row, _)? = opened.first else {
            Issue.record("\(opened)")
            return
        }
        let sent = model.handle(.replyTyped(row, "  谢谢推荐\n"))
        guard case .sendReply(row, let request)? = sent.first else {
            Issue.record("\(sent)")
            return
        }
        #expect(request.commentID == commentID && request.text == "谢谢推荐")
        #expect(model[.mentions].rows.first { $0.id == row }?.reply == .sending)
        #expect(model.handle(.replyAsked).isEmpty, "not twice while it goes")
        #expect(model.handle(.replyAnswered(row, failure: nil)) == [.show(.mentions)])
        #expect(model[.mentions].rows.first { $0.id == row }?.reply == .replied)
    }

    @Test func aReplyThatDidNotGoSaysWhyAndAPostOfTheTimelineTakesNone() {
        var model = Self.mentions()
        _ = model.handle(.selected(20))
        #expect(model.handle(.replyTyped(20, " \n ")).isEmpty, "nothing typed, nothing sent")
        _ = model.handle(.replyTyped(20, "hi"))
        _ = model.handle(.replyAnswered(20, failure: "today's budget of calls is spent"))
        #expect(model[.mentions].rows.first { $0.id == 20 }?.reply == .failed("today's budget of calls is spent"))
        var posts = PopupModel()
        _ = posts.handle(.opened(.posts, at: Self.t0))
        _ = posts.handle(.itemsArrived(.posts, PopupModelTests.posts, at: Self.t0))
        _ = posts.handle(.selected(3))
        #expect(posts.handle(.replyAsked).isEmpty)
    }

    /// Table: a row one can answer has "Reply" under it when whole, and "Replied" once the
    /// popup's reply went (compact too); a post of the home timeline has neither. The line
    /// keeps the frame model's promises (inside, apart, as high as its parts).
    @Test(arguments: [
        (PopupSectionKind.mentions, Int64(20), true, PopupRow.ReplyState.none, FramePart.Kind?.some(.replyButton)),
        (.mentions, 20, false, .none, nil),
        (.mentions, 20, false, .replied, .repliedMark),
        (.mentions, 10, true, .replied, .repliedMark),
        (.mentions, 10, true, .sending, .replyButton),
        (.posts, 3, true, .none, nil),
    ])
    func aRowOneCanAnswerOffersReply(_ kind: PopupSectionKind, _ id: Int64, _ expanded: Bool, _ state: PopupRow.ReplyState, _ line: FramePart.Kind?) throws {
        let rows = kind == .posts ? PopupRow.rows(of: PopupModelTests.posts, in: .posts) : Self.mentions()[.mentions].rows
        var row = try #require(rows.first { $0.id == id })
        row.isExpanded = expanded
        row.reply = state
        let words = Localizer.testing(.english)
        let measurer = PixelFrameLayoutTests.measurer
        let frame = row.frame(
            width: 360, in: kind,
            statusLayout: StatusFrameLayout(localizer: words, timeZone: TestTime.zone, now: Self.t0, metrics: .pixels, measurer: measurer),
            commentLayout: CommentFrameLayout(localizer: words, timeZone: TestTime.zone, now: Self.t0, metrics: .pixels, measurer: measurer))
        let added = frame.parts.filter { $0.kind == .replyButton || $0.kind == .repliedMark }
        #expect(added.map(\.kind) == (line.map { [$0] } ?? []))
        if let part = added.first {
            #expect(part.lines == [part.kind == .replyButton ? "Reply" : "Replied"])
            #expect(part.rect.maxY + LayoutMetrics.pixels.border == frame.height, "the last line")
            PixelFrameLayoutTests.checkProperties(of: frame, width: 360, closedByToolbar: false)
        }
    }

    /// Only a part whose text holds a name, topic or link says it has links.
    @Test func aPartHasLinksOnlyWhenItsTextHoldsOne() {
        let rect = FrameRect(x: 0, y: 0, width: 10, height: 1)
        #expect(FramePart(kind: .text, rect: rect, lines: ["see http://t.cn/abc"]).hasLinks)
        #expect(FramePart(kind: .quote, rect: rect, lines: ["「", "@张三 你好」"]).hasLinks)
        #expect(!FramePart(kind: .text, rect: rect, lines: ["今天天气很好"]).hasLinks)
        #expect(!FramePart(kind: .name, rect: rect, lines: ["@张三"]).hasLinks, "a name is drawn as a name")
    }

    @Test func oneSearchForEverySection() {
        var model = Self.mentions()
        _ = model.handle(.switched(to: .posts, at: Self.t0))
        _ = model.handle(.itemsArrived(.posts, PopupModelTests.posts, at: Self.t0))
        let typed = model.handle(.filterTyped("小说"))
        #expect(typed == [.show(.posts), .show(.mentions)], "the sections loaded are drawn again")
        #expect(model[.posts].visibleRows.isEmpty && model[.mentions].visibleRows.map(\.id) == [20])
    }
}
