import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// `pause DURATION` as users write it.
@Suite struct PauseDurationTests {
    @Test(
        arguments: [
            ("30m", 1800), ("1h", 3600), ("2h30m", 9000), ("2H 30M", 9000), ("90m", 5400), ("168h", 604_800),
            ("169h", nil), ("0m", nil), ("", nil), ("h", nil), ("30", nil), ("1h30", nil), ("1d", nil), ("-1h", nil), ("1.5h", nil),
            ("9999999m", nil),
        ] as [(String, Int?)])
    func durations(_ text: String, _ seconds: Int?) {
        #expect(PauseDuration.seconds(text, now: TestTime.date(2026, 11, 30, 14, 0), zone: TestTime.zone) == seconds, "\(text)")
    }

    @Test func tomorrowIsUntilEightInTheMorning() {
        #expect(PauseDuration.seconds("tomorrow", now: TestTime.date(2026, 11, 30, 22, 0), zone: TestTime.zone) == 10 * 3600)
        #expect(PauseDuration.seconds("Tomorrow", now: TestTime.date(2026, 11, 30, 7, 0), zone: TestTime.zone) == 25 * 3600)
    }
}
