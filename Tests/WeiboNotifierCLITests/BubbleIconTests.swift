import Foundation
import Glibc
import Testing
import WeiboTestSupport

/// The bubbles' app icon: by name where an icon theme has it, else the source tree's PNG as a
/// `file://` URI (xfce4-notifyd drew "image-missing" for a name no theme had).
@Suite(.serialized, .endToEnd) struct BubbleIconTests {
    typealias Setup = DaemonTests.Setup

    private func firstBubbleIcon(dataDirectories: String) throws -> String {
        let setup = try Setup()
        setup.extraEnvironment["XDG_DATA_DIRS"] = dataDirectories
        // glib-networking's GNOME proxy resolver aborts when it finds no GSettings schemas.
        setup.extraEnvironment["GSETTINGS_SCHEMA_DIR"] = "/usr/share/glib-2.0/schemas"
        setup.sandbox.control("/_sandbox/counts", [("status", "1")])
        try setup.start()
        #expect(waitUntil { !setup.bus.notifications().isEmpty })
        return setup.bus.notifications().first?.appIcon ?? ""
    }

    @Test func aBuildRunFromTheCheckoutSendsItsPNG() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-icons-\(getpid())").path
        let icon = try firstBubbleIcon(dataDirectories: empty)
        #expect(icon.hasPrefix("file:///") && icon.hasSuffix("/Resources/icons/hicolor/48x48/apps/io.github.WeiboNotifier.png"), "\(icon)")
        #expect(FileManager.default.fileExists(atPath: String(icon.dropFirst("file://".count))))
    }

    @Test func anInstalledIconIsNamed() throws {
        let share = FileManager.default.temporaryDirectory.appendingPathComponent("share-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: share) }
        try FileManager.default.createDirectory(atPath: share + "/icons/hicolor/scalable/apps", withIntermediateDirectories: true)
        let svg = FixtureFiles.packageRoot().appendingPathComponent("Resources/icons/hicolor/scalable/apps/io.github.WeiboNotifier.svg").path
        try FileManager.default.copyItem(atPath: svg, toPath: share + "/icons/hicolor/scalable/apps/io.github.WeiboNotifier.svg")
        #expect(try firstBubbleIcon(dataDirectories: share) == "io.github.WeiboNotifier")
    }
}
