import CGtk
import WeiboKit
import WeiboPlatform

/// The Pango layouts the cells draw, by text, role and link colour: each shaped once, then
/// drawn at every frame that shows it (scrolling, focus, a picture arriving) without shaping it
/// again. Made in the measurer's context, so a text is drawn as it was measured. Bounded,
/// emptied when full.
final class TextLayouts {
    private struct Key: Hashable {
        var text: String
        var role: TextRole
        var link: CellPainter.Color?
    }

    private static let limit = 400
    private let measurer: PangoMeasurer
    private var layouts: [Key: ObjectReference] = [:]

    init(measurer: PangoMeasurer) {
        self.measurer = measurer
    }

    /// The layout of `text` in `role`'s font; `make` finishes a new one (its link colours).
    func layout(_ text: String, role: TextRole, linkColor: CellPainter.Color?, make: (OpaquePointer) -> Void) -> OpaquePointer? {
        let key = Key(text: text, role: role, link: linkColor)
        if let known = layouts[key] { return known.pointer }
        guard let layout = measurer.makeLayout(role) else { return nil }
        pango_layout_set_text(layout, text, -1)
        make(layout)
        if layouts.count >= Self.limit { layouts.removeAll(keepingCapacity: true) }
        layouts[key] = ObjectReference(taking: layout)
        return layout
    }
}
