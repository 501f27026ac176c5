import Foundation

/// The pictures in `docs/screenshots`, which the tests draw: each new look is compared with its
/// picture, or written as the picture with `WEIBO_NOTIFIER_UPDATE_GOLDENS=1` (`make screenshots`;
/// look at them before committing).
public enum GoldenImage {
    /// Where the looks are cropped to and kept (`.build/e2e`).
    static var looksFolder: String { FixtureFiles.packageRoot().appendingPathComponent(".build/e2e").path }

    /// Whether this run writes the pictures anew.
    public static var updating: Bool { ProcessInfo.processInfo.environment["WEIBO_NOTIFIER_UPDATE_GOLDENS"] == "1" }

    /// Whether the desktops here are those the desktops' pictures come from: Debian 12's (GNOME
    /// Shell 43, sway 1.7, XFCE 4.18), which `make test` runs. Other releases draw their bars and
    /// bubbles otherwise; there the pictures are drawn to `.build/e2e` and not compared.
    public static var desktopsOfThePictures: Bool {
        let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        return release.split(separator: "\n").contains("VERSION_ID=\"12\"")
    }

    /// The share of the pixels of `shot` (a region of it: cropped into `.build/e2e/NAME.png`
    /// first) that differ from `docs/screenshots/NAME.png` beyond a colour tolerance
    /// (antialiasing); 1 for another size or no picture.
    public static func difference(_ shot: String, _ name: String, region: (x: Int, y: Int, width: Int, height: Int)? = nil) -> Double {
        var look = shot
        if let region {
            try? FileManager.default.createDirectory(atPath: looksFolder, withIntermediateDirectories: true)
            look = looksFolder + "/\(name).png"
            toolOutput("/usr/bin/convert", [shot, "-crop", "\(region.width)x\(region.height)+\(region.x)+\(region.y)", "+repage", look])
        }
        let golden = FixtureFiles.packageRoot().appendingPathComponent("docs/screenshots/\(name).png").path
        if updating {
            try? FileManager.default.removeItem(atPath: golden)
            try? FileManager.default.copyItem(atPath: look, toPath: golden)
        }
        let size = { (path: String) in toolOutput("/usr/bin/identify", ["-format", "%w %h", path]) }
        guard FileManager.default.fileExists(atPath: golden), size(look) == size(golden) else { return 1 }
        // `compare` prints the count of differing pixels on its error output.
        let differing = toolOutput("/bin/sh", ["-c", "/usr/bin/compare -metric AE -fuzz 12% '\(look)' '\(golden)' null: 2>&1"])
        let parts = size(look).split(separator: " ").compactMap { Double($0) }
        guard let count = Double(differing.trimmingCharacters(in: .whitespacesAndNewlines)), parts.count == 2 else { return 1 }
        return count / (parts[0] * parts[1])
    }

    /// `difference` of a region of new looks (`look` takes a screenshot and says where), looked
    /// at again for up to `timeout` seconds until it matches within 1 %: the last difference.
    /// A last look that still differs is kept as `.build/e2e/NAME-differs-TIME.png`: the next
    /// run writes over `NAME.png`.
    public static func settledDifference(
        _ name: String, region: (x: Int, y: Int, width: Int, height: Int), timeout: Double = 10, look: () -> String
    ) -> Double {
        var last = 1.0
        waitAtMost(timeout) {
            last = difference(look(), name, region: region)
            return last < 0.01
        }
        if last >= 0.01 {
            let kept = looksFolder + "/\(name)-differs-\(Int(Date().timeIntervalSince1970)).png"
            try? FileManager.default.copyItem(atPath: looksFolder + "/\(name).png", toPath: kept)
        }
        return last
    }
}
