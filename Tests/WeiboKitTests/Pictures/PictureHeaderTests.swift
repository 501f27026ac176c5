import Testing

@testable import WeiboKit

/// Every picture is measured by its own header before it is decoded: a picture bomb (a small
/// file that says 65,000 × 65,000 pixels) is refused, an ordinary avatar or thumbnail is not.
@Suite struct PictureHeaderTests {
    static func png(_ width: UInt32, _ height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
    }

    /// A JPEG with an APP0 segment, fill bytes, then a baseline or progressive frame header.
    static func jpeg(_ width: UInt16, _ height: UInt16, marker: UInt8 = 0xC0) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF\u{0}".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
            + [0xFF, 0xFF, marker, 0, 17, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3]
    }

    /// A GIF of `frames` images of `frame` on a screen of `screen`, with a global colour table.
    static func gif(screen: (UInt16, UInt16), frame: (UInt16, UInt16), frames: Int) -> [UInt8] {
        var bytes = Array("GIF89a".utf8) + littleEndian(screen.0) + littleEndian(screen.1) + [0x80, 0, 0] + [UInt8](repeating: 0, count: 6)
        for _ in 0..<frames {
            bytes += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]  // graphic control extension
            bytes += [0x2C, 0, 0, 0, 0] + littleEndian(frame.0) + littleEndian(frame.1) + [0]
            bytes += [2, 2, 0x4C, 0x01, 0]  // LZW code size, one sub-block, the end
        }
        return bytes + [0x3B]
    }

    static func webp(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
        let size: [UInt8] = [UInt8(payload.count), 0, 0, 0]
        let header: [UInt8] = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
        return header + Array(chunk.utf8) + size + payload
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
    static func littleEndian(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

    @Test(
        arguments: [
            (png(180, 180), PictureHeader(format: .png, width: 180, height: 180)),
            (jpeg(440, 330), PictureHeader(format: .jpeg, width: 440, height: 330)),
            (jpeg(1024, 768, marker: 0xC2), PictureHeader(format: .jpeg, width: 1024, height: 768)),
            (gif(screen: (50, 50), frame: (50, 50), frames: 3), PictureHeader(format: .gif, width: 50, height: 50, frames: 3, pixels: 7500)),
            (gif(screen: (10, 10), frame: (100, 20), frames: 2), PictureHeader(format: .gif, width: 10, height: 10, frames: 2, pixels: 4000)),
            (webp("VP8X", [0, 0, 0, 0, 0x3F, 0x01, 0, 0xC7, 0, 0]), PictureHeader(format: .webp, width: 320, height: 200)),
            (webp("VP8 ", [0, 0, 0, 0x9D, 0x01, 0x2A, 0x40, 0x01, 0xC8, 0x00]), PictureHeader(format: .webp, width: 320, height: 200)),
            (webp("VP8L", [0x2F, 0x3F, 0x01, 0x33, 0x00]), PictureHeader(format: .webp, width: 320, height: 205)),
        ] as [([UInt8], PictureHeader)])
    func headersAreReadWithoutDecoding(_ bytes: [UInt8], _ expected: PictureHeader) {
        #expect(PictureHeader(bytes) == expected)
        #expect(PictureHeader.checked(bytes) == .success(expected))
    }

    @Test(
        arguments: [
            (png(65_000, 65_000), PictureHeader.Refusal.tooLarge(width: 65_000, height: 65_000, frames: 1)),
            (png(30_000, 30_000), .tooLarge(width: 30_000, height: 30_000, frames: 1)),
            (png(4_000_000_000, 4_000_000_000), .tooLarge(width: 4_000_000_000, height: 4_000_000_000, frames: 1)),
            (png(2049, 2048), .tooLarge(width: 2049, height: 2048, frames: 1)),
            (png(9000, 10), .tooLarge(width: 9000, height: 10, frames: 1)),
            (jpeg(65_535, 65_535), .tooLarge(width: 65_535, height: 65_535, frames: 1)),
            (gif(screen: (1000, 1000), frame: (1000, 1000), frames: 5), .tooLarge(width: 1000, height: 1000, frames: 5)),
            (webp("VP8X", [0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]), .tooLarge(width: 16_777_216, height: 16_777_216, frames: 1)),
            (png(0, 10), .notAPicture), (Array(png(10, 10).prefix(20)), .notAPicture), (jpeg(0, 0), .notAPicture),
            (Array("<!DOCTYPE html><html>".utf8), .notAPicture), (Array("<svg xmlns=\"http://www.w3.org/2000/svg\">".utf8), .notAPicture),
            (Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8), .notAPicture), ([0xFF, 0xD8, 0xFF, 0xD9], .notAPicture), ([], .notAPicture),
        ] as [([UInt8], PictureHeader.Refusal)])
    func bombsAndNonPicturesAreRefused(_ bytes: [UInt8], _ refusal: PictureHeader.Refusal) {
        #expect(PictureHeader.checked(bytes) == .failure(refusal))
    }

    @Test func theLargestAllowedPassesAndScalingKeepsTheProportions() throws {
        let largest = try PictureHeader.checked(Self.png(2048, 2048)).get()
        #expect(largest.pixels == PictureHeader.maximumPixels)
        #expect(largest.scaled(toFit: 70) == (70, 70))
        #expect(PictureHeader(format: .png, width: 8000, height: 400).scaled(toFit: 70) == (70, 3))
        #expect(PictureHeader(format: .jpeg, width: 30, height: 4000).scaled(toFit: 70) == (1, 70))
        #expect(PictureHeader(format: .gif, width: 35, height: 20).scaled(toFit: 70) == (35, 20), "never larger than it is")
    }

    /// Every prefix of every header, and every byte changed: never a trap.
    @Test func brokenHeadersNeverTrap() {
        for bytes in [Self.png(180, 180), Self.jpeg(440, 330), Self.gif(screen: (50, 50), frame: (50, 50), frames: 2)] {
            for length in 0...bytes.count { _ = PictureHeader.checked(Array(bytes.prefix(length))) }
            for index in bytes.indices {
                var changed = bytes
                changed[index] = 0xFF
                _ = PictureHeader.checked(changed)
            }
        }
    }
}
