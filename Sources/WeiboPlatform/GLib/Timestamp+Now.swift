import CGLib
public import WeiboKit

extension Timestamp {
    /// The wall clock now, from GLib (microseconds since 1970).
    ///
    /// Only the shells read it: WeiboKit's decisions take `now` as an argument.
    public static var now: Timestamp {
        Timestamp(secondsSince1970: Double(g_get_real_time()) / 1_000_000)
    }
}
