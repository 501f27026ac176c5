import Testing

@testable import WeiboKit

/// Where the popup opens on X11: at the click, toward the centre, inside the work area, and on
/// GNOME clear of its banners (beside them where it fits, else below them).
@Suite struct PopupPlacementTests {
    typealias Frame = FrameRect

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var area: Frame
        var desktop: String
        /// The whole monitor (nil: not known).
        var monitor: Frame? = nil
        var point: (x: Int, y: Int)
        var expected: Frame
        var testDescription: String { name }
    }

    /// GNOME's work area below its 32 px top bar; XFCE's above a bottom panel.
    static let fullHD = Frame(x: 0, y: 32, width: 1920, height: 1048)
    static let small = Frame(x: 0, y: 32, width: 1280, height: 768)
    static let bottomPanel = Frame(x: 0, y: 0, width: 1280, height: 760)
    /// Plasma 6 on a 1280 × 800 monitor: its 40 px panel at the bottom (the default), or at the top.
    static let monitor = Frame(x: 0, y: 0, width: 1280, height: 800)
    static let plasmaTop = Frame(x: 0, y: 40, width: 1280, height: 760)

    static let cases: [Case] = [
        Case(
            name: "XFCE, a top-right icon: below it, toward the centre", area: small, desktop: "XFCE", point: (1182, 32),
            expected: Frame(x: 782, y: 32, width: 400, height: 560)),
        Case(
            name: "XFCE, a bottom-left icon: above it", area: bottomPanel, desktop: "XFCE", point: (20, 760),
            expected: Frame(x: 20, y: 200, width: 400, height: 560)),
        Case(
            name: "near the right edge: inside the work area", area: small, desktop: "XFCE", point: (1279, 32),
            expected: Frame(x: 879, y: 32, width: 400, height: 560)),
        Case(
            name: "GNOME, full HD, the icon at the right: clear of the banners already", area: fullHD, desktop: "GNOME", point: (1820, 32),
            expected: Frame(x: 1420, y: 32, width: 400, height: 560)),
        Case(
            name: "GNOME, full HD, the icon near the centre: beside the banners", area: fullHD, desktop: "ubuntu:GNOME", point: (1300, 32),
            expected: Frame(x: 1222, y: 32, width: 400, height: 560)),
        Case(
            name: "GNOME, full HD, left of the centre: beside them on the left", area: fullHD, desktop: "GNOME", point: (800, 32),
            expected: Frame(x: 298, y: 32, width: 400, height: 560)),
        Case(
            name: "GNOME, 1280 wide, no room beside them: below them", area: small, desktop: "GNOME", point: (1182, 32),
            expected: Frame(x: 782, y: 192, width: 400, height: 560)),
        Case(
            name: "GNOME, a low screen: below them, shorter", area: Frame(x: 0, y: 32, width: 1024, height: 568), desktop: "GNOME", point: (1000, 32),
            expected: Frame(x: 600, y: 192, width: 400, height: 408)),
        Case(
            name: "GNOME, too low to keep clear: where it was", area: Frame(x: 0, y: 32, width: 1024, height: 368), desktop: "GNOME", point: (1000, 32),
            expected: Frame(x: 600, y: 32, width: 400, height: 368)),
        Case(
            name: "Plasma, the panel at the bottom: 9 px clear of it as drawn, 8 px beyond its strut", area: bottomPanel, desktop: "KDE",
            monitor: monitor, point: (1250, 760), expected: Frame(x: 850, y: 183, width: 400, height: 560)),
        Case(
            name: "Plasma, the panel at the top: 9 px below it as drawn", area: plasmaTop, desktop: "KDE", monitor: monitor, point: (1250, 40),
            expected: Frame(x: 850, y: 57, width: 400, height: 560)),
        Case(
            name: "Plasma, the click at the screen's free edge: no gap there", area: bottomPanel, desktop: "KDE", monitor: monitor, point: (1279, 0),
            expected: Frame(x: 879, y: 0, width: 400, height: 560)),
        Case(
            name: "XFCE's panel at the bottom: flush with it", area: bottomPanel, desktop: "XFCE", monitor: monitor, point: (1250, 760),
            expected: Frame(x: 850, y: 200, width: 400, height: 560)),
        Case(
            name: "a second monitor's area", area: Frame(x: 1920, y: 32, width: 1280, height: 768), desktop: "GNOME", point: (3100, 32),
            expected: Frame(x: 2700, y: 192, width: 400, height: 560)),
    ]

    @Test(arguments: cases) func placed(_ example: Case) {
        let placement = PopupPlacement(area: example.area, monitor: example.monitor, width: 400, height: 560, currentDesktop: example.desktop)
        #expect(placement.frame(at: example.point) == example.expected)
    }

    @Test func onGnomeNoFrameMeetsTheBannersWhereThereIsRoom() {
        for width in stride(from: 1280, through: 3840, by: 160) {
            let area = Frame(x: 0, y: 32, width: width, height: 1000)
            let placement = PopupPlacement(area: area, width: 400, height: 560, currentDesktop: "GNOME")
            for x in stride(from: 0, through: width, by: 37) {
                let frame = placement.frame(at: (x, 32))
                #expect(!frame.intersects(placement.bannerBand), "\(width) px, a click at \(x): \(frame)")
                #expect(frame.x >= area.x && frame.maxX <= area.maxX && frame.y >= area.y && frame.maxY <= area.maxY)
            }
        }
    }

    /// KWin's focus chain holds ordinary windows only (and dialogs, which it places itself).
    @Test(arguments: [("KDE", true), ("kde", true), ("GNOME", false), ("XFCE", false), ("", false), ("sway", false), ("ubuntu:GNOME", false)])
    func anOrdinaryWindowOnKDEOnly(_ desktop: String, _ normal: Bool) {
        #expect(PopupPlacement.isNormalWindow(currentDesktop: desktop) == normal)
    }
}
