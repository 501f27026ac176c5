import CGtk
import Glibc
import WeiboGtk
import WeiboKit

/// Measures text in pixels with Pango, in the popup's fonts: what the seed's
/// `sizeWithText:font:maxW:` did with UIKit. Each text is shaped once (`ShapedText`); lines
/// break where Pango allows (UAX #14: CJK anywhere but before closing punctuation, Latin at
/// spaces, a word longer than the line between clusters); a cut line ends in `…`.
///
/// `@unchecked Sendable`: one thread at a time uses it (the font preloading thread until
/// `FontPreload.measurer()` joins it, the GTK thread after); `TextMeasurer` is `Sendable` for
/// the layouts' sake, and Pango's objects are not.
final class PangoMeasurer: TextMeasurer, @unchecked Sendable {
    /// The font of each role, as a Pango description string's size factor and weight.
    static let styles: [TextRole: (scale: Double, bold: Bool)] = [
        .name: (1.0, true), .vipMark: (0.8, true), .time: (0.85, false), .source: (0.85, false), .body: (1.0, false),
        .retweetBody: (0.95, false), .toolbar: (0.85, false), .quote: (0.9, false), .label: (0.85, false),
    ]

    private let context: OpaquePointer
    /// One layout per role, its text set anew for each measure.
    private var layouts: [TextRole: OpaquePointer] = [:]
    private var heights: [TextRole: Int] = [:]
    private var ellipsisWidths: [TextRole: Int] = [:]
    /// The hyphen a word broken across lines ends with, and its advance.
    private var hyphens: [TextRole: (String, Int64)] = [:]

    /// `font`: a Pango font description ("DejaVu Sans 10"), the body's; the other roles scale it.
    init(context: OpaquePointer, font: String) {
        self.context = context
        g_object_ref(UnsafeMutableRawPointer(context))
        for role in TextRole.allCases {
            let description = pango_font_description_from_string(font)
            let style = Self.styles[role] ?? (1, false)
            let size = Double(pango_font_description_get_size(description))
            pango_font_description_set_size(description, Int32((size > 0 ? size : 10 * Double(PANGO_SCALE)) * style.scale))
            if style.bold { pango_font_description_set_weight(description, PANGO_WEIGHT_BOLD) }
            let layout = made(pango_layout_new(context), "a PangoLayout")
            pango_layout_set_font_description(layout, description)
            pango_font_description_free(description)
            layouts[role] = layout
        }
        for role in TextRole.allCases {
            heights[role] = size(of: "Ag汉", role).height
            ellipsisWidths[role] = size(of: "…", role).width
            hyphens[role] = ("-", shaped("-", role, singleLine: true).units)
        }
    }

    /// A measurer with the thread's default font map (Pango's cairo one) at 96 dpi.
    convenience init(font: String) {
        self.init(fontMap: pango_cairo_font_map_get_default(), font: font)
    }

    /// A measurer with `fontMap` at 96 dpi, as the cells are drawn.
    convenience init(fontMap map: UnsafeMutablePointer<PangoFontMap>, font: String) {
        let context = made(pango_font_map_create_context(map), "a Pango context")
        pango_cairo_context_set_resolution(context, 96)
        self.init(context: context, font: font)
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    deinit {
        for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// A new layout in `role`'s font, in the measurer's context: text drawn with it is the text
    /// measured.
    func makeLayout(_ role: TextRole) -> OpaquePointer? {
        guard let layout = pango_layout_new(context) else { return nil }
        pango_layout_set_font_description(layout, font(role))
        return layout
    }

    /// The font description of `role`, for the renderer (owned by the measurer's layout).
    func font(_ role: TextRole) -> OpaquePointer? {
        pango_layout_get_font_description(layouts[role])
    }

    // MARK: - TextMeasurer

    func measure(_ text: String, as role: TextRole, maxWidth: Int, maxLines: Int?) -> MeasuredText {
        // One wrap per text and width; a cut to fewer lines is made from it.
        let key = MeasureKey(text: TextBytes(text: text), role: role, maxWidth: maxWidth)
        let whole: [ShapedText.Line]
        if let known = measures[key] {
            whole = known
        } else {
            whole = wrap(shaped(text, role, singleLine: false), maxWidth: maxWidth, role)
            if measures.count > Self.cacheLimit { measures.removeAll(keepingCapacity: true) }
            measures[key] = whole
        }
        var lines = whole
        let truncated = maxLines.map { whole.count > $0 } ?? false
        if let maxLines, truncated {
            lines = Array(whole.prefix(max(maxLines, 0)))
            if let last = lines.last {
                // The last kept line says that more follows, within the width.
                lines[lines.count - 1] = cut(last, of: shaped(text, role, singleLine: false), role, maxWidth: maxWidth)
            }
        }
        guard !lines.isEmpty else { return MeasuredText(lines: [], width: 0, height: 0, truncated: truncated) }
        return MeasuredText(
            lines: lines.map(\.text), width: lines.map(\.width).max() ?? 0, height: lines.map(\.height).reduce(0, +), truncated: truncated)
    }

    /// `line` cut to end in `…` within `maxWidth`. The ellipsis shaped after the text can be a
    /// pixel or two wider than the two measured apart (seen: 175 px drawn for 173 added up), so
    /// a cut keeps `ellipsisSlack` pixels more and says it is that much wider. (Measuring every
    /// cut line whole doubled the layout of 100 statuses: 20 ms against 8.)
    private func cut(_ line: ShapedText.Line, of shaped: ShapedText, _ role: TextRole, maxWidth: Int) -> ShapedText.Line {
        var cut = shaped.cut(line, maxWidth: maxWidth - Self.ellipsisSlack, ellipsis: "…", ellipsisWidth: ellipsisWidths[role] ?? 0)
        cut.width = min(cut.width + Self.ellipsisSlack, max(maxWidth, cut.width))
        return cut
    }

    static let ellipsisSlack = 2

    func line(_ text: String, as role: TextRole, maxWidth: Int) -> MeasuredText {
        let key = MeasureKey(text: TextBytes(text: text), role: role, maxWidth: maxWidth)
        if let known = singleLines[key] { return known }
        let shaped = shaped(text, role, singleLine: true)
        var line = shaped.singleLine(minimumHeight: lineHeight(role))
        let truncated = line.width > maxWidth
        if truncated { line = cut(line, of: shaped, role, maxWidth: maxWidth) }
        let result = MeasuredText(lines: [line.text], width: line.width, height: line.height, truncated: truncated)
        if singleLines.count > Self.cacheLimit { singleLines.removeAll(keepingCapacity: true) }
        singleLines[key] = result
        return result
    }

    /// A text compared and hashed by its bytes: a String's own hash normalizes it first, which
    /// cost a layout of 100 statuses a quarter of its time. (Texts that differ only in their
    /// normalization are two keys: measured twice, never wrongly.) Hashed by its length and its
    /// first and last 32 bytes: a long text's every byte cost its look-ups a tenth of a layout,
    /// and texts alike at both ends are rare (they would share a bucket, compared whole).
    private struct TextBytes: Hashable {
        var text: String

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { bytes in
                hasher.combine(bytes.count)
                let raw = UnsafeRawBufferPointer(bytes)
                guard bytes.count > 64 else { return hasher.combine(bytes: raw) }
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.prefix(32)))
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.suffix(32)))
            }
        }

        static func == (left: TextBytes, right: TextBytes) -> Bool {
            var one = left.text
            var other = right.text
            return one.withUTF8 { first in
                other.withUTF8 { second in
                    guard first.count == second.count else { return false }
                    guard let one = first.baseAddress, let other = second.baseAddress else { return true }
                    return memcmp(one, other, first.count) == 0
                }
            }
        }
    }

    /// What was measured, by text, role and room: a layout asks the same several times (and
    /// again at the next relayout); bounded, emptied when full.
    private struct MeasureKey: Hashable {
        var text: TextBytes
        var role: TextRole
        var maxWidth: Int
    }
    private static let cacheLimit = 20_000
    private var measures: [MeasureKey: [ShapedText.Line]] = [:]
    private var singleLines: [MeasureKey: MeasuredText] = [:]

    /// Each text shaped once per role (its wraps at any width come from it), cleaned as a
    /// paragraph or as one line first; bounded as above.
    private struct ShapeKey: Hashable {
        var text: TextBytes
        var role: TextRole
        var singleLine: Bool
    }
    private var shapes: [ShapeKey: ShapedText] = [:]
    private var fontMetrics: ShapedText.FontMetrics = [:]

    /// Finds a long text's breaks on another thread while this one shapes it (the popup's
    /// measurer has one; without, they are found here after the shaping).
    var breakFinder: BreakFinder?
    /// Shapes with HarfBuzz straight what Pango would shape alike (`ItemShaper`); nil: Pango
    /// shapes every item.
    var shaper: ItemShaper? = ItemShaper()

    private func shaped(_ text: String, _ role: TextRole, singleLine: Bool) -> ShapedText {
        let key = ShapeKey(text: TextBytes(text: text), role: role, singleLine: singleLine)
        if let known = shapes[key] { return known }
        let clean = singleLine ? TextSanitizer.singleLine(text) : TextSanitizer.clean(text)
        guard let font = font(role), !clean.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A }) else { return ShapedText() }
        let shaped = ShapedText(clean, context: context, font: font, metrics: &fontMetrics, breakFinder: breakFinder, shaper: shaper)
        if shapes.count > Self.shapeLimit { shapes.removeAll(keepingCapacity: true) }
        shapes[key] = shaped
        return shaped
    }
    private static let shapeLimit = 3_000

    /// Lines as Pango breaks them at `maxWidth`, a trailing newline adding none.
    private func wrap(_ shaped: ShapedText, maxWidth: Int, _ role: TextRole) -> [ShapedText.Line] {
        let hyphen = hyphens[role] ?? ("-", 0)
        var lines = shaped.wrap(maxWidth: maxWidth, minimumHeight: lineHeight(role), hyphen: hyphen)
        while let last = lines.last, last.text.isEmpty { lines.removeLast() }
        return lines
    }

    func lineHeight(_ role: TextRole) -> Int { heights[role] ?? 16 }

    // MARK: - Measuring

    /// The logical size of `text` on one line (its newlines break it), in pixels.
    func size(of text: String, _ role: TextRole) -> (width: Int, height: Int) {
        guard let layout = layouts[role] else { return (0, 0) }
        pango_layout_set_width(layout, -1)
        pango_layout_set_text(layout, text, -1)
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return (Int(width), Int(height))
    }
}
