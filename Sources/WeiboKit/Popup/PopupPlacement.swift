/// Where the popup opens on X11, the one display server where a window places itself: at the
/// tray icon's point (or the pointer), opening toward the screen's centre, inside the monitor's
/// work area. On GNOME it keeps clear of the banners GNOME shows at the top centre, which on X11
/// cover every window (its own bubbles covered the popup's tabs): beside them where the popup
/// fits, else below them. On KDE it keeps clear of Plasma's floating panels, which are drawn
/// beyond the space they reserve. Elsewhere (Wayland) the compositor places the window.
public struct PopupPlacement: Equatable, Sendable {
    /// The monitor's work area (without panels), in the display's coordinates.
    public var area: FrameRect
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

    /// Plasma 6's default panel floats 8 px off the screen's edge and reserves only its own
    /// thickness, so it covers the work area's outer 8 px on its side; Plasma's own popups keep
    /// about 9 px clear of it as drawn.
    public static let plasmaPanelClearance = 8 + 9

    /// `area`: the monitor's work area; `monitor`: the whole monitor (where the two differ on a
    /// side, a panel is there).
    public init(area: FrameRect, monitor: FrameRect? = nil, width: Int, height: Int, currentDesktop: String) {
        var area = area
        if let monitor, CurrentDesktop.isKDE(currentDesktop) {
            let gap = Self.plasmaPanelClearance
            let (top, bottom) = (area.y > monitor.y ? gap : 0, area.maxY < monitor.maxY ? gap : 0)
            let (left, right) = (area.x > monitor.x ? gap : 0, area.maxX < monitor.maxX ? gap : 0)
            area = FrameRect(x: area.x + left, y: area.y + top, width: area.width - left - right, height: area.height - top - bottom)
        }
        self.area = area
        self.width = min(width, area.width)
        self.height = min(height, area.height)
        avoidsGnomeBanners = CurrentDesktop.isGnome(currentDesktop)
    }

    /// Where GNOME's banners show in this work area.
    public var bannerBand: FrameRect {
        let bandWidth = min(Self.gnomeBanner.width, area.width)
        return FrameRect(x: area.x + (area.width - bandWidth) / 2, y: area.y, width: bandWidth, height: Self.gnomeBanner.height)
    }

    /// The popup's frame for a click at `point`.
    public func frame(at point: (x: Int, y: Int)) -> FrameRect {
        let left = point.x > area.x + area.width / 2 ? point.x - width : point.x
        let top = point.y > area.y + area.height / 2 ? point.y - height : point.y
        var frame = FrameRect(x: clamp(left, area.x, area.maxX - width), y: clamp(top, area.y, area.maxY - height), width: width, height: height)
        let band = bannerBand
        guard avoidsGnomeBanners, frame.intersects(band) else { return frame }
        // Beside the band, on the point's side, if the popup fits there whole.
        let besideRight = band.maxX
        let besideLeft = band.x - width
        if point.x >= band.x + band.width / 2, besideRight + width <= area.maxX {
            frame.x = besideRight
        } else if point.x < band.x + band.width / 2, besideLeft >= area.x {
            frame.x = besideLeft
        } else if area.maxY - band.maxY >= Self.shortest {
            // Below it, shorter where the work area ends.
            frame.y = band.maxY
            frame.height = min(height, area.maxY - band.maxY)
        }
        return frame
    }

    /// Whether the popup is an ordinary window to the window manager (`_NET_WM_WINDOW_TYPE_NORMAL`)
    /// rather than a utility window, on X11. On KDE: when a window that had the focus closes
    /// (the bubble clicked, which KWin focuses at the press), KWin gives the focus to the last
    /// window of its focus chain, which holds only ordinary windows and dialogs; a utility popup
    /// just shown lost it there to the window focused before. Elsewhere a utility window, which
    /// tiling window managers (i3) float and every one places where it asks.
    public static func isNormalWindow(currentDesktop: String) -> Bool {
        CurrentDesktop.isKDE(currentDesktop)
    }

    private func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int { min(max(value, low), max(low, high)) }
}
