public import WeiboKit

/// Short ways to make statuses and users for tests.
public enum StatusFactory {
    public static func user(_ name: String = "张三", vip: Bool = false, rank: Int = 0) -> User {
        User(id: 1_234_567_890, screenName: name, memberType: vip ? 11 : 0, memberRank: rank)
    }

    public static func status(
        _ text: String, user: User? = user(), postedAt date: Timestamp = TestTime.date(2026, 11, 29, 13, 57),
        source: String = "<a href=\"http://app.weibo.com/t/feed/6vtZb0\" rel=\"nofollow\">微博 weibo.com</a>",
        pictures: Int = 0, pictureCount: Int? = nil, counts: (Int, Int, Int) = (0, 0, 0), retweet: Status? = nil
    ) -> Status {
        Status(
            id: 4_567_000_000_000_000, createdAt: date, text: text, source: source, user: user,
            pictures: (0..<pictures).map { Picture(thumbnailURL: "http://wx1.sinaimg.cn/thumbnail/p\($0).jpg") },
            pictureCount: pictureCount, repostsCount: counts.0, commentsCount: counts.1, attitudesCount: counts.2,
            retweetedStatus: retweet)
    }

    /// Statuses from the sample generator, fixed by `seed`, posted before the test's "now".
    public static func generated(count: Int, seed: UInt64 = 42) -> [Status] {
        var generator = StatusGenerator(seed: seed, now: TestTime.now)
        return generator.statuses(count: count)
    }
}
