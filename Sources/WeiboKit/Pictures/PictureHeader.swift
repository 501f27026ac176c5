/// What a picture's own bytes say of it before it is decoded: its format, its size, and for a
/// GIF how many frames it has and their pixels added up.
///
/// A picture is decoded at its full size before it is scaled (gdk-pixbuf's PNG loader always,
/// and a notification server handed its file), so a file of 500 KB can stand for 65,000 ×
/// 65,000 pixels and gigabytes once decoded. Every picture the daemon keeps or the popup draws
/// is read here first and refused past `maximumPixels`; a refused one is a placeholder.
public struct PictureHeader: Equatable, Sendable {
    public enum Format: String, Sendable { case png, jpeg, gif, webp }

    public var format: Format
    public var width: Int
    public var height: Int
    /// The frames a decoder makes (a GIF's images; 1 for the others).
    public var frames: Int
    /// The pixels those frames hold together: what decoding costs, 4 bytes each.
    public var pixels: Int

    /// The most pixels decoded for one picture: 2048 × 2048 (16 MiB decoded). A popup's cell
    /// draws a picture at 70 px, a bubble at about 100; Weibo's thumbnails are under 500 px.
    public static let maximumPixels = 2048 * 2048
    /// The longest side: a panorama may be long, not 65,000 px.
    public static let maximumSide = 8192

    /// Why a picture is not decoded.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// Not a PNG, JPEG, GIF or WebP file, or its header is broken or cut short.
        case notAPicture
        /// More pixels than `maximumPixels`, or a side longer than `maximumSide`.
        case tooLarge(width: Int, height: Int, frames: Int)

        public var description: String {
            switch self {
            case .notAPicture: return "not a PNG, JPEG, GIF or WebP picture"
            case .tooLarge(let width, let height, let frames):
                return "\(width)×\(height) pixels" + (frames > 1 ? " in \(frames) frames" : "") + ", more than a picture is decoded at"
            }
        }
    }

    public init(format: Format, width: Int, height: Int, frames: Int = 1, pixels: Int? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.frames = frames
        // A PNG's sides are 32 bits each: their product may not fit.
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        self.pixels = pixels ?? (overflow ? Int.max : product)
    }

    /// The header of `bytes` when it is a picture that may be decoded, else why not.
    public static func checked(_ bytes: [UInt8]) -> Result<PictureHeader, Refusal> {
        guard let header = PictureHeader(bytes) else { return .failure(.notAPicture) }
        guard header.width <= maximumSide, header.height <= maximumSide, header.pixels <= maximumPixels else {
            return .failure(.tooLarge(width: header.width, height: header.height, frames: header.frames))
        }
        return .success(header)
    }

    /// Reads the header of `bytes`; nil when they are not one of the four formats, or the
    /// header is broken (a side of 0, a block that runs past the end).
    public init?(_ bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        let parsed: PictureHeader?
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            parsed = Self.png(&reader)
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            parsed = Self.jpeg(&reader)
        } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            parsed = Self.gif(&reader)
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            parsed = Self.webp(&reader)
        } else {
            parsed = nil
        }
        guard let parsed, parsed.width > 0, parsed.height > 0, parsed.frames > 0 else { return nil }
        self = parsed
    }

    /// The size that fits `header` into `box` × `box`, its proportions kept (never larger than it is).
    public func scaled(toFit box: Int) -> (width: Int, height: Int) {
        guard width > box || height > box else { return (width, height) }
        if width >= height { return (box, max(1, height * box / width)) }
        return (max(1, width * box / height), box)
    }

    // MARK: - The formats

    /// The IHDR chunk, first after the signature.
    private static func png(_ reader: inout ByteReader) -> PictureHeader? {
        reader.skip(8)
        guard reader.bigEndian(4) == 13, reader.tag() == "IHDR", let width = reader.bigEndian(4), let height = reader.bigEndian(4) else { return nil }
        return PictureHeader(format: .png, width: width, height: height)
    }

    /// The first start-of-frame marker, segment by segment.
    private static func jpeg(_ reader: inout ByteReader) -> PictureHeader? {
        reader.skip(2)
        while let byte = reader.byte() {
            guard byte == 0xFF else { return nil }
            // Fill bytes (0xFF) may stand before a marker.
            var marker = reader.byte()
            while marker == 0xFF { marker = reader.byte() }
            guard let marker else { return nil }
            switch marker {
            case 0x01, 0xD0...0xD8: continue  // no length
            case 0xD9, 0xDA: return nil  // the end, or the scan, before any frame
            default: break
            }
            guard let length = reader.bigEndian(2), length >= 2 else { return nil }
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            guard isFrame else {
                guard reader.skip(length - 2) else { return nil }
                continue
            }
            reader.skip(1)  // precision
            guard let height = reader.bigEndian(2), let width = reader.bigEndian(2) else { return nil }
            return PictureHeader(format: .jpeg, width: width, height: height)
        }
        return nil
    }

    /// The logical screen, then every image of the stream: each is decoded onto a canvas at least
    /// the screen's size, so each frame costs the larger of the two.
    private static func gif(_ reader: inout ByteReader) -> PictureHeader? {
        reader.skip(6)
        guard let width = reader.littleEndian(2), let height = reader.littleEndian(2), let packed = reader.byte() else { return nil }
        reader.skip(2)
        if packed & 0x80 != 0 { guard reader.skip(3 << (Int(packed & 7) + 1)) else { return nil } }
        var frames = 0
        var pixels = 0
        func subBlocks(_ reader: inout ByteReader) -> Bool {
            while let size = reader.byte() {
                if size == 0 { return true }
                guard reader.skip(Int(size)) else { return false }
            }
            return false
        }
        loop: while let introducer = reader.byte() {
            switch introducer {
            case 0x21:
                guard reader.skip(1), subBlocks(&reader) else { break loop }
            case 0x2C:
                reader.skip(4)
                guard let frameWidth = reader.littleEndian(2), let frameHeight = reader.littleEndian(2), let flags = reader.byte() else { break loop }
                frames += 1
                pixels += max(frameWidth * frameHeight, width * height)
                // Past the bound already: no need to read the rest.
                if pixels > maximumPixels { break loop }
                if flags & 0x80 != 0 { guard reader.skip(3 << (Int(flags & 7) + 1)) else { break loop } }
                guard reader.skip(1), subBlocks(&reader) else { break loop }
            default:
                break loop  // the trailer (0x3B), or bytes a decoder stops at
            }
        }
        // A stream cut short still decodes the frames it began.
        return PictureHeader(format: .gif, width: width, height: height, frames: max(frames, 1), pixels: max(pixels, width * height))
    }

    /// The first chunk: VP8X (the canvas), VP8 (lossy) or VP8L (lossless).
    private static func webp(_ reader: inout ByteReader) -> PictureHeader? {
        reader.skip(12)
        guard let tag = reader.tag(), reader.skip(4) else { return nil }
        switch tag {
        case "VP8X":
            guard reader.skip(4), let width = reader.littleEndian(3), let height = reader.littleEndian(3) else { return nil }
            return PictureHeader(format: .webp, width: width + 1, height: height + 1)
        case "VP8 ":
            guard reader.skip(3), reader.byte() == 0x9D, reader.byte() == 0x01, reader.byte() == 0x2A,
                let width = reader.littleEndian(2), let height = reader.littleEndian(2)
            else { return nil }
            return PictureHeader(format: .webp, width: width & 0x3FFF, height: height & 0x3FFF)
        case "VP8L":
            guard reader.byte() == 0x2F, let bits = reader.littleEndian(4) else { return nil }
            return PictureHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        default:
            return nil
        }
    }
}

/// Reads bytes forward; every read past the end is nil (never a trap).
private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    @discardableResult
    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= bytes.count - offset else {
            offset = bytes.count
            return false
        }
        offset += count
        return true
    }

    mutating func bigEndian(_ count: Int) -> Int? {
        guard count <= bytes.count - offset else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    mutating func littleEndian(_ count: Int) -> Int? {
        guard count <= bytes.count - offset else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    mutating func tag() -> String? {
        guard 4 <= bytes.count - offset else { return nil }
        defer { offset += 4 }
        return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }
}
