import Foundation
import Testing
import WeiboKit
import WeiboTestSupport

@Suite struct StatusDecodingTests {
    func page(_ fixture: String) throws -> TimelinePage {
        try WeiboJSON.decode(TimelinePage.self, from: FixtureFiles.data("pass/\(fixture)"))
    }

    @Test func realShapeKeepsWhatTheClientUses() throws {
        let page = try page("timeline-real-shape.json")
        #expect(page.statuses.count == 2)
        #expect(page.nextCursor == 4_567_000_000_000_001)
        let first = page.statuses[0]
        #expect(first.id == 4_567_000_000_000_003)
        #expect(first.mid == "4567000000000003")
        #expect(first.inReplyToStatusID == nil)
        #expect(first.createdAt == TestTime.date(2026, 11, 29, 10, 30))
        #expect(first.sourceName == "微博 weibo.com")
        #expect(first.pictures.count == 3)
        #expect(first.pictureCount == 3)
        #expect(first.repostsCount == 78_985)
        #expect(first.commentsCount == 800_365)
        let user = try #require(first.user)
        #expect(user.screenName == "爱吃火锅的猫")
        #expect(user.isVIP)
        #expect(user.memberRank == 6)
        #expect(user.verifiedType == .personal)
        #expect(user.province == "11")
        #expect(page.statuses[1].text == "Shipping the notifier today 🎉\nSecond line.")
        #expect(page.statuses[1].user?.isVIP == false)
    }

    @Test func deletedAndHiddenRetweets() throws {
        let statuses = try page("timeline-deleted-retweet.json").statuses
        let deleted = try #require(statuses[0].retweetedStatus)
        #expect(deleted.isDeleted)
        #expect(deleted.user == nil)
        #expect(deleted.isUnavailable)
        let hidden = try #require(statuses[1].retweetedStatus)
        #expect(!hidden.isDeleted)
        #expect(hidden.isUnavailable)
        let alive = try #require(statuses[2].retweetedStatus)
        #expect(!alive.isUnavailable)
        #expect(alive.pictures.count == 4)
    }

    @Test func pictureVariants() throws {
        let statuses = try page("timeline-pictures.json").statuses
        #expect(statuses[0].pictures.count == 9)
        #expect(statuses[0].pictureCount == 14)
        #expect(statuses[1].pictures.isEmpty, "\"\" URLs are no pictures")
        #expect(statuses[1].pictureCount == 0)
        #expect(statuses[2].pictures.isEmpty)
        let picture = statuses[0].pictures[0]
        #expect(picture.middleURL.contains("/bmiddle/"))
        #expect(picture.largeURL.contains("/large/"))
    }

    @Test func stringTwinsAndFlagsAsNumbers() throws {
        let status = try #require(try page("timeline-string-ids.json").statuses.first)
        #expect(status.id == 4_567_000_000_000_030)
        #expect(status.mid == "4567000000000030")
        #expect(status.repostsCount == 12)
        #expect(!status.isFavorited)
        #expect(status.createdAt == TestTime.date(2028, 2, 29, 23, 59, 59))
        let user = try #require(status.user)
        #expect(user.id == 5_712_659_759)
        #expect(user.isVerified)
        #expect(user.province == "11")
        #expect(user.isVIP)
        #expect(user.verifiedType == .none, "absent verified_type means none")
    }

    @Test func longTextAndEmptyPage() throws {
        let long = try #require(try page("timeline-long-text.json").statuses.first)
        #expect(long.isLongText)
        #expect(long.text.hasSuffix("http://m.weibo.cn/5712659759/4567000000000040"))
        #expect(try page("timeline-empty.json").statuses.isEmpty)
    }

    /// One status that cannot be read is left out, with its id for the log; the rest is shown.
    @Test func aStatusThatCannotBeReadIsLeftOutWithItsID() throws {
        let good = #"{"id":2,"created_at":"Sun Jul 26 00:00:19 +0800 2020","user":{"id":1,"screen_name":"x"}}"#
        let page = try WeiboJSON.decode(TimelinePage.self, from: Array((#"{"statuses":[{"id":7,"user":"bob"},{"idstr":"x8"},"# + good + "]}").utf8))
        #expect(page.statuses.map(\.id) == [2])
        #expect(page.skipped.map(\.codingPath) == ["statuses[0].user", "statuses[1].idstr"])
        #expect(page.skipped.map(\.itemID) == ["7", "x8"])
    }

    /// Counts are clamped to 0…10^9 as they are read: nothing later can overflow on them.
    @Test(arguments: [
        ("9300000000000000000", 1_000_000_000), ("930000000000000000", 1_000_000_000), ("-5", 0), ("\"12\"", 12), ("{}", 0), ("1e30", 1_000_000_000),
    ])
    func countsAreClamped(_ value: String, _ expected: Int) throws {
        let json =
            #"{"statuses":[{"id":2,"user":{"id":1,"screen_name":"x"},"reposts_count":"# + value
            + #","pic_urls":[{"thumbnail_pic":"javascript:x"},{"thumbnail_pic":"https://wx1.sinaimg.cn/thumbnail/a.jpg"}]}]}"#
        let status = try #require(try WeiboJSON.decode(TimelinePage.self, from: Array(json.utf8)).statuses.first)
        #expect(status.repostsCount == expected)
        #expect(status.createdAt == nil, "no time sent: none shown")
        #expect(status.pictures.map(\.thumbnailURL) == ["https://wx1.sinaimg.cn/thumbnail/a.jpg"], "a bad picture address costs that picture")
    }

    @Test func largestIdsStayExact() throws {
        // 2^62 + 1 is not exact in a Double: decoding must not go through one.
        let json =
            #"{"statuses":[{"id":4611686018427387905,"created_at":"Sun Jul 26 00:00:19 +0800 2020","user":{"id":4611686018427387903,"screen_name":"x"}}]}"#
        let status = try #require(try WeiboJSON.decode(TimelinePage.self, from: Array(json.utf8)).statuses.first)
        #expect(status.id == 4_611_686_018_427_387_905)
        #expect(status.user?.id == 4_611_686_018_427_387_903)
    }

    @Test func anErrorBodyWithStatus200IsAnError() throws {
        let json = #"{"error":"expired_token","error_code":21327,"request":"/2/statuses/home_timeline.json","statuses":[]}"#
        do {
            _ = try WeiboJSON.decode(TimelinePage.self, from: Array(json.utf8))
            Issue.record("an error body decoded as a page")
        } catch {
            guard case .api(let apiError) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(apiError.code == 21327)
            #expect(apiError.kind == .auth)
        }
    }

    @Test func generatedStatusesSurviveTheRoundTrip() throws {
        let statuses = StatusFactory.generated(count: 200, seed: 7)
        let page = TimelinePage(statuses: statuses)
        let data = try WeiboJSON.encode(page)
        let decoded = try WeiboJSON.decode(TimelinePage.self, from: data)
        #expect(decoded.statuses.count == statuses.count)
        let firstDifference = zip(decoded.statuses, statuses).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(firstDifference == nil, "status \(firstDifference ?? -1) changed in the round trip")
    }

    @Test func encodedStatusesUseTheRealFieldTypes() throws {
        let statuses = StatusFactory.generated(count: 60, seed: 3)
        let data = try WeiboJSON.encode(TimelinePage(statuses: statuses))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(data)) as? [String: Any])
        let first = try #require((object["statuses"] as? [[String: Any]])?.first)
        #expect(first["id"] is NSNumber)
        #expect(first["idstr"] is String)
        #expect(first["mid"] is String)
        #expect(first["in_reply_to_status_id"] as? String == "")
        let user = try #require(first["user"] as? [String: Any])
        #expect(user["province"] is String)
        #expect(user["id"] is NSNumber)
        let deleted = (object["statuses"] as? [[String: Any]] ?? [])
            .compactMap { $0["retweeted_status"] as? [String: Any] }
            .first { $0["deleted"] != nil }
        let notice = try #require(deleted, "seed 3 has a deleted retweet")
        #expect(notice["deleted"] as? String == "1")
        #expect(notice["user"] == nil)
    }
}
