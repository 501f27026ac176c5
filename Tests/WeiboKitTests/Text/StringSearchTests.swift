import Testing
import WeiboKit

@Suite struct StringSearchTests {
    @Test(
        arguments: [
            // haystack, needle, the text before the first match (nil: not found)
            ("https://api.weibo.com/2/x", "://", "https"),
            ("a/thumbnail/b/thumbnail/c", "/thumbnail/", "a"),
            ("aaab", "aab", "a"),
            ("ab", "abc", nil),
            ("", "a", nil),
            ("abc", "", ""),
            ("评论了你：你好", "你好", "评论了你："),
            ("🙂 and 🙃", "🙃", "🙂 and "),
            ("nothing here", "here!", nil),
        ] as [(String, String, String?)])
    func findsTheFirstPlace(_ haystack: String, _ needle: String, _ before: String?) {
        let range = haystack.range(ofText: needle)
        #expect(range.map { String(haystack[..<$0.lowerBound]) } == before)
        if let range { #expect(String(haystack[range]) == needle) }
        #expect(haystack.containsText(needle) == (before != nil))
    }

    @Test func searchesASubstringWithinItsBounds() throws {
        let text = "<title>A</title> <title>B</title>"
        let open = try #require(text.range(ofText: "<title>"))
        let rest = text[open.upperBound...]
        let close = rest.range(ofText: "</title>")
        #expect(close.map { String(rest[..<$0.lowerBound]) } == "A")
        #expect(text[text.index(text.startIndex, offsetBy: 20)...].range(ofText: "A") == nil)
    }

    @Test(arguments: [
        ("a-b-c", "-", "\\-", "a\\-b\\-c"),
        ("aaaa", "aa", "b", "bb"),
        ("x&y<z>", "&", "&amp;", "x&amp;y<z>"),
        ("{name} and {name}", "{name}", "王五", "王五 and 王五"),
        ("unchanged", "", "x", "unchanged"),
        ("abc", "abcd", "x", "abc"),
    ])
    func replacesEveryPlaceLeftToRight(_ text: String, _ target: String, _ replacement: String, _ expected: String) {
        #expect(text.replacingText(target, with: replacement) == expected)
    }
}
