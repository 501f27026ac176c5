/// Where the popup opens on X11, the one display server where a window places itself: at the
/// tray icon's point (or the pointer), opening toward the screen's centre, inside the monitor's
/// work area. On GNOME it keeps clear of the banners GNOME shows at the top centre, which on X11
/// cover every window (its own bubbles covered the popup's tabs): beside them where the popup
/// fits, else below them. Elsewhere (Wayland) the compositor places the window.
public struct PopupPlacement: Equatable, Sendable {
    public struct Rectangle: Equatable, Sendable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        public var right: Int { x + width }
        public var bottom: Int { y + height }

        func intersects(_ other: Rectangle) -> Bool {
            x < other.right && other.x < right && y < other.bottom && other.y < bottom
        }
    }

    /// The monitor's work area (without panels), in the display's coordinates.
    public var area: Rectangle
    public var width: Int
    public var height: Int
    public var avoidsGnomeBanners: Bool

    /// GNOME Shell's banner (43): 34em wide, about 500 px at GNOME's default font, centred at
    /// the top of the work area; with a body of a few lines and its buttons about 150 px high.
    /// The band is that with a margin.
    public static let gnomeBanner = (width: 524, height: 160)

    /// The shortest the popup gets to keep clear of the banners; on a lower screen it stays
    /// where it is, under them for a moment.
    public static let shortest = 240

    public init(area: Rectangle, width: Int, height: Int, currentDesktop: String) {
        self.area = area
        self.width = min(width, area.width)
        self.height = min(height, area.height)
        avoidsGnomeBanners = currentDesktop.split(separator: ":").contains { $0.uppercased() == "GNOME" }
    }

    /// Where GNOME's banners show in this work area.
    public var bannerBand: Rectangle {
        let bandWidth = min(Self.gnomeBanner.width, area.width)
        return Rectangle(x: area.x + (area.width - bandWidth) / 2, y: area.y, width: bandWidth, height: Self.gnomeBanner.height)
    }

    /// The popup's frame for a click at `point`.
    public func frame(at point: (x: Int, y: Int)) -> Rectangle {
        let left = point.x > area.x + area.width / 2 ? point.x - width : point.x
        let top = point.y > area.y + area.height / 2 ? point.y - height : point.y
        var frame = Rectangle(x: clamp(left, area.x, area.right - width), y: clamp(top, area.y, area.bottom - height), width: width, height: height)
        guard avoidsGnomeBanners, frame.intersects(bannerBand) else { return frame }
        // Beside the band, on the point's side, if the popup fits there whole.
        let band = bannerBand
        let besideRight = band.right
        let besideLeft = band.x - width
        if point.x >= band.x + band.width / 2, besideRight + width <= area.right {
            frame.x = besideRight
        } else if point.x < band.x + band.width / 2, besideLeft >= area.x {
            frame.x = besideLeft
        } else if area.bottom - band.bottom >= Self.shortest {
            // Below it, shorter where the work area ends.
            frame.y = band.bottom
            frame.height = min(height, area.bottom - band.bottom)
        }
        return frame
    }

    private func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int { min(max(value, low), max(low, high)) }
}
