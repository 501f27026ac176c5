import CGtk
import FoundationEssentials
import Testing
import WeiboKit

@testable import WeiboPopup

/// Pango's measures in the popup's fonts: lines that fit, whole graphemes, `…` where cut, the
/// lines Pango's own wrapping makes.
@Suite struct PangoMeasurerTests {
    let measurer = PangoMeasurer(font: "DejaVu Sans 10")

    @Test(arguments: [
        "今天天气很好，我们一起去公园散步吧。周末和朋友去爬山，风景美极了。",
        "Photos from the trip are up. Just shipped a new release, check it out!",
        "混合 mixed 文本 text 😀🎉👨‍👩‍👧‍👦 and 🇨🇳 flags",
        String(repeating: "一二三四五六七八九十 abc ", count: 67),  // 1,000 characters and more
    ])
    func linesFitTheWidthAndKeepEveryCharacter(_ text: String) {
        for width in [120, 240, 375, 800] {
            let measured = measurer.measure(text, as: .body, maxWidth: width, maxLines: nil)
            #expect(!measured.lines.isEmpty && !measured.truncated)
            for line in measured.lines {
                #expect(measurer.width(line, as: .body) <= width, "'\(line)' wider than \(width)")
                // As Pango draws it alone (shaped again, kerning at its ends included).
                #expect(measurer.size(of: line, .body).width <= width, "'\(line)' drawn wider than \(width)")
            }
            #expect(measured.width <= width)
            #expect(measured.height >= measured.lines.count * measurer.lineHeight(.body) - measured.lines.count)
            // Nothing lost but the spaces at the breaks: graphemes stay whole.
            let joined = measured.lines.joined().filter { $0 != " " }
            #expect(joined == TextSanitizer.clean(text).filter { $0 != " " })
        }
    }

    /// The lines are those of a PangoLayout of the text at that width (its newlines kept).
    @Test(arguments: [
        "今天天气很好，我们一起去公园散步吧。周末和朋友去爬山，风景美极了。「引号」（括号）还有……省略号。",
        "Photos from the trip are up. Just shipped a new release, check it out! https://example.com/a/very/long/address/that/breaks",
        "混合 mixed 文本 text 😀🎉👨‍👩‍👧‍👦 and 🇨🇳 flags\n第二段 second paragraph",
    ])
    func linesAreTheLinesPangoWrapsTheTextInto(_ text: String) throws {
        for width in stride(from: 60, through: 420, by: 9) {
            let measured = measurer.measure(text, as: .body, maxWidth: width, maxLines: nil)
            #expect(try measured.lines == pangoLines(text, width: width), "at \(width) px")
        }
    }

    @Test func theGeneratedTimelineWrapsAsPangoWrapsIt() throws {
        var generator = StatusGenerator(seed: 11, now: Timestamp(secondsSince1970: 1_795_838_400))
        let thai = "ภาษาไทยเขียนติดกันโดยไม่เว้นวรรคระหว่างคำ การตัดบรรทัดจึงต้องใช้พจนานุกรม"
        for text in generator.statuses(count: 60).map({ TextSanitizer.clean($0.text) }) + [thai] {
            for width in [120, 219, 373] {
                #expect(try measurer.measure(text, as: .body, maxWidth: width, maxLines: nil).lines == pangoLines(text, width: width))
            }
        }
    }

    private func pangoLines(_ text: String, width: Int) throws -> [String] {
        let map = pango_cairo_font_map_get_default()
        let context = try #require(pango_font_map_create_context(map))
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        pango_cairo_context_set_resolution(context, 96)
        let layout = try #require(pango_layout_new(context))
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, measurer.font(.body))
        pango_layout_set_width(layout, Int32(width) * PANGO_SCALE)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_text(layout, text, -1)
        let attributes = pango_attr_list_new()
        defer { pango_attr_list_unref(attributes) }
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        pango_layout_set_attributes(layout, attributes)
        let bytes = Array(text.utf8)
        var lines = (0..<pango_layout_get_line_count(layout)).compactMap { index -> String? in
            guard let line = pango_layout_get_line_readonly(layout, index)?.pointee else { return nil }
            let start = Int(line.start_index)
            var text = String(decoding: bytes[start..<start + Int(line.length)], as: UTF8.self)
            while text.last == " " || text.last == "\n" { text.removeLast() }
            return text
        }
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    @Test func aCutTextEndsInAnEllipsisWithinItsLines() {
        let text = String(repeating: "今天天气很好，我们一起去公园散步吧。", count: 60)
        let measured = measurer.measure(text, as: .body, maxWidth: 300, maxLines: 3)
        #expect(measured.lines.count == 3 && measured.truncated)
        #expect(measured.lines[2].hasSuffix("…"))
        #expect(measured.lines.allSatisfy { measurer.width($0, as: .body) <= 300 })

        let name = measurer.line("一个名字特别特别特别长的微博用户 with a Latin tail", as: .name, maxWidth: 100)
        #expect(name.truncated && name.lines[0].hasSuffix("…") && name.width <= 100)
        let emoji = measurer.line("👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦", as: .body, maxWidth: 50)
        #expect(emoji.lines[0].dropLast().allSatisfy { $0 == "👨‍👩‍👧‍👦" }, "a family is never split: \(emoji.lines)")
        let fits = measurer.line("张三", as: .name, maxWidth: 100)
        #expect(!fits.truncated && fits.lines == ["张三"])
    }

    @Test func aBoldNameIsWiderThanTheSameTextInTheBody() {
        #expect(measurer.width("Weibo Notifier", as: .name) > measurer.width("Weibo Notifier", as: .time))
        #expect(measurer.lineHeight(.body) > measurer.lineHeight(.time))
    }

    @Test func theLayoutInPixelsWithPangoKeepsItsPromises() {
        let layout = StatusFrameLayout(
            localizer: Localizer(), timeZone: FixedOffsetZone.chinaStandard, now: Timestamp(secondsSince1970: 1_795_838_400), metrics: .pixels,
            measurer: measurer)
        var generator = StatusGenerator(seed: 7, now: Timestamp(secondsSince1970: 1_795_838_400))
        for status in generator.statuses(count: 40) {
            for width in [240, 400, 800] {
                for style in [LayoutStyle.full, .compact(maxLines: 3)] {
                    let frame = layout.frame(for: status, width: width, style: style)
                    for part in frame.parts {
                        #expect(part.rect.x >= 0 && part.rect.maxX <= width, "\(part.kind) \(part.rect)")
                        for line in part.lines { #expect(measurer.width(line, as: part.kind.role) <= part.rect.width, "\(part.kind) '\(line)'") }
                    }
                    for (index, part) in frame.parts.enumerated() {
                        for other in frame.parts[(index + 1)...] where part.rect.intersects(other.rect) {
                            Issue.record("\(part.kind) \(part.rect) overlaps \(other.kind) \(other.rect)")
                        }
                    }
                }
            }
        }
    }
}
