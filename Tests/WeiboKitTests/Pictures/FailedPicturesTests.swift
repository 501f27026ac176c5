import Testing
import WeiboKit
import WeiboTestSupport

/// A picture that failed is not fetched again for five minutes; the oldest of too many
/// failures is forgotten first; one that came after all is no failure.
@Suite struct FailedPicturesTests {
    static let ages: [(String, Double, Bool)] = [
        ("at once", 0, true), ("a minute later", 60, true), ("just before five minutes", 299, true), ("five minutes later", 300, false),
        ("an hour later", 3600, false), ("the clock set back", -60, false),
    ]

    @Test(arguments: ages)
    func aFailureIsRememberedForFiveMinutes(_ name: String, _ later: Double, _ fresh: Bool) {
        var failed = FailedPictures()
        failed.failed("https://wx1.sinaimg.cn/a.jpg", at: TestTime.now)
        #expect(failed.isFresh("https://wx1.sinaimg.cn/a.jpg", at: TestTime.now.adding(later)) == fresh, "\(name)")
        #expect(!failed.isFresh("https://wx1.sinaimg.cn/b.jpg", at: TestTime.now.adding(later)), "another picture")
    }

    @Test func theOldestOfTooManyIsForgottenAndASuccessClears() {
        var failed = FailedPictures()
        for index in 0...FailedPictures.capacity { failed.failed("https://p/\(index)", at: TestTime.now) }
        #expect(failed.count == FailedPictures.capacity)
        #expect(!failed.isFresh("https://p/0", at: TestTime.now), "the oldest went")
        #expect(failed.isFresh("https://p/1", at: TestTime.now))
        failed.failed("https://p/1", at: TestTime.now)
        #expect(failed.count == FailedPictures.capacity, "a failure again is still one")
        failed.succeeded("https://p/1")
        #expect(!failed.isFresh("https://p/1", at: TestTime.now))
        #expect(failed.count == FailedPictures.capacity - 1)
    }
}
