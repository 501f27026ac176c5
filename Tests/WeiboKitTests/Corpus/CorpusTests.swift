import Foundation
import Testing
import WeiboKit
import WeiboTestSupport

/// 85 real timeline statuses (third-party data, never copied into the project), from the file
/// `WEIBO_CORPUS` names; skipped without it.
@Suite(.enabled(if: Corpus.file != nil, "WEIBO_CORPUS names no file of real statuses"))
struct CorpusTests {
    static func page() throws -> TimelinePage {
        try WeiboJSON.decode(TimelinePage.self, from: FixtureFiles.bytes(try #require(Corpus.file)))
    }

    @Test func everyStatusDecodes() throws {
        let page = try Self.page()
        #expect(page.statuses.count == 85)
        #expect(page.statuses.allSatisfy { $0.user != nil })
        #expect(page.statuses.filter { $0.retweetedStatus != nil }.count == 2)
        #expect(page.statuses.contains { $0.user?.isVIP == true })
        #expect(page.statuses.contains { $0.pictures.count == 9 })
        #expect(page.statuses.allSatisfy { $0.pictureCount >= $0.pictures.count })
    }

    @Test func everyStatusRendersWithinEveryWidth() throws {
        let statuses = try Self.page().statuses
        let now = TestTime.date(2020, 7, 31, 12, 0)
        for language in Language.allCases {
            let layout = StatusFrameLayout(localizer: Localizer.testing(language), timeZone: TestTime.zone, now: now)
            for width in 20...200 {
                for status in statuses {
                    for style in [LayoutStyle.full, .compact(maxLines: 3)] {
                        let frame = layout.frame(for: status, width: width, style: style)
                        for line in FrameRenderer().lines(of: frame) where DisplayWidth.of(line) > width {
                            Issue.record("status \(status.id) at \(width): '\(line)'")
                        }
                    }
                }
            }
        }
    }
}

/// Where the corpus is, if anywhere.
enum Corpus {
    static let file: URL? = {
        guard let path = ProcessInfo.processInfo.environment["WEIBO_CORPUS"], !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path)
    }()
}
