import CGtk
import WeiboKit

/// Where a drawn cell's `@names`, `#topics#` and links are, so that a click on one opens its
/// page (weibo.com's for a name or a topic) rather than the row.
enum CellLinks {
    /// The entity drawn under the point (`x`, `y`) of `frame` (the cell's own coordinates), if
    /// any: found in the text's layout as it is drawn (the same text, font and context).
    static func entity(at x: Int, _ y: Int, in frame: StatusFrame, layouts: TextLayouts) -> TextEntity? {
        for part in frame.parts where part.rect.contains(x: x, y: y) && part.hasLinks {
            guard let layout = layouts.layout(part.lines.joined(separator: "\n"), role: part.kind.role, linkColor: nil, make: { _ in })
            else { continue }
            var index: Int32 = 0
            var trailing: Int32 = 0
            let inside = pango_layout_xy_to_index(
                layout, Int32(clamping: x - part.rect.x) &* PANGO_SCALE, Int32(clamping: y - part.rect.y) &* PANGO_SCALE, &index, &trailing)
            guard inside != 0 else { continue }
            if let found = entities(of: part.lines).first(where: { $0.range.contains(Int(index)) }) { return found.entity }
        }
        return nil
    }

    /// Whether the point (`x`, `y`) of `frame` is on its "Reply" button.
    static func isOnReplyButton(_ x: Int, _ y: Int, in frame: StatusFrame) -> Bool {
        frame.part(.replyButton)?.rect.contains(x: x, y: y) ?? false
    }

    /// The entities of a part's lines with where each stands in the lines joined by newlines
    /// (as they are drawn, in one layout), in bytes.
    static func entities(of lines: [String]) -> [(entity: TextEntity, range: Range<Int>)] {
        var found: [(entity: TextEntity, range: Range<Int>)] = []
        var offset = 0
        for line in lines {
            for entity in TextEntity.find(in: line) {
                found.append((entity, offset + entity.utf8Range.lowerBound..<offset + entity.utf8Range.upperBound))
            }
            offset += line.utf8.count + 1
        }
        return found
    }
}
