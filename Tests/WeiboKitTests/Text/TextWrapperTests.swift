import Testing
import WeiboKit
import WeiboTestSupport

@Suite struct TextWrapperTests {
    @Test(
        arguments: [
            // Latin words break at spaces; spaces at a break are dropped.
            ("the quick brown fox jumps", 10, ["the quick", "brown fox", "jumps"]),
            ("word", 10, ["word"]),
            ("a  b", 10, ["a  b"]),
            // Only a word longer than the line is cut.
            ("abcdefghijklmnop qr", 6, ["abcdef", "ghijkl", "mnop", "qr"]),
            // Chinese breaks between any two characters.
            ("一二三四五六七八九十", 6, ["一二三", "四五六", "七八九", "十"]),
            ("一二三四五六七八九十", 7, ["一二三", "四五六", "七八九", "十"]),
            // No line starts with closing punctuation: it pulls its character down.
            ("一二三，四五", 6, ["一二", "三，四", "五"]),
            ("你好。」再见", 6, ["你", "好。」", "再见"]),
            ("一二…三", 4, ["一", "二…", "三"]),
            // No line ends with opening punctuation: it goes down with what it opens.
            ("一二「三四」", 6, ["一二", "「三", "四」"]),
            ("ab（中文）", 6, ["ab（中", "文）"]),
            ("一二三四（五）", 10, ["一二三四", "（五）"]),
            // Across a space too: `…全文` never starts a line.
            ("abc def …全文", 8, ["abc", "def …全", "文"]),
            // Explicit newlines are kept, blank lines too; a trailing newline adds nothing.
            ("one\ntwo", 20, ["one", "two"]),
            ("one\n\ntwo\n", 20, ["one", "", "two"]),
            // Mixed scripts.
            ("Swift 很好用", 8, ["Swift 很", "好用"]),
            ("看 https://t.cn/abcdefg", 10, ["看", "https://t.", "cn/abcdefg"]),
            // Emoticon codes stay whole.
            ("一二三四[笑cry]", 10, ["一二三四", "[笑cry]"]),
            // Wide characters never split at an odd width.
            ("中文字", 3, ["中", "文", "字"]),
            ("", 10, []),
            ("   ", 10, []),
        ] as [(String, Int, [String])])
    func wraps(_ text: String, _ width: Int, _ lines: [String]) {
        #expect(TextWrapper.wrap(text, width: width) == lines)
    }

    /// The terminal's wrapping undone for a window: continuation lines join the line before,
    /// with a space unless both sides are wide; items, blank lines and unindented lines stay.
    @Test(
        arguments: [
            ("1. Open it and create an app\n   (微连接 → 网站接入).\n2. Done.", "1. Open it and create an app (微连接 → 网站接入).\n2. Done."),
            ("1. 创建一个应用\n   （微连接）。\n2. 设为\n   http://127.0.0.1", "1. 创建一个应用（微连接）。\n2. 设为 http://127.0.0.1"),
            ("Intro.\n\n   indented after a blank line\nplain\nlines", "Intro.\n\n   indented after a blank line\nplain\nlines"),
            ("", ""),
        ])
    func unwrapsContinuationLines(_ text: String, _ expected: String) {
        #expect(TextWrapper.unwrapped(text) == expected)
    }

    @Test func truncatesToLinesWithEllipsis() {
        let lines = TextWrapper.wrap("一二三四五六七八九十", width: 6)
        #expect(TextWrapper.truncate(lines, maxLines: 2, width: 6) == ["一二三", "四五…"])
        #expect(TextWrapper.truncate(lines, maxLines: 9, width: 6) == lines)
        #expect(TextWrapper.truncate(lines, maxLines: 0, width: 6) == [])
        #expect(TextWrapper.truncate(["word word"], maxLines: 1, width: 9) == ["word word"])
        #expect(TextWrapper.truncate(["ab", "cd"], maxLines: 1, width: 9) == ["ab…"])
    }

    @Test func truncatesOneLine() {
        #expect(TextWrapper.truncate("爱吃火锅的猫", toWidth: 7) == "爱吃火…")
        #expect(TextWrapper.truncate("爱吃火锅的猫", toWidth: 12) == "爱吃火锅的猫")
        #expect(TextWrapper.truncate("hello world", toWidth: 8) == "hello w…")
    }

    /// Properties over many generated texts: width, order, punctuation.
    @Test(arguments: [2, 3, 5, 8, 13, 20, 37, 60])
    func wrappedLinesKeepTheRules(_ width: Int) {
        let closing: Set<Character> = ["，", "。", "！", "？", "、", "）", "」", "》", "…"]
        let opening: Set<Character> = ["（", "「", "《"]
        for status in StatusFactory.generated(count: 150, seed: UInt64(width)) {
            let lines = TextWrapper.wrap(status.text, width: width)
            for line in lines {
                #expect(DisplayWidth.of(line) <= width, "\(line)")
                #expect(line.last != " ")
                // Narrower lines can be narrower than a glued group such as `（转）`.
                if width >= 6 {
                    if let first = line.first { #expect(!closing.contains(first), "line starts with \(first): \(lines)") }
                    if let last = line.last { #expect(!opening.contains(last), "line ends with \(last): \(lines)") }
                }
            }
            // Nothing but spaces, zero-width and control characters is lost.
            let kept = lines.joined().filter { $0 != " " }
            let original = TextSanitizer.clean(status.text).filter { $0 != " " && $0 != "\n" }
            #expect(kept == original)
        }
    }
}
