import CGLib
import FoundationEssentials
import Testing
import WeiboKit

@testable import WeiboDesktop
@testable import WeiboPlatform

@Suite struct SystemTimeZoneTests {
    /// Daylight saving in Berlin, 2026: from 01:00 UTC on 29 March to 01:00 UTC on 25 October.
    @Test(arguments: [
        (1_767_225_600, 3_600),  // 1 January, winter time
        (1_774_745_999, 3_600),  // 29 March 00:59:59 UTC, the last second of winter time
        (1_774_746_000, 7_200),  // 29 March 01:00 UTC: summer time
        (1_782_864_000, 7_200),  // 1 July
        (1_792_889_999, 7_200),  // 25 October 00:59:59 UTC
        (1_792_890_000, 3_600),  // 25 October 01:00 UTC: winter time again
    ])
    func offsetsFollowTheZonesRules(seconds: Int, offset: Int) {
        let zone = SystemTimeZone(identifier: "Europe/Berlin")
        #expect(zone.utcOffset(at: Timestamp(secondsSince1970: Double(seconds))) == offset)
    }

    /// Asked anew each time (a daemon follows a zone the user changes) or read once (a layout
    /// asks hundreds of times): GLib's local zone either way.
    @Test func theUsersZoneIsGLibsLocalOne() {
        for zone in [SystemTimeZone(), .snapshot()] {
            for seconds in stride(from: 1_700_000_000, to: 1_800_000_000, by: 2_500_000) {
                let local = g_date_time_new_from_unix_local(seconds)
                defer { g_date_time_unref(local) }
                #expect(zone.utcOffset(at: Timestamp(secondsSince1970: Double(seconds))) == Int(g_date_time_get_utc_offset(local) / 1_000_000))
            }
            #expect(zone.utcOffset(at: Timestamp(secondsSince1970: .nan)) == SystemTimeZone().utcOffset(at: Timestamp(secondsSince1970: 0)))
        }
    }

    @Test func aDateBeyondAnyCalendarGivesAnOffsetWithoutTrapping() {
        let zone = SystemTimeZone(identifier: "Asia/Shanghai")
        #expect(zone.utcOffset(at: Timestamp(secondsSince1970: 1e300)) == 28_800)
        #expect(zone.utcOffset(at: Timestamp(secondsSince1970: .nan)) == 28_800)
        #expect(zone.utcOffset(at: Timestamp(secondsSince1970: 1_767_225_600)) == 28_800)
    }
}
