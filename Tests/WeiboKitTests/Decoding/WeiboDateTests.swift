import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

@Suite struct WeiboDateTests {
    @Test func parsesTheRealFormat() throws {
        let date = try #require(WeiboDate.parse("Sun Jul 26 00:00:19 +0800 2020"))
        #expect(date.secondsSince1970 == 1_595_692_819)
    }

    @Test(arguments: [
        ("Thu Jan 01 00:00:00 +0000 1970", 0.0),
        ("Wed Dec 31 16:00:00 -0800 1969", -1.0),  // before 1970: refused, years start at 1970
        ("Tue Feb 29 12:00:00 +0800 2028", 1_835_409_600.0),
        ("Sat Nov 28 23:59:59 -0330 2026", 1_795_922_999.0),
    ])
    func parsesOffsetsAndLeapDays(_ text: String, _ seconds: Double) {
        let parsed = WeiboDate.parse(text)
        if seconds < 0 {
            #expect(parsed == nil)
        } else {
            #expect(parsed?.secondsSince1970 == seconds)
        }
    }

    @Test(arguments: [
        "", "yesterday", "Sun Jul 26 00:00:19 2020", "Sun Jul 32 00:00:19 +0800 2020", "Sun Feb 29 00:00:19 +0800 2021",
        "Sun Jul 26 24:00:19 +0800 2020", "Sun Jul 26 00:61:19 +0800 2020", "Sun Jly 26 00:00:19 +0800 2020",
        "周日 7月 26 00:00:19 +0800 2020", "Sun Jul 26 00:00:19 +08:00 2020", "Sun Jul 26 00:00:19 +0800 20x0",
        "2020-07-26T00:00:19+08:00",
    ])
    func refusesAnythingElse(_ text: String) {
        #expect(WeiboDate.parse(text) == nil)
    }

    @Test func formatWritesWhatParseReads() throws {
        for seconds in stride(from: 0.0, to: 4_000_000_000, by: 97_654_321) {
            let date = Timestamp(secondsSince1970: seconds)
            let text = WeiboDate.format(date)
            #expect(WeiboDate.parse(text) == date, "\(text)")
        }
        #expect(WeiboDate.format(Timestamp(secondsSince1970: 1_595_692_819)) == "Sun Jul 26 00:00:19 +0800 2020")
        #expect(WeiboDate.format(Timestamp(secondsSince1970: 0), utcOffset: -12_600) == "Wed Dec 31 20:30:00 -0330 1969")
    }
}
