import Foundation
import Testing
import WeiboDesktop
import WeiboTestSupport

/// What the documents claim, checked against what the code has.
@Suite struct DocumentsTests {
    /// Every method and signal the daemon exports has its row in docs/dbus.md.
    @Test func everyMethodAndSignalOfTheDaemonIsInItsPage() throws {
        let page = try String(contentsOfFile: FixtureFiles.packageRoot().appendingPathComponent("docs/dbus.md").path, encoding: .utf8)
        let names = DaemonService.introspection.split(separator: "<").compactMap { tag -> String? in
            guard tag.hasPrefix("method name=\"") || tag.hasPrefix("signal name=\"") else { return nil }
            return tag.split(separator: "\"")[1].description
        }
        #expect(names.count >= 25, "\(names)")
        for name in names {
            #expect(page.contains("`\(name)(") || page.contains("signal `\(name)("), "docs/dbus.md does not say what \(name) does")
        }
    }
}
