import Testing
import WeiboKit

/// `@names`, `#topics#` and links, as the popup colours and opens them.
@Suite struct TextEntityTests {
    @Test func findsNamesTopicsAndLinksWithTheirBytes() {
        let line = "回复@张三_2:看#春运#的报道 https://t.cn/abc 好"
        let found = TextEntity.find(in: line)
        #expect(found.map(\.text) == ["@张三_2", "#春运#", "https://t.cn/abc"])
        #expect(found.map(\.kind) == [.mention, .topic, .link])
        let bytes = Array(line.utf8)
        for entity in found {
            #expect(String(decoding: bytes[entity.utf8Range], as: UTF8.self) == entity.text)
        }
        #expect(found[0].url == "https://weibo.com/n/%E5%BC%A0%E4%B8%89_2")
        #expect(found[1].url == "https://s.weibo.com/weibo?q=%23%E6%98%A5%E8%BF%90%23")
        #expect(found[2].url == "https://t.cn/abc")
    }

    @Test(arguments: ["a lone @ sign", "one # only", "##", "email@", ""])
    func nothingWhereNothingLeadsAnywhere(_ line: String) {
        #expect(TextEntity.find(in: line).isEmpty)
    }

    /// A link opens only where it shows it goes.
    @Test(arguments: [
        ("https://t.cn/A6abc", true), ("http://weibo.com/u/1?x=@y", true), ("https://m.weibo.cn:443/status/1#c", true),
        ("https://weibo.com@evil.example/", false), ("https://user:pass@weibo.com/", false), ("https://weibo.com%40evil.example/", false),
        ("https://weibo.com\\@evil.example/", false), ("https://xn--wibo-8ve.com/", false), ("https:///path", false), ("https://", false),
        ("ftp://weibo.com/", false), ("https://weibo.com:80@evil.example", false),
    ])
    func linksOpenOnlyWhereTheyShow(_ link: String, _ opens: Bool) {
        #expect((TextEntity.openableLink(link) != nil) == opens, "\(link)")
        let found = TextEntity.find(in: "see " + link)
        if let entity = found.first, entity.kind == .link, entity.text == link { #expect((entity.url != nil) == opens) }
    }
}
