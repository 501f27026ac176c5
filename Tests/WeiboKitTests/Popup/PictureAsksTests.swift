import Testing
import WeiboKit
import WeiboTestSupport

/// The popup asks for each picture once, and again for one that could not be had, 30 s on.
@Suite struct PictureAsksTests {
    let now = TestTime.now

    /// Table: the first answer (nil: none yet, false: could not be had), seconds later → asked again.
    @Test(
        arguments: [(nil, 60.0, false), (true, 60, false), (false, 10, false), (false, 29.5, false), (false, 30, true), (false, 600, true)]
            as [(Bool?, Double, Bool)])
    func aPictureIsAskedForOnceUnlessItCouldNotBeHad(_ came: Bool?, _ later: Double, _ again: Bool) {
        var asks = PictureAsks()
        let first = asks.ask("https://a/1.jpg", at: now)
        if came == false { asks.failed("https://a/1.jpg", at: now) }
        let second = asks.ask("https://a/1.jpg", at: now.adding(later))
        let other = asks.ask("https://a/2.jpg", at: now.adding(later))
        #expect(first && second == again)
        #expect(other, "another address is its own")
    }

    /// Table: pictures that could not be had, at these seconds, looked at `later` seconds
    /// on → the seconds to wait until the rows are drawn again (nil: no time to wait for).
    @Test(
        arguments: [
            ([], 0, nil), ([0.0], 0, 30), ([0], 12, 18), ([0], 30, nil), ([0], 45, nil), ([0, 10], 5, 25), ([0, 10], 30, 10),
            ([0, 10], 40, nil),
        ] as [([Double], Double, Double?)])
    func theRowsAreDrawnAgainWhenAPictureMayBeAskedForAgain(_ failures: [Double], _ later: Double, _ wait: Double?) {
        var asks = PictureAsks()
        for (index, at) in failures.enumerated() {
            _ = asks.ask("https://a/\(index).jpg", at: now.adding(at))
            asks.failed("https://a/\(index).jpg", at: now.adding(at))
        }
        #expect(asks.nextRetry(at: now.adding(later)) == wait)
    }

    /// A picture asked for again waits for its answer, not for a time.
    @Test func aPictureAskedAgainSetsNoTime() {
        var asks = PictureAsks()
        _ = asks.ask("u", at: now)
        asks.failed("u", at: now)
        _ = asks.ask("u", at: now.adding(30))
        #expect(asks.nextRetry(at: now.adding(30)) == nil)
    }

    @Test func aPictureAskedAgainIsNotAskedTwice() {
        var asks = PictureAsks()
        _ = asks.ask("u", at: now)
        asks.failed("u", at: now)
        let again = asks.ask("u", at: now.adding(30))
        let twice = asks.ask("u", at: now.adding(31))
        #expect(again && !twice, "under way again")
    }
}
