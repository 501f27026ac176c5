import FoundationEssentials
import Testing

@testable import WeiboKit

/// What is laid out of one text is bounded: a cluster of 100,000 combining marks (the popup took
/// 18 s to lay it out), a text of 50,000 letters.
@Suite struct TextSanitizerBoundsTests {
    @Test func aClusterKeepsItsBaseAndItsFirstMarks() {
        let bomb = "Z" + String(repeating: "\u{0301}", count: 100_000) + " ok"
        let clusters = TextSanitizer.clusters(of: bomb)
        #expect(clusters.count == 4)
        #expect(clusters[0].unicodeScalars.count == TextSanitizer.maximumClusterScalars)
        #expect(clusters[0].unicodeScalars.first == "Z")
        #expect(String(clusters.dropFirst()) == " ok", "what follows is kept")
        let wrapped = TextWrapper.wrap(bomb, width: 20)
        #expect(wrapped.joined().unicodeScalars.count < 40, "\(wrapped.joined().unicodeScalars.count) scalars wrapped")
        let emoji = "👩‍👩‍👧‍👦"
        #expect(TextSanitizer.clusters(of: emoji) == [Character(emoji)], "an ordinary cluster stays whole")
    }

    @Test(arguments: [String(repeating: "a", count: 50_000), String(repeating: "微", count: 20_000), String(repeating: "e\u{301}", count: 30_000)])
    func aTextIsCutAtItsBound(_ text: String) {
        let clusters = TextSanitizer.clusters(of: text)
        #expect(clusters.count == TextSanitizer.maximumClusters + 1)
        #expect(clusters.last == "…")
        #expect(TextSanitizer.clean(text).count == TextSanitizer.maximumClusters + 1)
        let short = String(text.prefix(100))
        #expect(TextSanitizer.clean(short) == short, "a text within the bound is as it was")
    }
}
