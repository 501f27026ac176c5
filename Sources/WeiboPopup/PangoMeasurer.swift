import CGtk
import WeiboKit

/// Measures text in pixels with Pango, in the popup's fonts: what the seed's
/// `sizeWithText:font:maxW:` did with UIKit. Lines break as Pango breaks them (UAX #14: CJK
/// anywhere but before closing punctuation, Latin at spaces, a word longer than the line
/// between characters); a cut line ends in `…` and is as wide as it is drawn.
///
/// Used on the GTK thread only, as everything in the popup: `@unchecked Sendable` because
/// `TextMeasurer` is `Sendable` for the layouts' sake, and Pango's objects are not.
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
            let layout = pango_layout_new(context)!
            pango_layout_set_font_description(layout, description)
            pango_font_description_free(description)
            layouts[role] = layout
        }
        for role in TextRole.allCases {
            heights[role] = size(of: "Ag汉", role).height
            ellipsisWidths[role] = size(of: "…", role).width
        }
    }

    /// A measurer for tests and the benchmark: a context of Pango's cairo font map at 96 dpi.
    convenience init(font: String) {
        let map = pango_cairo_font_map_get_default()
        let context = pango_font_map_create_context(map)!
        pango_cairo_context_set_resolution(context, 96)
        self.init(context: context, font: font)
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    deinit {
        for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// The font description of `role`, for the renderer (owned by the measurer's layout).
    func font(_ role: TextRole) -> OpaquePointer? {
        pango_layout_get_font_description(layouts[role])
    }

    // MARK: - TextMeasurer

    func measure(_ text: String, as role: TextRole, maxWidth: Int, maxLines: Int?) -> MeasuredText {
        // One wrap per text and width; a cut to fewer lines is made from it.
        let key = MeasureKey(text: text, role: role, maxWidth: maxWidth, maxLines: -1)
        let whole: [Line]
        if let known = measures[key] {
            whole = known
        } else {
            whole = wrap(text, role, maxWidth: maxWidth)
            if measures.count > Self.cacheLimit { measures.removeAll(keepingCapacity: true) }
            measures[key] = whole
        }
        var lines = whole
        let truncated = maxLines.map { whole.count > $0 } ?? false
        if let maxLines, truncated {
            lines = Array(whole.prefix(max(maxLines, 0)))
            if let last = lines.last {
                // The last kept line says that more follows, within the width.
                let (fitted, size) = fit(last.text + "…", role, maxWidth: maxWidth)
                lines[lines.count - 1] = Line(text: fitted, width: size.width, height: max(size.height, lineHeight(role)))
            }
        }
        guard !lines.isEmpty else { return MeasuredText(lines: [], width: 0, height: 0, truncated: truncated) }
        return MeasuredText(
            lines: lines.map(\.text), width: lines.map(\.width).max() ?? 0, height: lines.map(\.height).reduce(0, +), truncated: truncated)
    }

    /// One line as Pango broke it, with its size.
    private struct Line {
        var text: String
        var width: Int
        var height: Int
    }

    func line(_ text: String, as role: TextRole, maxWidth: Int) -> MeasuredText {
        let key = MeasureKey(text: text, role: role, maxWidth: maxWidth, maxLines: 0)
        if let known = singleLines[key] { return known }
        let single = TextSanitizer.singleLine(text)
        let (fitted, measuredSize) = fit(single, role, maxWidth: maxWidth)
        let result = MeasuredText(
            lines: [fitted], width: measuredSize.width, height: max(measuredSize.height, lineHeight(role)), truncated: fitted != single)
        if singleLines.count > Self.cacheLimit { singleLines.removeAll(keepingCapacity: true) }
        singleLines[key] = result
        return result
    }

    /// What was measured, by text, role and room: a layout asks the same several times (and
    /// again at the next relayout); bounded, emptied when full.
    private struct MeasureKey: Hashable {
        var text: String
        var role: TextRole
        var maxWidth: Int
        var maxLines: Int
    }
    private static let cacheLimit = 20_000
    private var measures: [MeasureKey: [Line]] = [:]
    private var singleLines: [MeasureKey: MeasuredText] = [:]

    /// Breaks `text` with Pango; each line's width and height from the layout's own lines.
    private func wrap(_ text: String, _ role: TextRole, maxWidth: Int) -> [Line] {
        let clean = TextSanitizer.clean(text)
        guard !clean.trimmed(of: " \n").isEmpty, let layout = layouts[role] else { return [] }
        pango_layout_set_width(layout, Int32(clamping: max(maxWidth, 1)) &* PANGO_SCALE)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_text(layout, clean, -1)
        defer { pango_layout_set_width(layout, -1) }
        var lines: [Line] = []
        let bytes = Array(clean.utf8)
        let count = Int(pango_layout_get_line_count(layout))
        for index in 0..<count {
            guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { continue }
            let start = Int(line.pointee.start_index)
            let end = min(bytes.count, start + Int(line.pointee.length))
            var text = String(decoding: bytes[min(start, end)..<end], as: UTF8.self)
            while let last = text.last, last == "\n" || last == " " || last == "\r\n" { text.removeLast() }
            var logical = PangoRectangle()
            pango_layout_line_get_pixel_extents(line, nil, &logical)
            lines.append(Line(text: text, width: Int(logical.width), height: max(Int(logical.height), lineHeight(role))))
        }
        // A trailing newline adds no visible line.
        while let last = lines.last, last.text.isEmpty { lines.removeLast() }
        return lines
    }

    func lineHeight(_ role: TextRole) -> Int { heights[role] ?? 16 }

    // MARK: - Measuring

    /// `text` on one line as it is, or cut at a grapheme boundary so that it and `…` fit; with
    /// its size.
    private func fit(_ text: String, _ role: TextRole, maxWidth: Int) -> (String, (width: Int, height: Int)) {
        let whole = size(of: text, role)
        if whole.width <= maxWidth { return (text, whole) }
        let room = maxWidth - (ellipsisWidths[role] ?? 0)
        guard room > 0 else { return ("", (0, whole.height)) }
        // Pango finds the grapheme under the cut; whole graphemes before it are kept.
        guard let layout = layouts[role] else { return ("", (0, whole.height)) }
        var index: Int32 = 0
        var trailing: Int32 = 0
        pango_layout_xy_to_index(layout, Int32(clamping: room) &* PANGO_SCALE, 0, &index, &trailing)
        var kept = ""
        var offset = 0
        for character in text {
            let length = character.utf8.count
            if offset + length > Int(index) { break }
            kept.append(character)
            offset += length
        }
        while !kept.isEmpty, size(of: kept, role).width > room { kept.removeLast() }
        while kept.last == " " { kept.removeLast() }
        let cut = kept + "…"
        return (cut, size(of: cut, role))
    }

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
