import CGtk
import WeiboDesktop

/// The avatars and thumbnails of the popup, by address: fetched with libsoup by the daemon's
/// own `AvatarCache` (HTTPS or the sandbox on this machine only, 1 MiB each, two seconds, kept
/// under `$XDG_CACHE_HOME/weibo-notifier/images`, 50 MiB with the daemon's avatars, least
/// recently used dropped first), then
/// decoded once into a cairo surface (what drawing paints from, with no conversion per frame).
/// Drawing never waits: a placeholder until a picture is here, then `arrived`.
final class ImageCache {
    private let files: AvatarCache
    private var surfaces: [String: OpaquePointer] = [:]
    /// Addresses asked for (arrived or not): each is fetched once.
    private var asked: Set<String> = []
    /// A picture arrived: the rows redraw.
    var arrived: (() -> Void)?

    /// `directory`: the popup's pictures; `sharing`: the daemon's avatars (one room for both).
    init(directory: String, sharing: [String]) {
        files = AvatarCache(directory: directory, sharing: sharing)
    }

    deinit {
        for surface in surfaces.values { cairo_surface_destroy(surface) }
    }

    /// The decoded picture of `url` (a cairo image surface), if it arrived; else it is fetched
    /// (once) and nil.
    func image(_ url: String) -> OpaquePointer? {
        if let known = surfaces[url] { return known }
        guard asked.insert(url).inserted else { return nil }
        files.image(for: url) { [weak self] uri in
            guard let self, let uri, uri.hasPrefix("file://") else { return }
            var error: UnsafeMutablePointer<GError>?
            // At most the size a cell draws it (70 px: a full cell's picture; avatars 35): small in memory.
            guard let pixbuf = gdk_pixbuf_new_from_file_at_size(String(uri.dropFirst("file://".count)), 70, 70, &error) else {
                if let error { g_error_free(error) }
                return
            }
            defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
            guard let surface = gdk_cairo_surface_create_from_pixbuf(pixbuf, 1, nil) else { return }
            self.surfaces[url] = surface
            self.arrived?()
        }
        return nil
    }
}
