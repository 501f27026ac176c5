import CGtk
import FoundationEssentials
import Testing
import WeiboKit

@testable import WeiboPopup

/// Pango's measures in the popup's fonts: lines that fit, whole graphemes, `…` where cut.
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
            let joined = measured.lines.joined().filter { $0 != " " && $0 != "-" }
            #expect(joined == TextSanitizer.clean(text).filter { $0 != " " && $0 != "-" })
        }
    }

    /// The lines from one shaping are the lines Pango's own wrapping makes of the same text.
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
        for status in generator.statuses(count: 60) {
            let text = TextSanitizer.clean(status.text)
            for width in [120, 219, 373] {
                #expect(try measurer.measure(text, as: .body, maxWidth: width, maxLines: nil).lines == pangoLines(text, width: width))
            }
        }
    }

    /// With the breaks found on a thread of their own while the text is shaped: the same lines.
    @Test func theBreaksFoundOnTheSecondThreadWrapAsPangoWraps() throws {
        let measurer = PangoMeasurer(font: "DejaVu Sans 10")
        // Waiting for the thread, so that every long text's breaks come from it.
        measurer.breakFinder = BreakFinder(waits: true)
        var generator = StatusGenerator(seed: 12, now: Timestamp(secondsSince1970: 1_795_838_400))
        let thai = "ภาษาไทยเขียนติดกันโดยไม่เว้นวรรคระหว่างคำ การตัดบรรทัดจึงต้องใช้พจนานุกรม"
        for text in generator.statuses(count: 60).map({ TextSanitizer.clean($0.text) }) + [thai] {
            for width in [120, 219, 373] {
                #expect(try measurer.measure(text, as: .body, maxWidth: width, maxLines: nil).lines == pangoLines(text, width: width))
            }
        }
        let finder = try #require(measurer.breakFinder)
        #expect(finder.found > 20 && finder.takenBack == 0)
        // Thai's rules come from libthai, which is not for two threads: found on this one.
        #expect(!BreakFinder.takes(Array(thai.utf8)))
        #expect(!BreakFinder.takes(Array("short".utf8)))
        #expect(BreakFinder.takes(Array(String(repeating: "微博", count: 10).utf8)))
    }

    /// Shaped with HarfBuzz straight, as Pango shapes them: the same lines, widths and heights,
    /// to the pixel; a character no font has is left to Pango (its box).
    @Test func harfBuzzStraightMeasuresAsPangoShaping() throws {
        let straight = PangoMeasurer(font: "DejaVu Sans 10")
        let byPango = PangoMeasurer(font: "DejaVu Sans 10")
        byPango.shaper = nil
        var generator = StatusGenerator(seed: 13, now: Timestamp(secondsSince1970: 1_795_838_400))
        let texts =
            generator.statuses(count: 80).flatMap { [$0.text, $0.user?.screenName ?? "", $0.source] } + [
                "混合 mixed 文本 text 😀🎉👨‍👩‍👧‍👦 and 🇨🇳 flags ❤️ ☀️ 1️⃣ 👍🏽", "Ligatures: office affine ffl — “quotes” ‘single’ …",
                "עברית ومعها العربية mixed with English", "café naïve e\u{301} a\u{308}", "ภาษาไทย", "\u{10FFFD} private use",
                "한국어 텍스트 テキスト かな", "tab\tand\u{200B}zero\u{200D}width",
            ]
        for text in texts {
            for width in [90, 219, 373] {
                for role in [TextRole.body, .name, .retweetBody] {
                    #expect(
                        straight.measure(text, as: role, maxWidth: width, maxLines: nil) == byPango.measure(text, as: role, maxWidth: width, maxLines: nil),
                        "\(text)")
                    #expect(straight.measure(text, as: role, maxWidth: width, maxLines: 2) == byPango.measure(text, as: role, maxWidth: width, maxLines: 2))
                }
                #expect(straight.line(text, as: .time, maxWidth: width) == byPango.line(text, as: .time, maxWidth: width))
            }
        }
        let shaper = try #require(straight.shaper)
        #expect(shaper.shaped > 1_000 && shaper.leftToPango > 0, "\(shaper.shaped) shaped, \(shaper.leftToPango) left to Pango")
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
        let bytes = Array(text.utf8)
        var count: Int32 = 0
        let attributes = try #require(pango_layout_get_log_attrs_readonly(layout, &count))
        return (0..<pango_layout_get_line_count(layout)).compactMap { index in
            guard let line = pango_layout_get_line_readonly(layout, index)?.pointee else { return nil }
            let start = Int(line.start_index)
            let end = start + Int(line.length)
            var text = String(decoding: bytes[start..<end], as: UTF8.self)
            while text.last == " " || text.last == "\n" { text.removeLast() }
            // Where Pango draws a hyphen at the break (the rule of its own line breaking).
            let character = bytes[..<end].filter { $0 & 0xC0 != 0x80 }.count
            if end < bytes.count, bytes[end] != 0x0A, character < count, attributes[character].break_inserts_hyphen != 0 { text += "-" }
            return text
        }
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
