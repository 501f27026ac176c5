import Testing
@testable import WeiboKit

@Suite struct DisplayWidthTests {
    @Test(
        arguments: [
            ("a", 1), ("Z", 1), (" ", 1), ("~", 1),
            ("中", 2), ("。", 2), ("，", 2), ("あ", 2), ("カ", 2),
            ("한", 2),  // Hangul syllable
            ("\u{1100}\u{1161}\u{11A8}", 2),  // Hangul built from jamo: one cluster
            ("Ａ", 2), ("１", 2),  // fullwidth Latin and digits
            ("ｱ", 1),  // halfwidth katakana
            ("é", 1), ("e\u{301}", 1), ("a\u{301}\u{302}\u{303}", 1),  // combining accents add nothing
            ("😀", 2), ("🎉", 2), ("👍🏽", 2),  // emoji, with a skin tone
            ("👨‍👩‍👧‍👦", 2), ("🏳️‍🌈", 2),  // ZWJ sequences
            ("🇨🇳", 2), ("🇺🇸", 2),  // flags
            ("❤️", 2), ("☀️", 2), ("1️⃣", 2),  // emoji presentation selector, keycap
            ("☺", 1), ("❤", 1), ("☀︎", 1),  // text presentation
            ("\u{200B}", 0), ("\u{2060}", 0), ("\u{FEFF}", 0), ("\u{200D}", 0), ("\u{FE0F}", 0),
            ("\u{1B}", 0), ("\u{7}", 0), ("\u{7F}", 0), ("\u{85}", 0),  // control characters
            ("…", 1), ("·", 1), ("│", 1),  // ambiguous: narrow
        ] as [(Character, Int)])
    func widthOfOneCluster(_ character: Character, _ width: Int) {
        #expect(DisplayWidth.of(character) == width, "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test(arguments: [
        ("", 0), ("hello", 5), ("你好", 4), ("你好, world", 11), ("原微博需转发，包含63422 \u{200B}", 24),
        ("[哈哈]😂", 8), ("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", 4), ("Ｗｅｉｂｏ", 10), ("re\u{301}sume\u{301}", 6),
    ])
    func widthOfText(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }
}

@Suite struct TextSanitizerTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a\u{1B}[31mred\u{1B}[0m", "a[31mred[0m"),  // ESC removed: no terminal control from a status
        ("end \u{200B}", "end "),
        ("one\r\ntwo\rthree\nfour", "one\ntwo\nthree\nfour"),
        ("\tx", "    x"), ("ab\tx", "ab  x"), ("中\tx", "中  x"),
        ("bell\u{7}", "bell"),
    ])
    func cleans(_ input: String, _ output: String) {
        #expect(TextSanitizer.clean(input) == output)
    }

    /// The shortcut (a text whose clusters are kept or dropped by their first scalar is cleaned
    /// scalar by scalar) agrees with cleaning cluster by cluster: for every scalar it takes,
    /// alone, between letters and doubled; for every scalar that extends a cluster, after each of
    /// those; and for texts it must refuse (which then take the long way).
    @Test func theShortcutAgreesWithCleaningClusterByCluster() {
        var taken: [Unicode.Scalar] = []
        for value in UInt32(0x0A)...0x1FFFF {
            guard let scalar = Unicode.Scalar(value), TextSanitizer.plainCleaned(String(scalar), newlines: true) != nil else { continue }
            taken.append(scalar)
            for text in [String(scalar), "a" + String(scalar) + "b", String(scalar) + String(scalar) + " \u{200B}"] {
                #expect(TextSanitizer.plainCleaned(text, newlines: true) == TextSanitizer.cleanCluster(by: text), "U+\(String(value, radix: 16))")
            }
        }
        #expect(taken.count > 20_000)
        let extenders = ["\u{FE0E}", "\u{FE0F}", "\u{200D}", "\u{20E3}", "\u{1F3FB}", "\u{1F3FF}", "\u{E0063}", "\u{FE0F}\u{20E3}"]
        for extender in extenders {
            for scalar in taken {
                let text = String(scalar) + extender + "x\u{200B}"
                // After a newline or U+200B, an extender is a cluster of its own: the long way.
                let expected = scalar == "\n" || scalar == "\u{200B}" ? nil : TextSanitizer.cleanCluster(by: text)
                #expect(TextSanitizer.plainCleaned(text, newlines: true) == expected, "U+\(String(scalar.value, radix: 16))")
            }
        }
        // Joined emoji, flags, skin tones, variation selectors: the shortcut.
        for text in ["👨\u{200D}👩\u{200D}👧\u{200D}👦", "🇨🇳🇨", "👍\u{1F3FD}", "❤\u{FE0F} \u{200B}", "1\u{FE0F}\u{20E3}", "café"] {
            #expect(TextSanitizer.plainCleaned(text, newlines: true) == TextSanitizer.cleanCluster(by: text))
            #expect(TextSanitizer.plainCleaned(text, newlines: true) != nil)
        }
        // An extender that starts a cluster, a mark, a tab, `\r`, a control: cleaned the long way.
        for text in ["\u{FE0F}a", "\n\u{200D}", "\u{200B}\u{1F3FD}", "e\u{301}", "\tx", "a\rb", "か\u{3099}", "\u{1B}[0m", "a\u{AD}b"] {
            #expect(TextSanitizer.plainCleaned(text, newlines: true) == nil)
            #expect(TextSanitizer.clean(text) == TextSanitizer.cleanCluster(by: text))
        }
        #expect(TextSanitizer.clean("#微博#更新了 Weibo 😀\n \u{200B}") == "#微博#更新了 Weibo 😀\n ")
        #expect(TextSanitizer.plainCleaned("微博\nWeibo", newlines: false) == nil)
        #expect(TextSanitizer.singleLine("微博\nWeibo \u{200B}") == "微博 Weibo ")
    }
}
