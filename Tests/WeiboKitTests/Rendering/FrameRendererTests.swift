import Foundation
import Testing
import WeiboKit
import WeiboTestSupport

@Suite struct CellCanvasTests {
    @Test func wideCharactersAreNeverSplit() {
        var canvas = CellCanvas(width: 5, height: 1)
        canvas.draw("中文字", x: 0, y: 0)
        #expect(canvas.lines() == ["中文"])
        canvas.draw("x", x: 1, y: 0)  // cuts 中 in half: the other half goes blank
        #expect(canvas.lines() == [" x文"])
        canvas.draw("ab", x: 2, y: 0)  // cuts 文: its right half goes blank
        #expect(canvas.lines() == [" xab"])
    }

    @Test func clipsAtTheLimit() {
        var canvas = CellCanvas(width: 10, height: 2)
        canvas.draw("一二三", x: 0, y: 0, limit: 5)
        canvas.draw("abcdefghijklmno", x: 7, y: 1)
        #expect(canvas.lines() == ["一二", "       abc"])
    }

    @Test func stylesBecomeANSIOnlyWhenAsked() {
        var canvas = CellCanvas(width: 10, height: 1)
        canvas.draw("名字", x: 0, y: 0, style: .vipName)
        canvas.draw("V", x: 5, y: 0, style: .vipMark)
        #expect(canvas.lines() == ["名字 V"])
        #expect(canvas.lines(styled: true) == ["\u{1B}[1;38;5;208m名字\u{1B}[0m \u{1B}[38;5;208mV\u{1B}[0m"])
    }
}

@Suite struct FrameRendererTests {
    @Test func colourOnlyWhenAsked() {
        let frame = TestTime.layout().frame(for: StatusFactory.status("正文", user: StatusFactory.user("王五", vip: true)), width: 40)
        let plain = FrameRenderer(usesColor: false).lines(of: frame)
        let colored = FrameRenderer(usesColor: true).lines(of: frame)
        #expect(!plain.joined().contains("\u{1B}"))
        #expect(colored[0].contains("\u{1B}[1;38;5;208m王五"))
        #expect(colored[1].contains("\u{1B}[2m"))  // dim time and source
        // Without the escapes the coloured lines are the plain ones.
        #expect(colored.map(Self.strippingEscapes) == plain)
    }

    @Test func hostileTextCannotControlTheTerminal() {
        let status = StatusFactory.status("\u{1B}]0;owned\u{7}\u{1B}[2Jclear\u{9B}31m", user: StatusFactory.user("\u{1B}[31mred"))
        let lines = FrameRenderer(usesColor: false).lines(of: TestTime.layout().frame(for: status, width: 40))
        #expect(!lines.joined().contains("\u{1B}"))
        #expect(!lines.joined().contains("\u{7}"))
        #expect(!lines.joined().contains("\u{9B}"))
    }

    @Test func separatorsBetweenFrames() {
        let layout = TestTime.layout()
        let frames = [StatusFactory.status("一"), StatusFactory.status("二")].map { layout.frame(for: $0, width: 20) }
        let lines = FrameRenderer().lines(of: frames)
        #expect(lines.contains(String(repeating: "─", count: 20)))
        let compact = [StatusFactory.status("一"), StatusFactory.status("二")]
            .map { layout.frame(for: $0, width: 20, style: .compact(maxLines: 2)) }
        #expect(FrameRenderer().lines(of: compact, separatedByRule: false) == ["张三 · 3分钟前", "一", "", "张三 · 3分钟前", "二"])
    }

    static func strippingEscapes(_ line: String) -> String {
        var result = ""
        var inEscape = false
        for character in line {
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            if inEscape {
                if character == "m" { inEscape = false }
                continue
            }
            result.append(character)
        }
        return result
    }
}

/// Golden renderings of one timeline with every kind of status, in both languages.
@Suite struct TimelineSnapshotTests {
    static func statuses() throws -> [Status] {
        let files = ["timeline-real-shape.json", "timeline-deleted-retweet.json", "timeline-pictures.json", "timeline-long-text.json"]
        var statuses: [Status] = []
        for file in files {
            statuses += try WeiboJSON.decode(TimelinePage.self, from: FixtureFiles.data("pass/\(file)")).statuses
        }
        statuses.append(
            StatusFactory.status(
                "Emoji 👨‍👩‍👧‍👦 flags 🇨🇳🇯🇵, combining re\u{301}sume\u{301}, fullwidth ＷＥＩＢＯ, 한국어, tab\there\u{200B}",
                user: StatusFactory.user("Elena Petrova"), postedAt: TestTime.date(2026, 11, 28, 21, 5),
                source: "<a href=\"x\">iPhone客户端</a>", counts: (12, 9_999, 10_000)))
        return statuses
    }

    @Test(arguments: [(40, Language.chinese), (60, .chinese), (100, .chinese), (40, .english), (60, .english), (100, .english)])
    func fullTimeline(_ width: Int, _ language: Language) throws {
        let layout = TestTime.layout(language)
        let frames = try Self.statuses().map { layout.frame(for: $0, width: width) }
        let lines = FrameRenderer().lines(of: frames)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
        Snapshot.assertMatches(lines, named: "timeline-\(language.rawValue)-\(width)")
    }

    @Test(arguments: Language.allCases)
    func compactSummary(_ language: Language) throws {
        let layout = TestTime.layout(language)
        let frames = try Self.statuses().map { layout.frame(for: $0, width: 40, style: .compact(maxLines: 3)) }
        Snapshot.assertMatches(FrameRenderer().lines(of: frames, separatedByRule: false), named: "compact-\(language.rawValue)-40")
    }
}
