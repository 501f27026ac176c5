import CGLib
import CGtk

/// Shapes one of Pango's items with HarfBuzz and the item's own HarfBuzz font, as
/// `pango_shape_with_flags` does for text with no attributes (the buffer set up alike: the
/// paragraph as context, monotone character clusters, Pango's invisible glyph, the font's
/// features; widths rounded to pixels where the context rounds). Pango puts a font of its own
/// around each item's font to draw a box for a character the font lacks, and asks every glyph
/// whether it is in colour; a layout of 100 statuses spent a tenth of its time there. An item
/// with a character its font lacks is left to Pango (nil), which draws that box.
///
/// Used on the GTK thread only, with the measurer's context.
final class ItemShaper {
    private let buffer: OpaquePointer
    /// The item's font's OpenType features (Pango's limit: 32), filled anew for each item.
    private var features = [hb_feature_t](repeating: hb_feature_t(), count: 32)
    /// Items shaped here, and left to Pango (a character the font lacks).
    private(set) var shaped = 0
    private(set) var leftToPango = 0

    init() {
        buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// The flags of an item that change its shaping (a centred baseline, an ellipsis, a hyphen
    /// to add); Pango's own (an item's character offset kept) do not.
    private static let shapingFlags = UInt8(PANGO_ANALYSIS_FLAG_CENTERED_BASELINE | PANGO_ANALYSIS_FLAG_IS_ELLIPSIS | PANGO_ANALYSIS_FLAG_NEED_HYPHEN)

    /// A glyph: the byte of the text its cluster starts at, and its advance in Pango units.
    struct Glyph {
        var cluster: Int32
        var width: Int32
    }

    /// The glyphs of `item` of the text at `base` (its offset counted from there), in visual
    /// order, the bytes `paragraph` its context; nil when its font lacks one of its characters.
    func shape(_ item: UnsafeMutablePointer<PangoItem>, base: UnsafePointer<CChar>, paragraph: Range<Int>, round: Bool) -> [Glyph]? {
        let analysis = item.pointee.analysis
        guard let font = analysis.font, analysis.gravity == UInt8(PANGO_GRAVITY_SOUTH.rawValue),
            analysis.extra_attrs == nil, analysis.flags & Self.shapingFlags == 0, let hbFont = pango_font_get_hb_font(font)
        else { return nil }
        defer { hb_buffer_reset(buffer) }
        hb_buffer_set_direction(buffer, analysis.level % 2 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: g_unicode_script_to_iso15924(GUnicodeScript(Int32(analysis.script)))))
        hb_buffer_set_language(buffer, hb_language_from_string(pango_language_to_string(analysis.language), -1))
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: HB_BUFFER_FLAG_BOT.rawValue | HB_BUFFER_FLAG_EOT.rawValue))
        hb_buffer_set_invisible_glyph(buffer, hb_codepoint_t(PANGO_GLYPH_EMPTY))
        let text = base + paragraph.lowerBound
        let offset = UInt32(Int(item.pointee.offset) - paragraph.lowerBound)
        let end = offset + UInt32(item.pointee.length)
        // The paragraph's text before and after the item is context (joining, kerning).
        hb_buffer_add_utf8(buffer, text, Int32(offset), offset, 0)
        hb_buffer_add_utf8(buffer, text, Int32(end), offset, Int32(item.pointee.length))
        hb_buffer_add_utf8(buffer, text, Int32(paragraph.count), end, 0)
        var count: UInt32 = 0
        pango_font_get_features(font, &features, UInt32(features.count), &count)
        hb_shape(hbFont, buffer, features, count)

        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount), let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return [] }
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(Int(glyphCount))
        for index in 0..<Int(glyphCount) {
            // .notdef: a character the font lacks, which Pango shows as a box of its own.
            guard infos[index].codepoint != 0 else {
                leftToPango += 1
                return nil
            }
            var width = positions[index].x_advance
            if width < 0 { width = -width }
            if round { width = (width + Int32(PANGO_SCALE >> 1)) & ~Int32(PANGO_SCALE - 1) }
            glyphs.append(Glyph(cluster: Int32(paragraph.lowerBound) + Int32(bitPattern: infos[index].cluster), width: width))
        }
        shaped += 1
        return glyphs
    }
}
