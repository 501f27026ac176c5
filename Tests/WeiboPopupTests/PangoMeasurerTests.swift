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
            }
            #expect(measured.width <= width)
            #expect(measured.height >= measured.lines.count * measurer.lineHeight(.body) - measured.lines.count)
            // Nothing lost but the spaces at the breaks: graphemes stay whole.
            let joined = measured.lines.joined().filter { $0 != " " }
            #expect(joined == TextSanitizer.clean(text).filter { $0 != " " })
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
            localizer: Localizer(), timeZone: FixedOffsetZone.chinaStandard, now: Date(timeIntervalSince1970: 1_795_838_400), metrics: .pixels,
            measurer: measurer)
        var generator = StatusGenerator(seed: 7, now: Date(timeIntervalSince1970: 1_795_838_400))
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
