import CGtk
import WeiboGtk
import WeiboKit

/// Draws one frame (laid out by WeiboKit in pixels) with cairo and Pango, in the theme's
/// colours: every part where its rectangle says, the decorations the window's way (a shaded
/// retweet block, thin toolbar dividers, a dot between name and time).
struct CellPainter {
    struct Color: Hashable {
        var red, green, blue, alpha: Double

        func with(alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: self.alpha * alpha) }

        init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        init(_ rgba: GdkRGBA) {
            self.init(red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha)
        }
    }

    /// The colours of the widget's theme, dark and high contrast included.
    struct Palette {
        var foreground: Color
        var link: Color
        /// A member's name (the badge stays orange: its "V" is white on it).
        var vipName = Self.vipBadge
        static let vipBadge = Color(red: 0.96, green: 0.45, blue: 0.07)

        /// Read from the widget's style context. A selected row's texts, links and members'
        /// names are all in the theme's selected-text colour: the link and the orange would
        /// sink into the selection's own colour.
        init(_ colors: StyleColors) {
            foreground = Color(colors.foreground)
            if colors.isSelected {
                link = foreground
                vipName = foreground
                return
            }
            // A link's colour as the theme gives it (`*:link`, lighter in a dark theme); the
            // selection's colour for a theme with none.
            let themed = Color(colors.link)
            if themed != foreground {
                link = themed
            } else if let selection = colors.named("theme_selected_bg_color") {
                link = Color(selection)
            } else {
                link = Color(red: 0.11, green: 0.44, blue: 0.85)
            }
        }
    }

    /// The texts' layouts, shaped once and drawn at every frame.
    let layouts: TextLayouts
    let palette: Palette
    /// The pictures known so far, by address (a placeholder is drawn for the others).
    /// The picture of an address decoded for a box of so many device pixels (nil until it
    /// arrived).
    let image: (String, Int) -> OpaquePointer?
    /// Device pixels per drawn pixel (2 on a HiDPI screen).
    var scale = 1

    /// Draws `frame` at the context's origin; `avatar` and `thumbnails` are the addresses of its
    /// avatar and pictures (own, then the retweet's).
    func paint(_ frame: StatusFrame, on cairo: OpaquePointer, avatar: String?, thumbnails: (own: [String], retweet: [String])) {
        if let block = frame.retweetBlock {
            fill(block, cairo, palette.foreground.with(alpha: 0.06), radius: 0)
        }
        for part in frame.parts {
            switch part.kind {
            case .avatar:
                drawPicture(avatar, in: part.rect, cairo, round: true, mark: part.lines.first)
            case .picture(let index):
                drawPicture(thumbnails.own[safe: index], in: part.rect, cairo, round: false, mark: nil)
            case .retweetPicture(let index):
                drawPicture(thumbnails.retweet[safe: index], in: part.rect, cairo, round: false, mark: nil)
            case .vipMark:
                // The member badge: a "V" on orange (the level is in the row's accessible words).
                fill(part.rect, cairo, Palette.vipBadge, radius: 3)
                var badge = part
                badge.lines = ["V"]
                drawText(badge, cairo, color: Color(red: 1, green: 1, blue: 1), centred: true)
            case .toolbarDivider:
                // Between toolbar buttons: a thin line.
                let x = Double(part.rect.x) + Double(part.rect.width) / 2
                line(from: (x, Double(part.rect.y) + 8), to: (x, Double(part.rect.maxY) - 8), cairo, palette.foreground.with(alpha: 0.2))
            case .nameTimeDot:
                setColor(cairo, palette.foreground.with(alpha: 0.6))
                cairo_arc(
                    cairo, Double(part.rect.x) + Double(part.rect.width) / 2, Double(part.rect.y) + Double(part.rect.height) / 2, 1.5, 0,
                    2 * Double.pi)
                cairo_fill(cairo)
            case .retweetBar:
                fill(part.rect, cairo, palette.foreground.with(alpha: 0.3), radius: 0)
            case .toolbarButton:
                drawText(part, cairo, color: palette.foreground.with(alpha: 0.7), centred: true)
            case .name:
                drawText(part, cairo, color: frame.isVIP ? palette.vipName : palette.foreground, centred: false)
            case .time, .source, .picturesLabel, .retweetPicturesLabel, .morePictures, .retweetMorePictures:
                drawText(part, cairo, color: palette.foreground.with(alpha: 0.6), centred: false)
            // The links are found once, when the text's layout is made (cached), not at each frame.
            case .text, .retweetText, .retweetMark, .quote, .replyTo:
                let dim = part.kind == .text ? 1.0 : 0.8
                drawText(part, cairo, color: palette.foreground.with(alpha: dim), centred: false, links: part.kind.mayHaveLinks)
            case .replyButton:
                drawText(part, cairo, color: palette.link, centred: false)
            case .repliedMark:
                drawText(part, cairo, color: palette.foreground.with(alpha: 0.6), centred: false)
            }
        }
    }

    // MARK: - Text

    private func drawText(_ part: FramePart, _ cairo: OpaquePointer, color: Color, centred: Bool, links: Bool = false) {
        guard !part.lines.isEmpty else { return }
        let text = part.lines.joined(separator: "\n")
        let linkColor = links ? palette.link : nil
        guard
            let layout = layouts.layout(
                text, role: part.kind.role, linkColor: linkColor,
                make: { layout in
                    if links { colourLinks(of: part.lines, in: layout) }
                })
        else { return }
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        let x = centred ? Double(part.rect.x) + Double(max(0, Int32(part.rect.width) - width)) / 2 : Double(part.rect.x)
        let y = centred ? Double(part.rect.y) + Double(max(0, Int32(part.rect.height) - height)) / 2 : Double(part.rect.y)
        cairo_save(cairo)
        cairo_rectangle(cairo, Double(part.rect.x), Double(part.rect.y), Double(part.rect.width), Double(part.rect.height) + 2)
        cairo_clip(cairo)
        setColor(cairo, color)
        cairo_move_to(cairo, x, y)
        pango_cairo_show_layout(cairo, layout)
        cairo_restore(cairo)
    }

    /// `@names`, `#topics#` and links in the link colour.
    private func colourLinks(of lines: [String], in layout: OpaquePointer) {
        let entities = CellLinks.entities(of: lines)
        guard !entities.isEmpty else { return }
        let attributes = pango_attr_list_new()
        defer { pango_attr_list_unref(attributes) }
        for (_, range) in entities {
            guard
                let attribute = pango_attr_foreground_new(
                    UInt16(palette.link.red * 65535), UInt16(palette.link.green * 65535), UInt16(palette.link.blue * 65535))
            else { continue }
            attribute.pointee.start_index = UInt32(range.lowerBound)
            attribute.pointee.end_index = UInt32(range.upperBound)
            pango_attr_list_insert(attributes, attribute)
        }
        pango_layout_set_attributes(layout, attributes)
    }

    // MARK: - Pictures

    /// A picture scaled to fill `rect` (cropped to it), or a placeholder until it arrives.
    private func drawPicture(_ url: String?, in rect: FrameRect, _ cairo: OpaquePointer, round: Bool, mark: String?) {
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        path(rect, cairo, radius: round ? Double(min(rect.width, rect.height)) / 2 : 4)
        cairo_clip(cairo)
        if let url, let surface = image(url, max(rect.width, rect.height) * scale) {
            let width = Double(cairo_image_surface_get_width(surface))
            let height = Double(cairo_image_surface_get_height(surface))
            let scale = max(Double(rect.width) / max(width, 1), Double(rect.height) / max(height, 1))
            cairo_translate(cairo, Double(rect.x) + (Double(rect.width) - width * scale) / 2, Double(rect.y) + (Double(rect.height) - height * scale) / 2)
            cairo_scale(cairo, scale, scale)
            cairo_set_source_surface(cairo, surface, 0, 0)
            cairo_paint(cairo)
            return
        }
        setColor(cairo, palette.foreground.with(alpha: 0.12))
        cairo_paint(cairo)
        if let mark {
            drawText(
                FramePart(kind: .avatar, rect: rect, lines: [mark]), cairo, color: palette.foreground.with(alpha: 0.7), centred: true)
        }
    }

    // MARK: - Shapes

    private func setColor(_ cairo: OpaquePointer, _ color: Color) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    private func path(_ rect: FrameRect, _ cairo: OpaquePointer, radius: Double) {
        let x = Double(rect.x)
        let y = Double(rect.y)
        let width = Double(rect.width)
        let height = Double(rect.height)
        guard radius > 0 else { return cairo_rectangle(cairo, x, y, width, height) }
        let r = min(radius, width / 2, height / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + width - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(cairo, x + width - r, y + height - r, r, 0, Double.pi / 2)
        cairo_arc(cairo, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cairo, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }

    private func fill(_ rect: FrameRect, _ cairo: OpaquePointer, _ color: Color, radius: Double) {
        setColor(cairo, color)
        path(rect, cairo, radius: radius)
        cairo_fill(cairo)
    }

    private func line(from start: (Double, Double), to end: (Double, Double), _ cairo: OpaquePointer, _ color: Color) {
        setColor(cairo, color)
        cairo_set_line_width(cairo, 1)
        cairo_move_to(cairo, start.0 + 0.5, start.1)
        cairo_line_to(cairo, end.0 + 0.5, end.1)
        cairo_stroke(cairo)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
