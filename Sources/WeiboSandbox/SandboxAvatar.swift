/// A small generated avatar per user: a 32×32 PNG in a colour of its own with a lighter square,
/// the same for the same uid, so tests and the demo have real images to fetch and cache.
enum SandboxAvatar {
    static let size = 32

    /// The PNG file's bytes.
    static func png(for uid: Int64) -> [UInt8] {
        var seed = UInt64(bitPattern: uid) &* 0x9E37_79B9_7F4A_7C15
        func channel() -> UInt8 {
            seed ^= seed >> 29
            seed = seed &* 0xBF58_476D_1CE4_E5B9
            return UInt8(truncatingIfNeeded: 64 + (seed >> 58) * 2)
        }
        let base = (channel(), channel(), channel())
        var pixels: [UInt8] = []
        for y in 0..<size {
            pixels.append(0)  // no filter on this row
            for x in 0..<size {
                let inner = (8..<24).contains(x) && (8..<24).contains(y)
                let lift: UInt8 = inner ? 96 : 0
                pixels += [base.0 &+ lift, base.1 &+ lift, base.2 &+ lift]
            }
        }
        var header: [UInt8] = []
        header += bigEndian(UInt32(size)) + bigEndian(UInt32(size))
        header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, no filter, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlibStored(pixels)) + chunk("IEND", [])
    }

    /// A picture bomb: a PNG whose header says `width` × `height` grey pixels, with the first
    /// rows' data only (a decoder that trusts the header allocates the whole before it finds out).
    static func bomb(width: UInt32, height: UInt32) -> [UInt8] {
        var header: [UInt8] = []
        header += bigEndian(width) + bigEndian(height)
        header += [8, 0, 0, 0, 0]  // 8 bits, grey, deflate, no filter, no interlace
        let rows = [UInt8](repeating: 0, count: min(Int(width) + 1, 65_535) * 2)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlibStored(rows)) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// The data in a zlib stream of stored (uncompressed) deflate blocks.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let last: UInt8 = offset + length == data.count ? 1 : 0
            out += [last, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
