import Testing
import WeiboKit
import WeiboTestSupport

/// The frame model's promises, checked over many generated statuses and every width.
@Suite struct FramePropertyTests {
    static let statuses = StatusFactory.generated(count: 60, seed: 2026)
    static let styles: [LayoutStyle] = [.full, .compact(maxLines: 1), .compact(maxLines: 3), .compact(maxLines: 6)]

    @Test(arguments: Array(stride(from: 20, through: 200, by: 3)) + [199, 200])
    func partsStayInsideAndApart(_ width: Int) {
        for language in Language.allCases {
            let layout = TestTime.layout(language)
            for status in Self.statuses {
                for style in Self.styles {
                    let frame = layout.frame(for: status, width: width, style: style)
                    Self.checkProperties(of: frame, width: width, style: style)
                }
            }
        }
    }

    static func checkProperties(of frame: StatusFrame, width: Int, style: LayoutStyle) {
        #expect(frame.width == width)
        for part in frame.parts {
            #expect(part.rect.x >= 0 && part.rect.y >= 0, "\(part.kind) at \(part.rect)")
            #expect(part.rect.maxX <= width, "\(part.kind) \(part.rect) overflows \(width)")
            // In cells every line of text is one line high; decorations carry no text.
            #expect(part.lines.count == (part.kind.isDecoration ? 0 : part.rect.height), "\(part.kind)")
            for line in part.lines {
                #expect(DisplayWidth.of(line) <= part.rect.width, "\(part.kind): '\(line)' wider than \(part.rect)")
            }
        }
        for (index, part) in frame.parts.enumerated() {
            for other in frame.parts[(index + 1)...] where part.rect.intersects(other.rect) {
                Issue.record("\(part.kind) \(part.rect) overlaps \(other.kind) \(other.rect)")
            }
        }
        #expect(frame.height == (frame.parts.map(\.rect.maxY).max() ?? 0))
        if case .compact(let maxLines) = style {
            #expect(frame.height <= maxLines)
            #expect(frame.part(.avatar) == nil && frame.part(.source) == nil)
            #expect(frame.parts(where: { if case .toolbarButton = $0 { return true } else { return false } }).isEmpty)
        }
        let lines = FrameRenderer().lines(of: frame)
        #expect(lines.count == frame.height)
        for line in lines {
            #expect(DisplayWidth.of(line) <= width, "'\(line)' is wider than \(width)")
        }
    }
}

@Suite struct StatusFrameLayoutTests {
    let layout = TestTime.layout(.chinese)

    @Test func headerFollowsTheOriginalClient() throws {
        let status = StatusFactory.status("你好", user: StatusFactory.user("张三", vip: true, rank: 6))
        let frame = layout.frame(for: status, width: 60)
        let avatar = try #require(frame.part(.avatar))
        let name = try #require(frame.part(.name))
        let vip = try #require(frame.part(.vipMark))
        let time = try #require(frame.part(.time))
        let source = try #require(frame.part(.source))
        let text = try #require(frame.part(.text))
        #expect(avatar.lines == ["张"])
        #expect(name.rect == FrameRect(x: 3, y: 0, width: 4, height: 1))
        #expect(vip.lines == ["V6"])
        #expect(vip.rect.x == name.rect.maxX + 1)
        #expect(time.lines == ["3分钟前"])
        #expect(time.rect.origin == (3, 1))
        #expect(source.lines == ["来自微博 weibo.com"])
        #expect(source.rect.y == time.rect.y && source.rect.x == time.rect.maxX + 2)
        // The text starts under the lowest of avatar, name, time and source.
        #expect(text.rect.y == 2)
        #expect(frame.isVIP)
    }

    @Test func sourceMovesDownWhenTheWidthIsNarrow() throws {
        let status = StatusFactory.status(
            "x", source: "<a href=\"x\">HUAWEI Mate 40 Pro 5G 全网通 旗舰版</a>")
        let frame = layout.frame(for: status, width: 30)
        let time = try #require(frame.part(.time))
        let source = try #require(frame.part(.source))
        #expect(source.rect.y == time.rect.y + 1)
        #expect(source.rect.x == time.rect.x)
        #expect(source.lines == ["来自HUAWEI Mate 40 Pro 5G…"])
        #expect(try #require(frame.part(.text)).rect.y == 3)
    }

    @Test func noSourceNoSourcePart() {
        let frame = layout.frame(for: StatusFactory.status("x", source: ""), width: 40)
        #expect(frame.part(.source) == nil)
    }

    @Test func longNamesAreTruncatedBeforeTheVIPMark() throws {
        let user = StatusFactory.user("一个名字特别特别特别长的微博用户", vip: true, rank: 7)
        let frame = layout.frame(for: StatusFactory.status("x", user: user), width: 20)
        let name = try #require(frame.part(.name))
        let vip = try #require(frame.part(.vipMark))
        #expect(name.lines == ["一个名字特别…"])
        #expect(vip.rect.maxX <= 20)
    }

    @Test(
        arguments: [
            (1, [(0, 0)]),
            (3, [(0, 0), (5, 0), (10, 0)]),
            (4, [(0, 0), (5, 0), (0, 1), (5, 1)]),  // exactly four: 2 × 2
            (5, [(0, 0), (5, 0), (10, 0), (0, 1), (5, 1)]),
            (9, [(0, 0), (5, 0), (10, 0), (0, 1), (5, 1), (10, 1), (0, 2), (5, 2), (10, 2)]),
        ] as [(Int, [(Int, Int)])])
    func pictureGrid(_ count: Int, _ cells: [(Int, Int)]) {
        let frame = layout.frame(for: StatusFactory.status("图", pictures: count), width: 40)
        let pictures = frame.parts(where: { if case .picture = $0 { return true } else { return false } })
        #expect(pictures.map { [$0.rect.x, $0.rect.y - 2 - 1] } == cells.map { [$0.0, $0.1] })
        #expect(pictures.allSatisfy { $0.lines == ["[图]"] && $0.rect.width == 4 })
        #expect(frame.part(.morePictures) == nil)
    }

    @Test func picturesBeyondNineShowPlusN() throws {
        let frame = layout.frame(for: StatusFactory.status("图", pictures: 9, pictureCount: 14), width: 40)
        let more = try #require(frame.part(.morePictures))
        #expect(more.lines == ["+5"])
        let last = try #require(frame.part(.picture(8)))
        #expect(more.rect.y == last.rect.y && more.rect.x == last.rect.maxX + 1)
    }

    @Test func retweetBlockWithItsPictures() throws {
        let original = StatusFactory.status("原文", user: StatusFactory.user("李四"), pictures: 2)
        let frame = layout.frame(for: StatusFactory.status("转发理由", retweet: original), width: 40)
        let text = try #require(frame.part(.retweetText))
        #expect(text.lines == ["@李四 : 原文"])
        #expect(text.rect.x == 2)
        let bar = try #require(frame.part(.retweetBar))
        #expect(bar.lines.isEmpty && bar.rect == FrameRect(x: 0, y: text.rect.y, width: 1, height: 2))
        #expect(FrameRenderer().lines(of: frame).filter { $0.hasPrefix("│ ") }.count == 2, "the terminal draws it as a bar")
        let picture = try #require(frame.part(.retweetPicture(1)))
        #expect(picture.rect.x == 2 + 5 && picture.rect.y == text.rect.maxY)
        #expect(frame.retweetBlock == FrameRect(x: 0, y: text.rect.y, width: 40, height: 2))
        let toolbar = try #require(frame.part(.toolbarButton(.repost)))
        #expect(toolbar.rect.y == picture.rect.maxY)
    }

    @Test func deletedRetweetShowsTheNotice() throws {
        var deleted = StatusFactory.status("抱歉，此微博已被作者删除。查看帮助：http://t.cn/Rfd3rQV", user: nil, pictures: 3)
        deleted.isDeleted = true
        let frame = layout.frame(for: StatusFactory.status("转发微博", retweet: deleted), width: 80)
        #expect(try #require(frame.part(.retweetText)).lines == ["抱歉，此微博已被作者删除。查看帮助：http://t.cn/Rfd3rQV"])
        #expect(frame.part(.retweetPicture(0)) == nil)
        var empty = deleted
        empty.text = ""
        let english = TestTime.layout(.english).frame(for: StatusFactory.status("x", retweet: empty), width: 80)
        #expect(try #require(english.part(.retweetText)).lines == ["This post was deleted or hidden by its author."])
    }

    @Test func toolbarHasThreeEqualButtons() throws {
        let status = StatusFactory.status("x", counts: (0, 78_985, 800_365))
        for width in [20, 40, 41, 42, 100] {
            let frame = layout.frame(for: status, width: width)
            let buttons = FramePart.ToolbarButton.allCases.compactMap { frame.part(.toolbarButton($0)) }
            #expect(buttons.count == 3)
            let widths = buttons.map(\.rect.width)
            #expect((widths.max() ?? 0) - (widths.min() ?? 0) <= 1)
            #expect(widths.reduce(0, +) + 2 == width)
            #expect(buttons.map { $0.lines[0].trimmingCharacters(in: " ") } == ["转发", "7.9万", "80万"])
            #expect(buttons.allSatisfy { $0.rect.y == frame.height - 1 })
        }
    }

    @Test func compactStyleKeepsToItsLines() throws {
        let original = StatusFactory.status("被转发的原文内容很长很长很长很长很长很长很长", user: StatusFactory.user("李四"), pictures: 2)
        let status = StatusFactory.status(
            String(repeating: "今天天气很好。", count: 10), user: StatusFactory.user("王五", vip: true, rank: 3),
            pictures: 3, retweet: original)
        let frame = layout.frame(for: status, width: 40, style: .compact(maxLines: 4))
        #expect(frame.height == 4)
        let lines = FrameRenderer().lines(of: frame)
        #expect(
            lines == [
                "王五 V3 · 3分钟前",
                "今天天气很好。今天天气很好。今天天气很…",
                "[图×3]",
                "↪ @李四: 被转发的原文内容很长很… [图×2]",
            ])
        let roomy = layout.frame(for: status, width: 40, style: .compact(maxLines: 8))
        #expect(FrameRenderer().lines(of: roomy).count == 8)
    }

    @Test func compactStyleOnOneLine() {
        let frame = layout.frame(for: StatusFactory.status("正文", pictures: 1), width: 30, style: .compact(maxLines: 1))
        #expect(FrameRenderer().lines(of: frame) == ["张三 · 3分钟前"])
        let two = layout.frame(for: StatusFactory.status(String(repeating: "长", count: 30), pictures: 3), width: 30, style: .compact(maxLines: 2))
        #expect(FrameRenderer().lines(of: two) == ["张三 · 3分钟前", "长长长长长长长长长长长… [图×3]"])
    }
}

extension FrameRect {
    var origin: (Int, Int) { (x, y) }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        String(drop(while: { $0 == character }).reversed().drop(while: { $0 == character }).reversed())
    }
}
