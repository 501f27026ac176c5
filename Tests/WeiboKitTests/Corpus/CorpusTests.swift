import Foundation
import Testing
import WeiboKit
import WeiboTestSupport

/// The 85 real statuses of `../shared/corpus/` (third-party data, never copied into the project).
/// Runs only where the folder is present beside the checkout, or where `WEIBO_CORPUS` names the file.
@Suite(.enabled(if: Corpus.file != nil, "the shared corpus is not beside this checkout"))
struct CorpusTests {
    static func page() throws -> TimelinePage {
        try WeiboJSON.decode(TimelinePage.self, from: Data(contentsOf: try #require(Corpus.file)))
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
        if let path = ProcessInfo.processInfo.environment["WEIBO_CORPUS"] { return URL(fileURLWithPath: path) }
        let url = FixtureFiles.packageRoot().deletingLastPathComponent()
            .appendingPathComponent("shared/corpus/home_timeline_2020.json")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()
}
