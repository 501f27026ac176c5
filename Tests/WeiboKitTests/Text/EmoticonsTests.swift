import Testing
import WeiboKit

/// Weibo's emoticons as emoji: the common ones known, the unknown left as written.
@Suite struct EmoticonsTests {
    @Test func theTableHoldsTheCommonPhrases() {
        #expect(Emoticons.table.count >= 60)
        for phrase in ["心", "哈哈", "笑cry", "doge", "允悲", "二哈", "赞", "泪", "微笑", "抱抱"] {
            #expect(Emoticons.table[phrase] != nil, "\(phrase)")
        }
        #expect(Emoticons.table.values.allSatisfy { !$0.contains("[") && DisplayWidth.of($0) <= 2 })
    }

    @Test(
        arguments: [
            ("今天好开心[哈哈][心]", "今天好开心😄❤️"),
            ("[笑cry]真的假的[doge]", "😂真的假的🐶"),
            ("[不存在的表情]保持原样", "[不存在的表情]保持原样"),
            ("[[心]]", "[❤️]"),
            ("数组a[0]和[心", "数组a[0]和[心"),
            ("第一行[赞\n]第二行", "第一行[赞\n]第二行"),
            ("", ""),
            ("[哆啦A梦微笑]", "😊"),
            ("结尾[", "结尾["),
            ("]开头[哈哈", "]开头[哈哈"),
            ("a[哈哈]b[赞]", "a😄b👍"),
        ] as [(String, String)])
    func replacesKnownPhrasesOnly(_ text: String, _ expected: String) {
        #expect(Emoticons.apply(.emoji, to: text) == expected)
        #expect(Emoticons.apply(.text, to: text) == text)
    }
}
