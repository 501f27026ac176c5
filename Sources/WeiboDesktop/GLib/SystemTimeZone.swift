import CGLib
public import FoundationEssentials
public import WeiboKit

/// The user's time zone (TZ, /etc/localtime), daylight saving included, as GLib reads it.
public struct SystemTimeZone: TimeZoneRule {
    public init() {}

    public func utcOffset(at date: Date) -> Int {
        let dateTime = g_date_time_new_from_unix_local(Int(date.timeIntervalSince1970.rounded(.down)))
        defer { if let dateTime { g_date_time_unref(dateTime) } }
        return dateTime.map { Int(g_date_time_get_utc_offset($0) / 1_000_000) } ?? 0
    }
}
