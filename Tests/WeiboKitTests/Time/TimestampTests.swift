import Testing
import WeiboKit

@Suite struct TimestampTests {
    let start = Timestamp(secondsSince1970: 1_795_838_400)  // 2026-11-28 04:00 UTC, noon in Beijing

    @Test func movesAndMeasuresInSeconds() {
        #expect(start.adding(90).secondsSince1970 == 1_795_838_490)
        #expect(start + 90 == start.adding(90))
        #expect(start - 90 == start.adding(-90))
        #expect((start + 90).seconds(since: start) == 90)
        #expect(start.seconds(since: start + 90) == -90)
        var moving = start
        moving += 0.5
        #expect(moving > start && moving < start + 1)
        #expect(Timestamp.distantPast < start && start < Timestamp.distantFuture)
    }

    @Test(
        arguments: [
            (1_795_838_400.9, 1_795_838_400 as Int64),
            (-0.5, -1),
            (.infinity, 0),
            (.nan, 0),
            (1e300, 1_000_000_000_000_000),
        ] as [(Double, Int64)])
    func wholeSecondsRoundDownAndNeverTrap(_ seconds: Double, _ whole: Int64) {
        #expect(Timestamp(secondsSince1970: seconds).wholeSecondsSince1970 == whole)
    }

    @Test func describesItselfInUTC() {
        #expect("\(start + 3723)" == "2026-11-28 05:02:03 UTC")
        #expect("\(Timestamp(secondsSince1970: 0))" == "1970-01-01 00:00:00 UTC")
    }
}
