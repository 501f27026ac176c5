import CGLib
public import FoundationEssentials
public import WeiboKit

/// The user's time zone (TZ, /etc/localtime), daylight saving included, as GLib reads it when
/// the value is made: a layout of 100 statuses asks it 300 times, and GLib's local zone looks at
/// /etc/localtime again at each ask (a tenth of the popup's layout time went there).
public struct SystemTimeZone: TimeZoneRule {
    private let zone: Zone

    public init() {
        zone = Zone(g_time_zone_new_local())
    }

    /// A zone of the system's database ("Europe/Berlin"), for tests; UTC when it has no such zone.
    init(identifier: String) {
        zone = Zone(g_time_zone_new_identifier(identifier) ?? g_time_zone_new_utc())
    }

    public func utcOffset(at date: Date) -> Int {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let time = seconds.isFinite ? Int(min(max(seconds, -1e15), 1e15)) : 0
        let interval = g_time_zone_find_interval(zone.pointer, G_TIME_TYPE_UNIVERSAL, time)
        return interval < 0 ? 0 : Int(g_time_zone_get_offset(zone.pointer, interval))
    }

    /// GLib's zone, immutable and reference-counted (so shared between threads).
    private final class Zone: @unchecked Sendable {
        let pointer: OpaquePointer

        init(_ pointer: OpaquePointer) {
            self.pointer = pointer
        }

        deinit { g_time_zone_unref(pointer) }
    }
}
