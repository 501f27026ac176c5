import Testing
import WeiboKit
import WeiboTestSupport

/// A fake font for pixel layouts: every cell of `DisplayWidth` is `advance` pixels wide (a
/// wide character two), each role has its own line height. Real fonts are measured by the
/// popup's `PangoMeasurer`; this one makes pixel tables exact.
struct FixedAdvanceMeasurer: TextMeasurer {
    var advance = 7
    var lineHeights: [TextRole: Int] = [.name: 18, .vipMark: 14, .time: 14, .source: 14, .body: 20, .retweetBody: 19, .toolbar: 15, .quote: 17, .label: 13]

    func measure(_ text: String, as role: TextRole, maxWidth: Int, maxLines: Int?) -> MeasuredText {
        scaled(CellMeasurer().measure(text, as: role, maxWidth: maxWidth / advance, maxLines: maxLines), role)
    }

    func line(_ text: String, as role: TextRole, maxWidth: Int) -> MeasuredText {
        scaled(CellMeasurer().line(text, as: role, maxWidth: maxWidth / advance), role)
    }

    func lineHeight(_ role: TextRole) -> Int { lineHeights[role] ?? 16 }

    private func scaled(_ cells: MeasuredText, _ role: TextRole) -> MeasuredText {
        MeasuredText(lines: cells.lines, width: cells.width * advance, height: cells.lines.count * lineHeight(role), truncated: cells.truncated)
    }
}

/// The same layouts in pixels, with the seed's geometry (`LayoutMetrics.pixels`).
@Suite struct PixelFrameLayoutTests {
    static let measurer = FixedAdvanceMeasurer()
    static let statuses = StatusFactory.generated(count: 60, seed: 2027)

    static func layout(_ language: Language = .chinese) -> StatusFrameLayout {
        StatusFrameLayout(localizer: Localizer.testing(language), timeZone: TestTime.zone, now: TestTime.now, metrics: .pixels, measurer: measurer)
    }

    @Test(arguments: Array(stride(from: 240, through: 800, by: 37)) + [800])
    func partsStayInsideApartAndHeightsAddUp(_ width: Int) {
        for language in Language.allCases {
            let layout = Self.layout(language)
            for status in Self.statuses {
                for style in [LayoutStyle.full, .compact(maxLines: 1), .compact(maxLines: 3), .compact(maxLines: 6)] {
                    let frame = layout.frame(for: status, width: width, style: style)
                    Self.checkProperties(of: frame, width: width, closedByToolbar: style == .full)
                    if case .compact(let maxLines) = style {
                        // The budget counts lines of text, whatever their height in pixels.
                        let lines = frame.parts.filter { $0.kind == .text || $0.kind == .retweetText }.map(\.lines.count).reduce(0, +)
                        #expect(lines <= maxLines)
                        // The author's avatar on the left, as the seed's cell begins; no source.
                        #expect(frame.part(.source) == nil)
                        if let avatar = frame.part(.avatar) {
                            #expect(avatar.rect == FrameRect(x: 10, y: 10, width: 35, height: 35))
                            #expect(frame.parts.filter { $0.kind != .avatar }.allSatisfy { $0.rect.x >= 55 || $0.kind == .retweetBar }, "beside it")
                            #expect(frame.height >= avatar.rect.maxY + 10)
                        } else {
                            #expect(status.user == nil)
                        }
                    }
                }
            }
        }
    }

    static func checkProperties(of frame: StatusFrame, width: Int, closedByToolbar: Bool) {
        let border = LayoutMetrics.pixels.border
        #expect(frame.width == width)
        for part in frame.parts {
            #expect(part.rect.x >= 0 && part.rect.y >= 0 && part.rect.maxX <= width, "\(part.kind) \(part.rect) outside \(width)")
            if part.kind.isDecoration {
                #expect(part.lines.isEmpty)
            } else if case .toolbarButton = part.kind {
                #expect(part.rect.height == 35)
            } else if !isBox(part.kind) {
                // Text is exactly as high as its lines, each no wider than its part.
                #expect(part.rect.height == part.lines.count * measurer.lineHeight(part.kind.role), "\(part.kind) \(part.rect)")
            }
            for line in part.lines {
                #expect(measurer.width(line, as: part.kind.role) <= part.rect.width, "\(part.kind): '\(line)' wider than \(part.rect)")
            }
            // Everything but the toolbar and the shaded block keeps off the border.
            if !isEdgeToEdge(part.kind) {
                #expect(part.rect.x >= border && part.rect.maxX <= width - border, "\(part.kind) \(part.rect) in the border")
            }
        }
        for (index, part) in frame.parts.enumerated() {
            for other in frame.parts[(index + 1)...] where part.rect.intersects(other.rect) {
                Issue.record("\(part.kind) \(part.rect) overlaps \(other.kind) \(other.rect)")
            }
        }
        let bottom = frame.parts.map(\.rect.maxY).max() ?? 0
        #expect(frame.height == max(bottom, frame.retweetBlock?.maxY ?? 0) + (closedByToolbar ? 0 : border))
        if let block = frame.retweetBlock {
            for part in frame.parts where isRetweetPart(part.kind) {
                #expect(part.rect.y >= block.y && part.rect.maxY <= block.maxY, "\(part.kind) \(part.rect) outside the block \(block)")
            }
        }
    }

    static func isBox(_ kind: FramePart.Kind) -> Bool {
        switch kind {
        case .avatar, .vipMark, .picture, .retweetPicture: return true
        default: return false
        }
    }

    static func isEdgeToEdge(_ kind: FramePart.Kind) -> Bool {
        switch kind {
        case .toolbarButton, .toolbarDivider: return true
        default: return false
        }
    }

    static func isRetweetPart(_ kind: FramePart.Kind) -> Bool {
        switch kind {
        case .retweetMark, .retweetText, .retweetPicture, .retweetMorePictures, .retweetPicturesLabel: return true
        default: return false
        }
    }

    @Test func headerHasTheSeedsGeometry() throws {
        let status = StatusFactory.status("你好", user: StatusFactory.user("张三", vip: true, rank: 6))
        let frame = Self.layout().frame(for: status, width: 375)
        #expect(try #require(frame.part(.avatar)).rect == FrameRect(x: 10, y: 10, width: 35, height: 35))
        let name = try #require(frame.part(.name))
        #expect(name.rect == FrameRect(x: 55, y: 10, width: 4 * 7, height: 18))
        #expect(
            try #require(frame.part(.vipMark)).rect == FrameRect(x: name.rect.maxX + 10, y: 12, width: 14, height: 14),
            "a badge of 14 px centred on the name's line")
        let time = try #require(frame.part(.time))
        #expect(time.rect.x == 55 && time.rect.y == name.rect.maxY)
        let source = try #require(frame.part(.source))
        #expect(source.rect.y == time.rect.y && source.rect.x == time.rect.maxX + 10)
        // The text under the avatar (the lowest of the header), at the full width less the borders.
        let text = try #require(frame.part(.text))
        #expect(text.rect == FrameRect(x: 10, y: 45 + 10, width: 355, height: 20))
    }

    @Test(
        arguments: [
            (1, [(10, 0)]),
            (3, [(10, 0), (90, 0), (170, 0)]),
            (4, [(10, 0), (90, 0), (10, 80), (90, 80)]),  // exactly four: 2 × 2
            (9, [(10, 0), (90, 0), (170, 0), (10, 80), (90, 80), (170, 80), (10, 160), (90, 160), (170, 160)]),
        ] as [(Int, [(Int, Int)])])
    func pictureGridOf70WithGapsOf10(_ count: Int, _ origins: [(Int, Int)]) throws {
        let frame = Self.layout().frame(for: StatusFactory.status("图", pictures: count), width: 375)
        let top = try #require(frame.part(.text)).rect.maxY + 10
        let pictures = frame.parts(where: { if case .picture = $0 { return true } else { return false } })
        #expect(pictures.map { [$0.rect.x, $0.rect.y - top] } == origins.map { [$0.0, $0.1] })
        #expect(pictures.allSatisfy { $0.rect.width == 70 && $0.rect.height == 70 })
    }

    @Test func picturesBeyondNineShowPlusNBesideTheLast() throws {
        let frame = Self.layout().frame(for: StatusFactory.status("图", pictures: 9, pictureCount: 14), width: 375)
        let more = try #require(frame.part(.morePictures))
        let last = try #require(frame.part(.picture(8)))
        #expect(more.lines == ["+5"] && more.rect.x == last.rect.maxX + 10 && more.rect.y == last.rect.y)
    }

    @Test func retweetBlockIsShadedEdgeToEdgeWithItsOwnGrid() throws {
        let original = StatusFactory.status("原文", user: StatusFactory.user("李四"), pictures: 2)
        let frame = Self.layout().frame(for: StatusFactory.status("转发理由", retweet: original), width: 375)
        let block = try #require(frame.retweetBlock)
        let text = try #require(frame.part(.retweetText))
        #expect(block.x == 0 && block.width == 375)
        #expect(text.rect.x == 10 && text.rect.y == block.y + 10)
        #expect(frame.part(.retweetBar) == nil, "shaded, not drawn as a bar")
        let picture = try #require(frame.part(.retweetPicture(1)))
        #expect(picture.rect == FrameRect(x: 90, y: text.rect.maxY + 10, width: 70, height: 70))
        #expect(block.maxY == picture.rect.maxY + 10)
        let toolbar = try #require(frame.part(.toolbarButton(.repost)))
        #expect(toolbar.rect.y == block.maxY)
    }

    @Test func toolbarIs35HighWithThreeEqualButtons() throws {
        let status = StatusFactory.status("x", counts: (0, 78_985, 12_300))
        for width in [240, 375, 376, 377, 800] {
            let frame = Self.layout().frame(for: status, width: width)
            let buttons = FramePart.ToolbarButton.allCases.compactMap { frame.part(.toolbarButton($0)) }
            #expect(buttons.count == 3)
            let widths = buttons.map(\.rect.width)
            #expect((widths.max() ?? 0) - (widths.min() ?? 0) <= 1)
            #expect(widths.reduce(0, +) + 2 * LayoutMetrics.pixels.separatorWidth == width)
            #expect(buttons.allSatisfy { $0.rect.height == 35 && $0.rect.maxY == frame.height && $0.alignment == .center })
            #expect(buttons.map { $0.lines[0] } == ["转发", "7.9万", "1.2万"])
        }
        let english = StatusFrameLayout(
            localizer: Localizer.testing(.english), timeZone: TestTime.zone, now: TestTime.now, metrics: .pixels, measurer: Self.measurer)
        let frame = english.frame(for: status, width: 375)
        #expect(frame.part(.toolbarButton(.comment))?.lines == ["79K"])
    }

    @Test func compactShowsAStripOfThumbnails() throws {
        let status = StatusFactory.status(String(repeating: "今天天气很好。", count: 10), pictures: 9, pictureCount: 12)
        let frame = Self.layout().frame(for: status, width: 300, style: .compact(maxLines: 3))
        let text = try #require(frame.part(.text))
        #expect(text.lines.count == 2 && text.lines[1].hasSuffix("…"))
        let thumbnails = frame.parts(where: { if case .picture = $0 { return true } else { return false } })
        #expect(!thumbnails.isEmpty && thumbnails.allSatisfy { $0.rect.size == FrameSize(width: 40, height: 40) && $0.rect.y == text.rect.maxY + 10 })
        let more = try #require(frame.part(.morePictures))
        #expect(more.lines == ["+\(12 - thumbnails.count)"] && more.rect.maxX <= 290)
        #expect(frame.part(.picturesLabel) == nil)
    }

    @Test func commentsLayOutInPixelsToo() throws {
        let layout = CommentFrameLayout(
            localizer: Localizer(), timeZone: TestTime.zone, now: TestTime.now, metrics: .pixels, measurer: Self.measurer)
        let item = DetailItem(
            source: .commentsToMe, id: 9, authorName: "王五", authorID: 1, text: "说得对", createdAt: TestTime.date(2026, 11, 29, 13, 55),
            statusID: 1, statusAuthorID: 2, statusText: "今天天气真好", replyingTo: "天气不错")
        for width in stride(from: 240, through: 800, by: 56) {
            let frame = layout.frame(for: item, width: width)
            Self.checkProperties(of: frame, width: width, closedByToolbar: false)
            let name = try #require(frame.part(.name))
            #expect(frame.part(.avatar)?.rect == FrameRect(x: 10, y: 10, width: 35, height: 35) && frame.part(.avatar)?.lines == ["王"])
            #expect(name.rect.origin == (55, 10), "right of the avatar")
            #expect(try #require(frame.part(.text)).rect.y == name.rect.maxY)
            #expect(try #require(frame.part(.quote)).lines == ["「今天天气真好」"])
        }
    }
}

extension FrameRect {
    var size: FrameSize { FrameSize(width: width, height: height) }
}
