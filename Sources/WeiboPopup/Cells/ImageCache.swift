import CGtk
import WeiboKit
import WeiboPlatform

/// The avatars and thumbnails of the popup, by address: fetched by the daemon (`GetPicture`:
/// its `AvatarCache`, HTTPS or the sandbox on this machine only, 1 MiB each, ten seconds, kept
/// under `$XDG_CACHE_HOME/weibo-notifier/images`, 50 MiB with the bubbles' avatars, least
/// recently used dropped first), so that the popup loads no TLS of its own; the file read
/// here, its header checked (`PictureHeader`), then decoded once, at the size drawn, into a
/// cairo surface (what drawing paints from, with no conversion per frame). Drawing never
/// waits: a placeholder until a picture is here, then `arrived`; one that could not be had is
/// asked for again at a draw 30 s later (the network may be back), and `arrived` is called
/// then so that the rows are drawn.
final class ImageCache {
    /// Asks for the file of a picture (the daemon's `GetPicture`).
    private let fetch: (String, @escaping (String?) -> Void) -> Void
    private var surfaces: [String: OpaquePointer] = [:]
    /// Which addresses to ask for: each once, one that could not be had again later.
    private var asks = PictureAsks()
    /// A picture arrived, or one that could not be had may be asked for again: the rows redraw.
    var arrived: (() -> Void)?
    /// When the rows are drawn again for a picture that could not be had (`PictureAsks.nextRetry`).
    private var retry: GLibSource?

    init(fetch: @escaping (String, @escaping (String?) -> Void) -> Void) {
        self.fetch = fetch
    }

    deinit {
        for surface in surfaces.values { cairo_surface_destroy(surface) }
    }

    /// The decoded picture of `url` (a cairo image surface) for a box of `box` device pixels
    /// (at most `drawnSize`; the size first asked for is kept), if it arrived; else it is fetched
    /// (once) and nil.
    func image(_ url: String, _ box: Int) -> OpaquePointer? {
        if let known = surfaces[url] { return known }
        guard asks.ask(url, at: Timestamp.now) else { return nil }
        fetch(url) { [weak self] path in
            guard let self else { return }
            guard let path else {
                self.asks.failed(url, at: Timestamp.now)
                self.awaitRetry()
                return
            }
            // Read and checked first: a header that says more pixels than a picture may have is
            // never decoded (decoders allocate the whole picture before they scale it); it stays
            // a placeholder.
            guard let picture = PictureFile.read(at: path),
                let pixbuf = Self.decode(picture.bytes, at: picture.header.scaled(toFit: min(max(box, 1), Self.drawnSize)))
            else { return }
            guard let surface = gdk_cairo_surface_create_from_pixbuf(pixbuf.pointer, 1, nil) else { return }
            self.surfaces[url] = surface
            self.arrived?()
        }
        return nil
    }

    /// Draws the rows again when the next picture that could not be had may be asked for (one
    /// timer at a time: it looks for the next when it fires).
    private func awaitRetry() {
        guard retry == nil, let wait = asks.nextRetry(at: Timestamp.now) else { return }
        retry = GLibSource.once(afterSeconds: wait) { [weak self] in
            guard let self else { return }
            self.retry = nil
            self.arrived?()
            self.awaitRetry()
        }
    }

    /// At most the size a cell draws a picture (70 px: a full cell's thumbnail; avatars are
    /// decoded at their 35): small in memory, and painted without scaling.
    static let drawnSize = 70

    /// `bytes` decoded at `size` (a JPEG is decoded at that scale; the others are scaled as they
    /// are read); nil when they cannot be.
    private static func decode(_ bytes: [UInt8], at size: (width: Int, height: Int)) -> ObjectReference? {
        guard let loader = gdk_pixbuf_loader_new() else { return nil }
        let owned = ObjectReference(taking: OpaquePointer(loader))
        defer { withExtendedLifetime(owned) {} }
        gdk_pixbuf_loader_set_size(loader, Int32(size.width), Int32(size.height))
        var error: UnsafeMutablePointer<GError>?
        let written = bytes.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error) }
        // Closed even after a failed write (the loader's rule); the first error is the one kept.
        var closeError: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closeError)
        for failure in [error, closeError] { if let failure { g_error_free(failure) } }
        guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return nil }
        // The loader's reference goes with it; this one is the caller's.
        return ObjectReference(adding: pixbuf)
    }
}
