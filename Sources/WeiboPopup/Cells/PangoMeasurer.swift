import CGtk
import WeiboGtk
import WeiboKit
import WeiboPlatform

/// Measures text in pixels with Pango, in the popup's fonts: what the seed's
/// `sizeWithText:font:maxW:` did with UIKit. A `PangoLayout` wraps each text as it is drawn
/// (word, then character, where a word is wider than the line: Pango's UAX #14 rules); a line
/// cut short ends in `…`. Pango inserts no hyphen at a break, so every line is a piece of the
/// text and is drawn as it was measured.
///
/// `@unchecked Sendable`: the GTK thread alone uses it; `TextMeasurer` is `Sendable` for the
/// layouts' sake, and Pango's objects are not.
final class PangoMeasurer: TextMeasurer, @unchecked Sendable {
    /// The font of each role, as a Pango description string's size factor and weight.
    static let styles: [TextRole: (scale: Double, bold: Bool)] = [
        .name: (1.0, true), .vipMark: (0.8, true), .time: (0.85, false), .source: (0.85, false), .body: (1.0, false),
        .retweetBody: (0.95, false), .toolbar: (0.85, false), .quote: (0.9, false), .label: (0.85, false),
    ]

    private let context: ObjectReference
    /// One layout per role, its text and width set anew for each measure.
    private var layouts: [TextRole: ObjectReference] = [:]
    private var heights: [TextRole: Int] = [:]
    private var ellipsisWidths: [TextRole: Int] = [:]

    /// `font`: a Pango font description ("DejaVu Sans 10"), the body's; the other roles scale it.
    init(context: OpaquePointer, font: String) {
        self.context = ObjectReference(adding: context)
        let noHyphens = pango_attr_list_new()
        pango_attr_list_insert(noHyphens, pango_attr_insert_hyphens_new(0))
        for role in TextRole.allCases {
            let description = pango_font_description_from_string(font)
            let style = Self.styles[role] ?? (1, false)
            let size = Double(pango_font_description_get_size(description))
            pango_font_description_set_size(description, Int32((size > 0 ? size : 10 * Double(PANGO_SCALE)) * style.scale))
            if style.bold { pango_font_description_set_weight(description, PANGO_WEIGHT_BOLD) }
            let layout = made(pango_layout_new(context), "a PangoLayout")
            pango_layout_set_font_description(layout, description)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_attributes(layout, noHyphens)
            pango_font_description_free(description)
            layouts[role] = ObjectReference(taking: layout)
        }
        pango_attr_list_unref(noHyphens)
        for role in TextRole.allCases {
            heights[role] = size(of: "Ag汉", role).height
            ellipsisWidths[role] = size(of: "…", role).width
        }
    }

    /// A measurer with the thread's default font map (Pango's cairo one) at 96 dpi.
    convenience init(font: String) {
        let context = ObjectReference(taking: made(pango_font_map_create_context(pango_cairo_font_map_get_default()), "a Pango context"))
        pango_cairo_context_set_resolution(context.pointer, 96)
        self.init(context: context.pointer, font: font)
    }

    /// A new layout in `role`'s font, in the measurer's context: text drawn with it is the text
    /// measured.
    func makeLayout(_ role: TextRole) -> OpaquePointer? {
        guard let layout = pango_layout_new(context.pointer) else { return nil }
        pango_layout_set_font_description(layout, font(role))
        return layout
    }

    /// The font description of `role`, for the renderer (owned by the measurer's layout).
    func font(_ role: TextRole) -> OpaquePointer? {
        pango_layout_get_font_description(layouts[role]?.pointer)
    }

    // MARK: - TextMeasurer

    func measure(_ text: String, as role: TextRole, maxWidth: Int, maxLines: Int?) -> MeasuredText {
        let key = Key(text: text, role: role, maxWidth: maxWidth)
        let whole = wraps[key] ?? remembered(wrap(TextSanitizer.clean(text), role, maxWidth: maxWidth), for: key, in: &wraps)
        var lines = whole
        let truncated = maxLines.map { whole.count > $0 } ?? false
        if let maxLines, truncated {
            lines = Array(whole.prefix(max(maxLines, 0)))
            if let last = lines.last {
                // The last kept line says that more follows, within the width.
                lines[lines.count - 1] = cut(last.text, role, maxWidth: maxWidth, always: true)
            }
        }
        guard !lines.isEmpty else { return MeasuredText(lines: [], width: 0, height: 0, truncated: truncated) }
        return MeasuredText(
            lines: lines.map(\.text), width: lines.map(\.width).max() ?? 0, height: lines.map(\.height).reduce(0, +), truncated: truncated)
    }

    func line(_ text: String, as role: TextRole, maxWidth: Int) -> MeasuredText {
        let key = Key(text: text, role: role, maxWidth: maxWidth)
        if let known = singleLines[key] { return known }
        let clean = TextSanitizer.singleLine(text)
        let size = size(of: clean, role)
        var line = Line(text: clean, width: size.width, height: max(size.height, lineHeight(role)))
        let truncated = line.width > maxWidth
        if truncated { line = cut(clean, role, maxWidth: maxWidth) }
        let result = MeasuredText(lines: [line.text], width: line.width, height: line.height, truncated: truncated)
        remembered(result, for: key, in: &singleLines)
        return result
    }

    func lineHeight(_ role: TextRole) -> Int { heights[role] ?? 16 }

    // MARK: - Measuring

    /// One line of a wrap: its text (without the spaces or newline it broke at) and size.
    private struct Line {
        var text: String
        var width: Int
        var height: Int
    }

    /// What was measured, by text, role and room: a layout asks the same several times (and
    /// again at the next relayout). Bounded, emptied when full. The text is keyed by its bytes:
    /// a String hashes its normalized form, which cost a layout of 100 statuses a quarter of
    /// its time (texts that differ only in their normalization are measured twice, never wrongly).
    private struct Key: Hashable {
        var text: [UInt8]
        var role: TextRole
        var maxWidth: Int

        init(text: String, role: TextRole, maxWidth: Int) {
            self.text = Array(text.utf8)
            self.role = role
            self.maxWidth = maxWidth
        }
    }
    private static let cacheLimit = 20_000
    private var wraps: [Key: [Line]] = [:]
    private var singleLines: [Key: MeasuredText] = [:]

    @discardableResult
    private func remembered<Value>(_ value: Value, for key: Key, in cache: inout [Key: Value]) -> Value {
        if cache.count > Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[key] = value
        return value
    }

    /// `text` as Pango wraps it at `maxWidth`, a trailing newline adding no line.
    private func wrap(_ text: String, _ role: TextRole, maxWidth: Int) -> [Line] {
        guard let layout = layouts[role]?.pointer, !text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A }) else { return [] }
        pango_layout_set_width(layout, Self.pangoUnits(maxWidth))
        pango_layout_set_text(layout, text, -1)
        let bytes = Array(text.utf8)
        var lines = (0..<pango_layout_get_line_count(layout)).compactMap { index -> Line? in
            guard let line = pango_layout_get_line_readonly(layout, index) else { return nil }
            let start = Int(line.pointee.start_index)
            var end = start + Int(line.pointee.length)
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x0A { end -= 1 }
            var logical = PangoRectangle()
            pango_layout_line_get_pixel_extents(line, nil, &logical)
            return Line(
                text: String(decoding: bytes[start..<end], as: UTF8.self), width: Int(logical.width),
                height: max(Int(logical.height), lineHeight(role)))
        }
        while let last = lines.last, last.text.isEmpty { lines.removeLast() }
        return lines
    }

    /// The longest start of `text` that fits in `maxWidth` with `…` after it, on one line:
    /// Pango finds the character at the edge, the line is measured as it will be drawn, and it
    /// gives up a character more while that is wider (the ellipsis kerns with its neighbour).
    /// `always`: the ellipsis follows the whole text when they fit together.
    private func cut(_ text: String, _ role: TextRole, maxWidth: Int, always: Bool = false) -> Line {
        if always {
            let whole = size(of: text + "…", role)
            if whole.width <= maxWidth { return Line(text: text + "…", width: whole.width, height: max(whole.height, lineHeight(role))) }
        }
        let room = max(maxWidth - (ellipsisWidths[role] ?? 0), 0)
        guard let layout = layouts[role]?.pointer else { return Line(text: "…", width: 0, height: lineHeight(role)) }
        pango_layout_set_width(layout, -1)
        pango_layout_set_text(layout, text, -1)
        var index: Int32 = 0
        var trailing: Int32 = 0
        if let line = pango_layout_get_line_readonly(layout, 0) {
            _ = pango_layout_line_x_to_index(line, Self.pangoUnits(room), &index, &trailing)
        }
        var kept = String(decoding: Array(text.utf8).prefix(Int(index)), as: UTF8.self)
        while true {
            while kept.last?.isWhitespace == true { kept.removeLast() }
            let size = size(of: kept + "…", role)
            if size.width <= maxWidth || kept.isEmpty {
                return Line(text: kept + "…", width: size.width, height: max(size.height, lineHeight(role)))
            }
            kept.removeLast()
        }
    }

    /// `pixels` in Pango's units, bounded so that the product stays an `Int32`.
    private static func pangoUnits(_ pixels: Int) -> Int32 {
        Int32(min(max(pixels, 0), Int(Int32.max / PANGO_SCALE))) * PANGO_SCALE
    }

    /// The logical size of `text` on one line (its newlines break it), in pixels.
    func size(of text: String, _ role: TextRole) -> (width: Int, height: Int) {
        guard let layout = layouts[role]?.pointer else { return (0, 0) }
        pango_layout_set_width(layout, -1)
        pango_layout_set_text(layout, text, -1)
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return (Int(width), Int(height))
    }
}
