import CGtk

/// The avatars and thumbnails the popup has decoded, by address. Fetching fills it; drawing
/// never waits for it (a placeholder until a picture is here).
final class ImageCache {
    private var pixbufs: [String: OpaquePointer] = [:]

    deinit {
        for pixbuf in pixbufs.values { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    }

    /// The decoded picture of `url`, if it arrived.
    func image(_ url: String) -> OpaquePointer? { pixbufs[url] }
}
