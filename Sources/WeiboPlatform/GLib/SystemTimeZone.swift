import CGLib
public import WeiboKit

/// The user's time zone (TZ, /etc/localtime), daylight saving included, as GLib reads it.
///
/// `SystemTimeZone()` asks GLib at each question, so a daemon running for weeks follows a zone
/// the user changes. `snapshot()` reads the zone once, for many questions in a row: a layout of
/// 100 statuses asks 300 times, and GLib looks at /etc/localtime again at each (a tenth of the
/// popup's layout time went there).
public struct SystemTimeZone: TimeZoneRule {
    /// The zone read once, or nil: asked anew each time.
    private let zone: Zone?

    public init() {
        zone = nil
    }

    /// The zone as it is now, read once.
    public static func snapshot() -> SystemTimeZone {
        SystemTimeZone(zone: Zone(g_time_zone_new_local()))
    }

    /// A zone of the system's database ("Europe/Berlin"), for tests; UTC when it has no such zone.
    public init(identifier: String) {
        zone = Zone(g_time_zone_new_identifier(identifier) ?? g_time_zone_new_utc())
    }

    private init(zone: Zone) {
        self.zone = zone
    }

    public func utcOffset(at date: Timestamp) -> Int {
        let seconds = date.secondsSince1970.rounded(.down)
        let time = seconds.isFinite ? Int(min(max(seconds, -1e15), 1e15)) : 0
        guard let zone else {
            let local = g_time_zone_new_local()
            defer { g_time_zone_unref(local) }
            return Self.offset(in: local, at: time)
        }
        return Self.offset(in: zone.pointer, at: time)
    }

    private static func offset(in zone: OpaquePointer?, at time: Int) -> Int {
        let interval = g_time_zone_find_interval(zone, G_TIME_TYPE_UNIVERSAL, time)
        return interval < 0 ? 0 : Int(g_time_zone_get_offset(zone, interval))
    }

    /// GLib's zone. `@unchecked Sendable`: a `GTimeZone` never changes once made, and its
    /// reference count is atomic, so threads may share it.
    private final class Zone: @unchecked Sendable {
        let pointer: OpaquePointer

        init(_ pointer: OpaquePointer) {
            self.pointer = pointer
        }

        deinit { g_time_zone_unref(pointer) }
    }
}
