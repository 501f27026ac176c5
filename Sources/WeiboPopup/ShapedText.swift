import CGLib
import CGtk

/// A text shaped by Pango once, unwrapped (one line per paragraph): the advance of every
/// cluster (a grapheme, or what the font joins: an emoji family, a ligature), its line's
/// ascent and descent, and whether Pango allows a line break before it (UAX #14 with Pango's
/// tailoring: CJK between any two characters but not before closing punctuation).
///
/// Wrapping it at a width is then arithmetic on those advances, as Pango's own wrapping is, but
/// without shaping the text again for every line it breaks and every width it is asked: a
/// layout of 100 statuses shaped each text about five times before, and again at each resize.
struct ShapedText {
    struct Cluster {
        /// Its bytes in the text, in logical order.
        var start: Int32
        var end: Int32
        /// In Pango units (1/1024 px).
        var width: Int32
        var ascent: Int32
        var descent: Int32
        var breakBefore: Bool
        var isWhite: Bool
        /// A word broken before it shows a hyphen (Pango's rule: within a word of a script
        /// that hyphenates).
        var insertsHyphen = false
    }

    /// A line as drawn: its text (no trailing spaces), its size in pixels, and its clusters.
    struct Line {
        var text: String
        var width: Int
        var height: Int
        var paragraph = 0
        var clusters = 0..<0
    }

    private let bytes: [UInt8]
    private let paragraphs: [[Cluster]]

    /// Nothing to draw.
    init() {
        bytes = []
        paragraphs = []
    }

    /// Each font's ascent and descent in Pango units (its logical rectangle, which does not
    /// depend on the glyph): asked once per font, since asking loads a glyph (a colour emoji's
    /// is a PNG to decode).
    typealias FontMetrics = [UnsafeMutableRawPointer: (ascent: Int32, descent: Int32)]

    /// Shapes `text` in `font` with `context` (whose font description it sets): each
    /// paragraph itemized (fonts chosen, the fallback ones for what the font lacks) and shaped,
    /// its break opportunities from Pango's rules (found by `breakFinder`'s thread meanwhile,
    /// when given); no layout, so no glyph's ink is computed.
    init(
        _ text: String, context: OpaquePointer, font: OpaquePointer, metrics: inout FontMetrics, breakFinder: BreakFinder? = nil,
        shaper: ItemShaper? = nil
    ) {
        let bytes = Array(text.utf8)
        self.bytes = bytes
        var ranges: [Range<Int>] = []
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            ranges.append(start..<end)
            start = end + 1
        }
        let language = pango_context_get_language(context)
        let finder = breakFinder.flatMap { BreakFinder.takes(bytes) ? $0 : nil }
        finder?.start(bytes, paragraphs: ranges, language: language)
        pango_context_set_font_description(context, font)
        let attributes = pango_attr_list_new()
        defer { pango_attr_list_unref(attributes) }
        var paragraphs = bytes.withUnsafeBytes { raw in
            ranges.map { range -> [Cluster] in
                guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self) else { return [] }
                return Self.clusters(base, range, context: context, attributes: attributes, metrics: &metrics, shaper: shaper)
            }
        }
        let breaks =
            finder?.finish() ?? bytes.withUnsafeBufferPointer { BreakFinder.breaks($0, paragraphs: ranges, language: language) }
        for index in paragraphs.indices where breaks.indices.contains(index) {
            Self.mark(&paragraphs[index], breaks: breaks[index], bytes: bytes, range: ranges[index])
        }
        self.paragraphs = paragraphs
    }

    /// One paragraph's clusters (the bytes `range` of the text at `base`), in logical order,
    /// their breaks not yet marked.
    private static func clusters(
        _ base: UnsafePointer<CChar>, _ range: Range<Int>, context: OpaquePointer, attributes: OpaquePointer?, metrics: inout FontMetrics,
        shaper: ItemShaper?
    ) -> [Cluster] {
        let start = range.lowerBound
        let length = Int32(range.count)
        guard length > 0 else { return [] }
        var clusters: [Cluster] = []
        let items = pango_itemize(context, base, Int32(start), length, attributes, nil)
        defer { g_list_free_full(items) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) } }
        let glyphs = pango_glyph_string_new()
        defer { pango_glyph_string_free(glyphs) }
        let flags = pango_context_get_round_glyph_positions(context) != 0 ? PANGO_SHAPE_ROUND_POSITIONS : PANGO_SHAPE_NONE
        let round = flags == PANGO_SHAPE_ROUND_POSITIONS
        var node = items
        while let current = node {
            node = current.pointee.next
            guard let item = current.pointee.data?.assumingMemoryBound(to: PangoItem.self), let glyphs else { continue }
            var previous: Int32 = -1
            let first = clusters.count
            // Consecutive glyphs of one cluster (an emoji family, a ligature) make one cluster.
            func add(_ cluster: Int32, _ width: Int32, _ extent: (ascent: Int32, descent: Int32)) {
                if cluster != previous || clusters.count == first {
                    previous = cluster
                    clusters.append(
                        Cluster(start: cluster, end: 0, width: 0, ascent: extent.ascent, descent: extent.descent, breakBefore: false, isWhite: false))
                }
                clusters[clusters.count - 1].width += width
            }
            // HarfBuzz straight, once the font's line metrics are known (Pango's glyphs give them).
            if let shaper, let known = item.pointee.analysis.font.flatMap({ metrics[UnsafeMutableRawPointer($0)] }),
                let shaped = shaper.shape(item, base: base, paragraph: range, round: round)
            {
                for glyph in shaped { add(glyph.cluster, glyph.width, known) }
                continue
            }
            // Positions rounded to pixels where the context does, as a layout of it shapes.
            pango_shape_with_flags(
                base + Int(item.pointee.offset), item.pointee.length, base + start, length, &item.pointee.analysis, glyphs, flags)
            guard glyphs.pointee.num_glyphs > 0 else { continue }
            let extent = Self.extent(of: item.pointee.analysis.font, glyphs, metrics: &metrics)
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                add(item.pointee.offset + glyphs.pointee.log_clusters[index], glyphs.pointee.glyphs[index].geometry.width, extent)
            }
        }
        clusters.sort { $0.start < $1.start }
        let end = Int32(range.upperBound)
        for index in clusters.indices {
            clusters[index].end = index + 1 < clusters.count ? clusters[index + 1].start : end
        }
        return clusters
    }

    /// Marks `clusters` (of the paragraph at the bytes `range`) with Pango's rules: `breaks`, by
    /// character of the paragraph.
    private static func mark(_ clusters: inout [Cluster], breaks: [PangoLogAttr], bytes: [UInt8], range: Range<Int>) {
        guard !clusters.isEmpty else { return }
        var characterOfByte = [Int32](repeating: 0, count: range.count + 1)
        var character: Int32 = -1
        for (offset, byte) in bytes[range].enumerated() {
            if byte & 0xC0 != 0x80 { character += 1 }
            characterOfByte[offset] = character
        }
        for index in clusters.indices {
            let offset = Int(clusters[index].start) - range.lowerBound
            guard offset >= 0, offset < range.count, breaks.indices.contains(Int(characterOfByte[offset])) else { continue }
            let attribute = breaks[Int(characterOfByte[offset])]
            clusters[index].breakBefore = attribute.is_line_break != 0
            clusters[index].isWhite = attribute.is_white != 0
            clusters[index].insertsHyphen = attribute.break_inserts_hyphen != 0
        }
    }

    /// The ascent and descent of `font`'s lines, asked once per font.
    private static func extent(
        of font: UnsafeMutablePointer<PangoFont>?, _ glyphs: UnsafeMutablePointer<PangoGlyphString>, metrics: inout FontMetrics
    ) -> (ascent: Int32, descent: Int32) {
        let key = UnsafeMutableRawPointer(font)
        if let key, let known = metrics[key] { return known }
        var logical = PangoRectangle()
        pango_glyph_string_extents_range(glyphs, 0, 1, font, nil, &logical)
        let extent = (ascent: -logical.y, descent: logical.y + logical.height)
        if let key { metrics[key] = extent }
        return extent
    }

    /// The advance of the first paragraph, in Pango units (a hyphen's, an ellipsis').
    var units: Int64 { paragraphs.first.map { Self.width($0[...]) } ?? 0 }

    /// The lines at `maxWidth` pixels: breaks where Pango allows them, and between clusters
    /// for a word longer than the line (Pango's `PANGO_WRAP_WORD_CHAR`), with a hyphen
    /// (`hyphen`: its text and advance in Pango units) where Pango puts one; spaces at a break hang.
    func wrap(maxWidth: Int, minimumHeight: Int, hyphen: (text: String, units: Int64)) -> [Line] {
        let room = Int64(max(maxWidth, 1)) * Int64(PANGO_SCALE)
        var lines: [Line] = []
        for (paragraph, clusters) in paragraphs.enumerated() {
            guard !clusters.isEmpty else {
                lines.append(Line(text: "", width: 0, height: minimumHeight))
                continue
            }
            var start = 0
            var sum: Int64 = 0
            var candidate: Int?
            var index = 0
            while index < clusters.count {
                let cluster = clusters[index]
                if index > start, cluster.breakBefore { candidate = index }
                if !cluster.isWhite, index > start, sum + Int64(cluster.width) > room {
                    var end = candidate ?? index
                    var hyphenated = false
                    if candidate == nil {
                        // A word longer than the line: cut between clusters, room kept for its hyphen.
                        var width = sum
                        while end > start + 1, width + (clusters[end].insertsHyphen ? hyphen.units : 0) > room {
                            end -= 1
                            width -= Int64(clusters[end].width)
                        }
                        hyphenated = clusters[end].insertsHyphen
                    }
                    var broken = line(paragraph, start..<end, minimumHeight: minimumHeight)
                    if hyphenated {
                        broken.text += hyphen.text
                        broken.width = Self.pixels(Self.width(paragraphs[paragraph][start..<end]) + hyphen.units)
                    }
                    lines.append(broken)
                    start = end
                    candidate = nil
                    sum = Self.width(clusters[start..<index])
                    continue
                }
                sum += Int64(cluster.width)
                index += 1
            }
            lines.append(line(paragraph, start..<clusters.count, minimumHeight: minimumHeight))
        }
        return lines
    }

    /// A line of `wrap` cut so that it and an ellipsis `ellipsisWidth` pixels wide fit in
    /// `maxWidth`: whole clusters, the spaces before the cut dropped.
    func cut(_ line: Line, maxWidth: Int, ellipsis: String, ellipsisWidth: Int) -> Line {
        let room = Int64(max(maxWidth - ellipsisWidth, 0)) * Int64(PANGO_SCALE)
        guard paragraphs.indices.contains(line.paragraph) else { return Line(text: ellipsis, width: ellipsisWidth, height: line.height) }
        let clusters = paragraphs[line.paragraph]
        var sum: Int64 = 0
        var end = line.clusters.lowerBound
        while end < line.clusters.upperBound, sum + Int64(clusters[end].width) <= room {
            sum += Int64(clusters[end].width)
            end += 1
        }
        var kept = self.line(line.paragraph, line.clusters.lowerBound..<end, minimumHeight: line.height)
        kept.text += ellipsis
        kept.width += ellipsisWidth
        return kept
    }

    /// The whole text on one line (paragraphs joined by the caller's single-line cleaning).
    func singleLine(minimumHeight: Int) -> Line {
        guard let clusters = paragraphs.first else { return Line(text: "", width: 0, height: minimumHeight) }
        return line(0, 0..<clusters.count, minimumHeight: minimumHeight)
    }

    /// Clusters as a line: their text less trailing spaces, its width, the tallest run's height.
    private func line(_ paragraph: Int, _ range: Range<Int>, minimumHeight: Int) -> Line {
        let clusters = paragraphs[paragraph][range]
        var kept = clusters
        while let last = kept.last, last.isWhite { kept.removeLast() }
        guard let first = kept.first, let last = kept.last else {
            return Line(text: "", width: 0, height: minimumHeight, paragraph: paragraph, clusters: range)
        }
        let text = String(decoding: bytes[Int(first.start)..<Int(last.end)], as: UTF8.self)
        var ascent: Int32 = 0
        var descent: Int32 = 0
        for cluster in clusters {
            ascent = max(ascent, cluster.ascent)
            descent = max(descent, cluster.descent)
        }
        return Line(
            text: text, width: Self.pixels(Self.width(kept)), height: max(Self.pixels(Int64(ascent + descent)), minimumHeight),
            paragraph: paragraph, clusters: range)
    }

    private static func width(_ clusters: ArraySlice<Cluster>) -> Int64 {
        var sum: Int64 = 0
        for cluster in clusters { sum += Int64(cluster.width) }
        return sum
    }

    /// Pango units to whole pixels, rounded up as Pango's pixel extents are.
    private static func pixels(_ units: Int64) -> Int { Int((units + Int64(PANGO_SCALE) - 1) / Int64(PANGO_SCALE)) }
}
