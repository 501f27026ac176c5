import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

@Suite struct RelativeTimeTests {
    /// "now" is 2026-11-29 14:00:00 in Beijing.
    @Test(arguments: [
        (TestTime.date(2026, 11, 29, 14, 5), "刚刚", "just now"),  // in the future
        (TestTime.date(2026, 11, 29, 14, 0), "刚刚", "just now"),
        (TestTime.date(2026, 11, 29, 13, 59, 1), "刚刚", "just now"),
        (TestTime.date(2026, 11, 29, 13, 59, 0), "1分钟前", "1 min ago"),
        (TestTime.date(2026, 11, 29, 13, 5), "55分钟前", "55 min ago"),
        (TestTime.date(2026, 11, 29, 13, 0, 1), "59分钟前", "59 min ago"),
        (TestTime.date(2026, 11, 29, 13, 0), "1小时前", "1 h ago"),
        (TestTime.date(2026, 11, 29, 0, 0), "14小时前", "14 h ago"),
        (TestTime.date(2026, 11, 28, 23, 59), "昨天 23:59", "yesterday 23:59"),
        (TestTime.date(2026, 11, 28, 0, 3), "昨天 00:03", "yesterday 00:03"),
        (TestTime.date(2026, 11, 27, 23, 59), "11-27 23:59", "11-27 23:59"),
        (TestTime.date(2026, 1, 1, 0, 0), "01-01 00:00", "01-01 00:00"),
        (TestTime.date(2025, 12, 31, 23, 59), "2025-12-31", "2025-12-31"),
        (TestTime.date(2012, 3, 21, 17, 16), "2012-03-21", "2012-03-21"),
    ])
    func followsTheOriginalRules(_ date: Timestamp, _ chinese: String, _ english: String) {
        let zh = RelativeTimeFormatter(localizer: Localizer.testing(.chinese), timeZone: TestTime.zone)
        let en = RelativeTimeFormatter(localizer: Localizer.testing(.english), timeZone: TestTime.zone)
        #expect(zh.string(for: date, now: TestTime.now) == chinese)
        #expect(en.string(for: date, now: TestTime.now) == english)
    }

    @Test func daysAreCountedInTheGivenZone() {
        // 01:00 on the 29th in Beijing is 17:00 on the 28th in UTC.
        let now = TestTime.date(2026, 11, 29, 1, 0)
        let posted = TestTime.date(2026, 11, 28, 23, 0)
        let beijing = RelativeTimeFormatter(localizer: Localizer.testing(.chinese), timeZone: FixedOffsetZone.chinaStandard)
        let utc = RelativeTimeFormatter(localizer: Localizer.testing(.chinese), timeZone: FixedOffsetZone.utc)
        #expect(beijing.string(for: posted, now: now) == "昨天 23:00")
        #expect(utc.string(for: posted, now: now) == "2小时前")
        let earlier = TestTime.date(2026, 11, 27, 7, 30)  // 23:30 UTC on the 26th
        #expect(beijing.string(for: earlier, now: now) == "11-27 07:30")
        #expect(utc.string(for: earlier, now: now) == "11-26 23:30")
    }
}

@Suite struct CountFormatterTests {
    @Test(arguments: [
        (0, "转发", "Repost"), (1, "1", "1"), (9_999, "9999", "9999"), (10_000, "1万", "10K"),
        (12_345, "1.2万", "12.3K"), (78_985, "7.9万", "79K"), (800_365, "80万", "800.4K"),
        (99_999, "10万", "100K"), (1_500_000, "150万", "1.5M"), (123_456_789, "1.2亿", "123.5M"),
    ])
    func abbreviates(_ count: Int, _ chinese: String, _ english: String) {
        #expect(CountFormatter(localizer: Localizer.testing(.chinese)).label(count, word: .repostButton) == chinese)
        #expect(CountFormatter(localizer: Localizer.testing(.english)).label(count, word: .repostButton) == english)
    }

    @Test func zeroShowsEachButtonsWord() {
        let zh = CountFormatter(localizer: Localizer.testing(.chinese))
        #expect(
            [zh.label(0, word: .repostButton), zh.label(0, word: .commentButton), zh.label(0, word: .likeButton)]
                == ["转发", "评论", "赞"])
    }
}

@Suite struct SourceAndVIPTests {
    @Test(
        arguments: [
            ("<a href=\"http://app.weibo.com/t/feed/6vtZb0\" rel=\"nofollow\">微博 weibo.com</a>", "微博 weibo.com"),
            ("<a href=\"http://weibo.com/\" rel=\"nofollow\">iPhone 15 Pro</a>", "iPhone 15 Pro"),
            ("Android", "Android"),
            ("", nil),
            ("<a href=\"x\"></a>", nil),
        ] as [(String, String?)])
    func sourceIsTheAnchorText(_ source: String, _ name: String?) {
        #expect(StatusFactory.status("x", source: source).sourceName == name)
    }

    @Test func postedFromIsLocalised() {
        #expect(Localizer.testing(.chinese).text(.postedFrom("微博 weibo.com")) == "来自微博 weibo.com")
        #expect(Localizer.testing(.english).text(.postedFrom("Android")) == "via Android")
    }

    @Test(arguments: [(0, false), (2, false), (3, true), (11, true), (12, true)])
    func vipWhenMemberTypeAboveTwo(_ memberType: Int, _ isVIP: Bool) {
        #expect(User(id: 1, screenName: "x", memberType: memberType).isVIP == isVIP)
    }
}

/// The settings window's interval field: seconds shown in the unit that reads best, and what a
/// person types read back.
@Suite struct DurationTextTests {
    @Test(
        arguments: [
            (60, 1, DurationText.Unit.minutes), (120, 2, .minutes), (90, 90, .seconds), (30, 30, .seconds), (3600, 1, .hours),
            (5400, 90, .minutes), (86_400, 24, .hours), (0, 0, .seconds),
        ])
    func reads(_ seconds: Int, _ number: Int, _ unit: DurationText.Unit) {
        #expect(DurationText.reading(seconds) == (number, unit))
    }

    @Test(
        arguments: [
            ("2 min", 120), ("2min", 120), ("120", 120), ("90 s", 90), ("1.5 min", 90), ("1 h", 3600), (" 3 Minutes ", 180), ("2 分钟", 120),
            ("45秒", 45), ("1 小时", 3600),
        ])
    func parses(_ text: String, _ seconds: Int) {
        #expect(DurationText.parse(text) == seconds)
    }

    @Test(arguments: ["", "min", "two minutes", "5 days", "-1 min", "1e9", "nan"])
    func refuses(_ text: String) {
        #expect(DurationText.parse(text) == nil)
    }
}
