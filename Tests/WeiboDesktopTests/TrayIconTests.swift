import CLibNotify  // gdk-pixbuf, through libnotify's headers
import Foundation
import Testing
import WeiboKit
import WeiboTestSupport

/// The monochrome tray icons as GNOME's top bar draws them, at 16 px (gdk-pixbuf, with
/// librsvg's loader): the unread one differs from the zero one at a glance, by a dot set apart
/// from the bubble.
@Suite struct TrayIconTests {
    /// The icon's coverage at `size` px, a row after another: each pixel's alpha (0-255).
    static func coverage(_ look: TrayLook, size: Int32 = 16) throws -> [[UInt8]] {
        let path = FixtureFiles.packageRoot().appendingPathComponent("Resources/icons/hicolor/symbolic/apps/\(look.iconName(symbolic: true)).svg").path
        var error: UnsafeMutablePointer<GError>?
        let pixbuf = try #require(gdk_pixbuf_new_from_file_at_size(path, size, size, &error), "\(path): librsvg's loader (librsvg2-common)")
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        #expect(gdk_pixbuf_get_has_alpha(pixbuf) != 0 && gdk_pixbuf_get_n_channels(pixbuf) == 4)
        let pixels = try #require(gdk_pixbuf_get_pixels(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        return (0..<Int(gdk_pixbuf_get_height(pixbuf))).map { y in
            (0..<Int(gdk_pixbuf_get_width(pixbuf))).map { x in pixels[y * stride + x * 4 + 3] }
        }
    }

    /// The groups of touching opaque pixels (alpha over half), each as its pixels' places.
    static func shapes(_ coverage: [[UInt8]]) -> [[(x: Int, y: Int)]] {
        var seen = coverage.map { $0.map { $0 <= 128 } }
        var found: [[(x: Int, y: Int)]] = []
        for y in coverage.indices {
            for x in coverage[y].indices where !seen[y][x] {
                var shape: [(x: Int, y: Int)] = []
                var queue = [(x, y)]
                seen[y][x] = true
                while let (px, py) = queue.popLast() {
                    shape.append((px, py))
                    for (nx, ny) in [(px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)]
                    where coverage.indices.contains(ny) && coverage[ny].indices.contains(nx) && !seen[ny][nx] {
                        seen[ny][nx] = true
                        queue.append((nx, ny))
                    }
                }
                found.append(shape)
            }
        }
        return found
    }

    @Test func theUnreadIconHasADotApartAtSixteenPixels() throws {
        let zero = try Self.coverage(.normal)
        let unread = try Self.coverage(.unread)
        let pixels = zero.count * zero[0].count
        let differing = zip(zero.joined(), unread.joined()).filter { abs(Int($0) - Int($1)) > 128 }.count
        // 15 now; the earlier bump on the bubble's corner changed 8 and left no gap.
        #expect(differing >= 12, "\(differing) of \(pixels) pixels differ")
        // The dot is a shape of its own (a gap all round it), in the top right quarter.
        let before = Self.shapes(zero)
        let after = Self.shapes(unread)
        #expect(after.count == before.count + 1, "\(before.count) shapes at zero, \(after.count) with unread")
        let dot = after.filter { shape in shape.allSatisfy { $0.x >= 8 && $0.y < 8 } }
        #expect(dot.count == 1 && dot[0].count >= 6, "the dot: \(dot)")
    }
}
