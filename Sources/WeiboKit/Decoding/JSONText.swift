/// Writing JSON by hand, for the few places that print it line by line, and for `JSONWriter`.
public enum JSONText {
    /// `text` as a JSON string literal, quotes included: one line, control characters escaped.
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string literal to UTF-8 `bytes`. Only ASCII needs escaping (a
    /// quote, a backslash, control characters), and no byte of a multi-byte UTF-8 sequence is
    /// ASCII: the runs between escapes are copied whole, without reading characters.
    public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): bytes += #"\""#.utf8
                case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
                case UInt8(ascii: "\n"): bytes += #"\n"#.utf8
                case UInt8(ascii: "\r"): bytes += #"\r"#.utf8
                case UInt8(ascii: "\t"): bytes += #"\t"#.utf8
                default:
                    bytes += #"\u00"#.utf8
                    bytes.append(hexDigits[Int(byte >> 4)])
                    bytes.append(hexDigits[Int(byte & 0xF)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
