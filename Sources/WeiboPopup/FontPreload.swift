import CGLib
import CGtk
import WeiboKit

/// The cells' fonts loaded on a second thread while GTK builds and shows the window on the
/// first: the cells' font map, fontconfig's choices for the font and the CJK and emoji fonts it
/// falls back to are a fifth of a cold start, and the machine has a second core for them.
///
/// Started once GTK is set up (GTK changes the environment while it starts, and fontconfig
/// reads it). The cells' own font map is used by one thread at a time: the preloading thread
/// alone until `measurer()` joins it, the GTK thread from then on; GTK's widgets keep theirs.
///
/// `@unchecked Sendable`: `fontMap` and `preloaded` are written by the preloading thread alone
/// and read only after `g_thread_join` (which orders the writes before the reads).
final class FontPreload: @unchecked Sendable {
    /// The desktop's font (GtkSettings' `gtk-font-name`), the cells' body font.
    let font: String

    private var thread: UnsafeMutablePointer<GThread>?
    private var fontMap: UnsafeMutablePointer<PangoFontMap>?
    private var preloaded: PangoMeasurer?

    init(font: String) {
        self.font = font
        thread = g_thread_new(
            "weibo-fonts",
            { data in
                guard let data else { return nil }
                let preload = Unmanaged<FontPreload>.fromOpaque(data).takeRetainedValue()
                let map = pango_cairo_font_map_new()
                preload.fontMap = map
                guard let map else { return nil }
                let measurer = PangoMeasurer(fontMap: map, font: preload.font)
                // The fallback fonts too: Chinese, emoji.
                _ = measurer.measure("Weibo 微博 😀❤️", as: .body, maxWidth: 400, maxLines: nil)
                preload.preloaded = measurer
                return nil
            }, Unmanaged.passRetained(self).toOpaque())
    }

    deinit {
        if let thread { g_thread_join(thread) }
        if let fontMap { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
    }

    /// The cells' measurer, once the preloading is done (waiting for it if it is not).
    func measurer() -> PangoMeasurer {
        if let thread {
            g_thread_join(thread)
            self.thread = nil
        }
        if let preloaded { return preloaded }
        let measurer = PangoMeasurer(font: font)
        preloaded = measurer
        return measurer
    }
}
