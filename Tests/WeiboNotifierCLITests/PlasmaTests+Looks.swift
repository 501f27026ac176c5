import Foundation
import Testing
import WeiboKit
import WeiboPlatform
import WeiboTestSupport

/// What PlasmaTests look at: windows, Plasma's bubbles, screenshots.
extension PlasmaTests {
    /// The visible windows of `className`: id, x, y, width and height.
    static func windows(_ className: String, _ environment: [String: String]) -> [(id: String, x: Int, y: Int, width: Int, height: Int)] {
        toolOutput("/usr/bin/xdotool", ["search", "--onlyvisible", "--class", className], environment: environment).split(separator: "\n").compactMap {
            let said = toolOutput("/usr/bin/xdotool", ["getwindowgeometry", "--shell", String($0)], environment: environment)
            let fields = Dictionary(
                said.split(separator: "\n").compactMap { line -> (String, Int)? in
                    let parts = line.split(separator: "=")
                    return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? 0) : nil
                }
            ) { $1 }
            guard let x = fields["X"], let y = fields["Y"], let width = fields["WIDTH"], let height = fields["HEIGHT"] else { return nil }
            return (String($0), x, y, width, height)
        }
    }

    /// Whether the focused window (`_NET_ACTIVE_WINDOW`) is a visible one of `className`.
    static func isActive(_ className: String, _ environment: [String: String]) -> Bool {
        let active = toolOutput("/usr/bin/xdotool", ["getactivewindow"], environment: environment).trimmingCharacters(in: .whitespacesAndNewlines)
        return !active.isEmpty && windows(className, environment).contains { $0.id == active }
    }

    /// Plasma's notification popups: plasmashell's windows of a bubble's size, above the panel
    /// (a bubble's window is mapped 8 px high first, and a click there lands on the desktop).
    static func bubbles(_ session: Session) -> [(id: String, x: Int, y: Int, width: Int, height: Int)] {
        windows("plasmashell", session.environment).filter(isBubble)
    }

    static func isBubble(_ window: (id: String, x: Int, y: Int, width: Int, height: Int)) -> Bool {
        (300...400).contains(window.width) && (60..<400).contains(window.height)
    }

    /// Plasma's bubble where Plasma put it: the same window (by its id: xdotool lists windows
    /// in stacking order, which changes as they are raised) of a bubble's size in two looks, within
    /// `seconds`; and plasmashell's windows at each look that differed from the one before, with
    /// the time.
    static func stillBubble(_ session: Session, within seconds: Double = 10) -> (
        bubble: (id: String, x: Int, y: Int, width: Int, height: Int)?, looks: [String]
    ) {
        var seen: [String: (x: Int, y: Int, width: Int, height: Int)] = [:]
        var bubble: (id: String, x: Int, y: Int, width: Int, height: Int)?
        var looks: [String] = []
        let started = Timestamp.now
        waitAtMost(seconds) {
            let windows = Self.windows("plasmashell", session.environment)
            let look = windows.map { "\($0.id) \($0.width)x\($0.height)+\($0.x)+\($0.y)" }.joined(separator: ", ")
            if looks.last?.hasSuffix(look) != true { looks.append(String(format: "%.2f s: ", Timestamp.now.seconds(since: started)) + look) }
            let now = windows.filter(Self.isBubble)
            defer { seen = Dictionary(now.map { ($0.id, ($0.x, $0.y, $0.width, $0.height)) }) { $1 } }
            bubble = now.first { window in seen[window.id].map { $0 == (window.x, window.y, window.width, window.height) } ?? false }
            return bubble != nil
        }
        return (bubble, looks)
    }

    /// A check, then Plasma's bubble of what it found, standing still (`stillBubble`). (A post
    /// that brought no window at all, 1 in 45 on Debian 13, was the notifier's: after a click's
    /// popup read the timeline, the bubble of 23 posts held back every post until more than 23
    /// came; `CounterRestartTests`.)
    static func checkedBubble(_ session: Session) -> (bubble: (id: String, x: Int, y: Int, width: Int, height: Int)?, looks: [String]) {
        guard session.bus.checkNow() else { return (nil, []) }
        return stillBubble(session)
    }

    /// Whether Plasma mapped a bubble's window at its first 8 px and left it so (Plasma 6.3, a
    /// few posts in a hundred): no bubble to click, and Plasma's.
    static func leftUndrawn(_ looks: [String]) -> Bool {
        looks.contains { $0.contains("x8+") }
    }

    /// `amount` news of `counter`, checked, and Plasma's bubble for them, standing still: news
    /// whose bubble Plasma leaves undrawn is followed by one more, three times at most.
    static func newsBubble(
        _ session: Session, _ sandbox: SandboxProcess, _ counter: String, _ amount: Int
    ) -> (id: String, x: Int, y: Int, width: Int, height: Int)? {
        for post in 0..<3 {
            sandbox.control("/_sandbox/counts", [(counter, String(post == 0 ? amount : 1))])
            let (bubble, looks) = checkedBubble(session)
            if let bubble { return bubble }
            guard leftUndrawn(looks) else { return nil }
            print("Plasma left post \(post + 1)'s bubble undrawn: \(looks.joined(separator: " | "))")
        }
        return nil
    }

    /// The share of pixels of a region that differ between two screenshots.
    static func changed(_ before: String, _ after: String, x: Int, y: Int, width: Int, height: Int) -> Double {
        let region = "[\(width)x\(height)+\(x)+\(y)]"
        let said = toolRun("/usr/bin/compare", ["-metric", "AE", "-fuzz", "10%", before + region, after + region, "null:"])
        return (Double(said.output.split(separator: " ").first ?? "") ?? 1) / Double(width * height)
    }

    /// The first row from 600 down whose pixel at `x` is as light as the default (Breeze) panel
    /// (the wallpaper above it is darker): the panel's top as drawn.
    static func panelTop(_ shot: String, x: Int) -> Int? {
        let column = toolOutput("/usr/bin/convert", [shot + "[1x200+\(x)+600]", "-colorspace", "gray", "-depth", "8", "txt:-"])
        // "0,Y: (G,G,G)  #…  gray(G)"
        for line in column.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(whereSeparator: { ",:()".contains($0) }).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard parts.count > 2, let row = Int(parts[1]), let gray = Int(parts[2]) else { continue }
            if gray > 200 { return 600 + row }
        }
        return nil
    }

    /// How bright a region of a screenshot is, from 0 (black) to 1.
    static func brightness(_ shot: String, x: Int, y: Int, width: Int, height: Int) -> Double {
        Double(toolOutput("/usr/bin/convert", [shot + "[\(width)x\(height)+\(x)+\(y)]", "-colorspace", "gray", "-format", "%[fx:mean]", "info:"])) ?? 0
    }
}
