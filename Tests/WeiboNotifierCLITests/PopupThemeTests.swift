import Foundation
import Glibc
import Testing
import WeiboTestSupport

/// The popup's posts in the dark and the high-contrast themes as their golden images in
/// docs/screenshots, the first row selected: its links, name and marks in the theme's
/// selected colours. A suite of its own: it runs beside `PopupWindowTests`, each on its own
/// display and bus.
@Suite(.serialized, .endToEnd, .enabled(if: PopupDesktop.present, "needs Xvfb, xdotool, at-spi2-core and python3-pyatspi (make deps installs them)"))
struct PopupThemeTests {
    @Test func eachThemeLooksAsItsGoldenImage() throws {
        let desktop = try PopupDesktop()
        let setup = desktop.setup
        setup.extraEnvironment["LANG"] = "C.UTF-8"
        setup.extraEnvironment["LANGUAGE"] = "en"
        setup.sandbox.control("/_sandbox/statuses", [("count", "4")])
        try setup.start()
        for (theme, name) in [("Adwaita:dark", "popup-en-dark"), ("HighContrast", "popup-en-high-contrast")] {
            // Started here with the theme, against the notifier.
            let popup = try startProgram(
                CommandRunner.executable.deletingLastPathComponent().appendingPathComponent("weibo-notifier-popup").path, ["--kind", "posts"],
                environment: setup.environment.merging(["GTK_THEME": theme]) { $1 })
            #expect(waitUntil(timeout: 45) { (desktop.read().rows?.count ?? 0) >= 4 }, "\(theme): \(desktop.read())")
            desktop.pointAtPopup()
            #expect(waitUntil { desktop.read().rows?.first?.focused == true }, "\(theme): \(desktop.read())")
            let difference = desktop.compareWithGolden(name)
            #expect(difference < 0.01, "\(name): \(Int(difference * 100)) % of its pixels differ from docs/screenshots/\(name).png (.build/e2e/\(name).png)")
            // SIGKILL: helpers inherit the test runner's blocked SIGTERM.
            kill(popup.processIdentifier, SIGKILL)
            popup.waitUntilExit()
            #expect(waitUntil { desktop.read().window == nil })
        }
    }
}
