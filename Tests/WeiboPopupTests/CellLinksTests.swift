import CGtk
import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

@testable import WeiboPopup

/// A click on a drawn `@name`, `#topic#` or link finds it where Pango drew it.
@Suite struct CellLinksTests {
    let measurer = PangoMeasurer(font: "DejaVu Sans 10")

    @Test func theEntityUnderThePointIsTheOneDrawnThere() throws {
        let layouts = TextLayouts(measurer: measurer)
        let layout = StatusFrameLayout(
            localizer: Localizer(), timeZone: FixedOffsetZone.chinaStandard, now: TestTime.now, metrics: .pixels, measurer: measurer)
        let status = StatusFactory.status("今天和 @Alice_小明 去看 #春天的花# 照片在 https://example.com/p/1 很好看")
        let frame = layout.frame(for: status, width: 400, style: .full)
        let text = try #require(frame.part(.text))
        let drawn = try #require(layouts.layout(text.lines.joined(separator: "\n"), role: .body, linkColor: nil, make: { _ in }))
        var offset = 0
        var checked = 0
        for line in text.lines {
            for entity in TextEntity.find(in: line) {
                // The middle of the entity's first character, as Pango placed it.
                var position = PangoRectangle()
                pango_layout_index_to_pos(drawn, Int32(offset + entity.utf8Range.lowerBound), &position)
                let x = text.rect.x + Int((position.x + position.width / 2) / PANGO_SCALE)
                let y = text.rect.y + Int((position.y + position.height / 2) / PANGO_SCALE)
                #expect(CellLinks.entity(at: x, y, in: frame, layouts: layouts) == entity)
                checked += 1
            }
            offset += line.utf8.count + 1
        }
        #expect(checked == 3)
        #expect(frame.part(.text).map { CellLinks.entity(at: $0.rect.x + 1, $0.rect.y + 1, in: frame, layouts: layouts) } == .some(nil))
        #expect(CellLinks.entity(at: 1, 1, in: frame, layouts: layouts) == nil)
    }

    @Test func namesAndTopicsOpenWeibosPages() {
        let entities = TextEntity.find(in: "@Alice_小明 #春天的花# https://example.com/p/1")
        #expect(
            entities.map(\.url) == [
                "https://weibo.com/n/Alice_%E5%B0%8F%E6%98%8E", "https://s.weibo.com/weibo?q=%23%E6%98%A5%E5%A4%A9%E7%9A%84%E8%8A%B1%23",
                "https://example.com/p/1",
            ])
    }
}
