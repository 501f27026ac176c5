/// Why a document is not JSON, and where: `unexpected end of the document at line 1, column 80`.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var problem: LocalizableMessage
    public var line: Int
    public var column: Int

    /// The problem and its place, in any language.
    public var message: LocalizableMessage {
        .tr("%s at line %d, column %d", .message(problem), .text(String(line)), .text(String(column)))
    }

    public var description: String { message.description }
}

/// Reads a JSON document (RFC 8259) into a `JSONValue`.
///
/// Strict about the grammar (no comments, no trailing commas, no leading zeros, nothing after
/// the document), lenient about bytes: invalid UTF-8 inside a string becomes U+FFFD, as does a
/// lone surrogate escape, since a notifier should show a post with one bad byte rather than
/// none. Nesting is limited so that a hostile document cannot exhaust the stack.
public enum JSONParser {
    public static let maximumDepth = 256

    public static func parse(_ data: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try read(data, streaming: nil) { _, _ in }
    }

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse([UInt8](text.utf8))
    }

    /// Reads a document whose top-level object holds a long array under `key`, handing each of
    /// that array's elements to `element` (with its index) as soon as it is read, instead of
    /// keeping it: the tree returned holds an empty array in its place. So a page of any length
    /// never has its whole tree in memory, and each element's tree is fresh in the cache when
    /// it is used. Elements already handed on stay handed on if the document turns out bad
    /// further on; the error is the same as `parse(_:)` gives. A document that repeats the key
    /// (which RFC 8259 leaves undefined) has the elements of each array handed on, where
    /// `parse(_:)` keeps the last.
    public static func parse(
        _ data: [UInt8], streaming key: String, element: (Int, JSONValue) -> Void
    ) throws(JSONSyntaxError) -> JSONValue {
        try read(data, streaming: key, element: element)
    }

    /// `element` is handed down the reader's calls, never kept (it stays non-escaping, with no
    /// `withoutActuallyEscaping`, whose check would put this file's build path in the program).
    private static func read(
        _ data: [UInt8], streaming key: String?, element: (Int, JSONValue) -> Void
    ) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = data.withUnsafeBytes { buffer in
            var reader = Reader(bytes: buffer, streamingKey: key)
            do throws(JSONSyntaxError) {
                let value = try reader.document(handing: element)
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        /// The top-level key whose array's elements are handed on.
        let streamingKey: String?

        init(bytes: UnsafeRawBufferPointer, streamingKey: String?) {
            self.bytes = bytes
            self.streamingKey = streamingKey
        }

        mutating func document(handing element: (Int, JSONValue) -> Void) throws(JSONSyntaxError) -> JSONValue {
            skipWhitespace()
            let value = try peek() == UInt8(ascii: "{") ? object(depth: 0, handing: element) : self.value(depth: 0)
            skipWhitespace()
            guard offset == bytes.count else { throw failure(.tr("unexpected text after the document")) }
            return value
        }

        // MARK: - Values

        mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            guard depth < JSONParser.maximumDepth else { throw failure(.tr("nested more than %d levels deep", .text(String(JSONParser.maximumDepth)))) }
            guard let byte = peek() else { throw unexpected() }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth) { _, _ in }
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw unexpected()
            }
        }

        /// Reads an object; at the top level, the array under the streaming key is handed to
        /// `element` instead of kept.
        mutating func object(depth: Int, handing element: (Int, JSONValue) -> Void) throws(JSONSyntaxError) -> JSONValue {
            offset += 1  // {
            var members = JSONObject()
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard peek() == UInt8(ascii: "\"") else { throw unexpected(.tr("a key in quotes")) }
                let key = try string()
                skipWhitespace()
                try expect(UInt8(ascii: ":"), .tr("':' after a key"))
                skipWhitespace()
                if depth == 0, let streamingKey, peek() == UInt8(ascii: "["), key == streamingKey {
                    try array(depth: depth + 1, handingTo: element)
                    members.append(key, .array([]))
                } else {
                    members.append(key, try value(depth: depth + 1))
                }
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","): offset += 1
                case UInt8(ascii: "}"):
                    offset += 1
                    return .object(members)
                default: throw unexpected(.tr("',' or '}'"))
                }
            }
        }

        mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
            var elements: [JSONValue] = []
            try array(depth: depth) { elements.append($1) }
            return .array(elements)
        }

        /// Reads an array, handing each element on as it is read.
        mutating func array(depth: Int, handingTo element: (Int, JSONValue) -> Void) throws(JSONSyntaxError) {
            guard depth < JSONParser.maximumDepth else { throw failure(.tr("nested more than %d levels deep", .text(String(JSONParser.maximumDepth)))) }
            offset += 1  // [
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                offset += 1
                return
            }
            var index = 0
            while true {
                skipWhitespace()
                element(index, try value(depth: depth + 1))
                index += 1
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","): offset += 1
                case UInt8(ascii: "]"):
                    offset += 1
                    return
                default: throw unexpected(.tr("',' or ']'"))
                }
            }
        }

        mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
            let count = word.utf8CodeUnitCount
            guard offset + count <= bytes.count else {
                offset = bytes.count
                throw failure(.tr("unexpected end of the document"))
            }
            for index in 0..<count where bytes[offset + index] != word.utf8Start[index] {
                offset += index  // at the first byte that differs
                throw unexpected()
            }
            offset += count
        }

        /// A number's text, checked against the grammar: `-? int frac? exp?`.
        mutating func number() throws(JSONSyntaxError) -> String {
            let start = offset
            if peek() == UInt8(ascii: "-") { offset += 1 }
            guard let first = peek(), isDigit(first) else { throw unexpected(.tr("a digit")) }
            offset += 1
            if first == UInt8(ascii: "0"), let next = peek(), isDigit(next) {
                throw failure(.tr("a number cannot start with 0"))
            }
            skipDigits()
            if peek() == UInt8(ascii: ".") {
                offset += 1
                guard let digit = peek(), isDigit(digit) else { throw unexpected(.tr("a digit after '.'")) }
                skipDigits()
            }
            if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
                offset += 1
                if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
                guard let digit = peek(), isDigit(digit) else { throw unexpected(.tr("a digit in the exponent")) }
                skipDigits()
            }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        }

        /// A string's value; the reader is on its opening quote.
        mutating func string() throws(JSONSyntaxError) -> String {
            offset += 1  // "
            let start = offset
            // The common case: no escapes, decoded in one go.
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
                    offset += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw failure(.tr("a control character inside a string")) }
                offset += 1
            }
            var utf8 = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]))
            while true {
                guard offset < bytes.count else { throw failure(.tr("unexpected end of the document inside a string")) }
                let byte = bytes[offset]
                offset += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: utf8, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    try escape(into: &utf8)
                case 0..<0x20:
                    offset -= 1
                    throw failure(.tr("a control character inside a string"))
                default:
                    utf8.append(byte)
                }
            }
        }

        /// One escape sequence after its backslash, appended as UTF-8.
        mutating func escape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
            guard let byte = peek() else { throw failure(.tr("unexpected end of the document inside a string")) }
            offset += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hexQuad()
                if (0xD800...0xDBFF).contains(scalar), peek() == UInt8(ascii: "\\"),
                    offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u")
                {
                    let saved = offset
                    offset += 2
                    let low = try hexQuad()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        offset = saved  // not its pair: the high one alone is replaced below
                    }
                }
                utf8.append(contentsOf: Unicode.Scalar(scalar).map { Array(String($0).utf8) } ?? [0xEF, 0xBF, 0xBD])
            default:
                offset -= 1
                throw failure(.tr("unknown escape '\\%s'", .text(String(Character(Unicode.Scalar(byte))))))
            }
        }

        mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
            guard offset + 4 <= bytes.count else { throw failure(.tr("unexpected end of the document inside a string")) }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[offset]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw unexpected(.tr("a hexadecimal digit"))
                }
                value = value << 4 | UInt32(digit)
                offset += 1
            }
            return value
        }

        // MARK: - Bytes

        func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        mutating func skipDigits() {
            while let byte = peek(), isDigit(byte) { offset += 1 }
        }

        mutating func skipWhitespace() {
            while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
        }

        mutating func expect(_ byte: UInt8, _ what: LocalizableMessage) throws(JSONSyntaxError) {
            guard peek() == byte else { throw unexpected(what) }
            offset += 1
        }

        /// The byte here was not what the grammar allows (`expected` names what it does), or
        /// the document ended.
        func unexpected(_ expected: LocalizableMessage? = nil) -> JSONSyntaxError {
            guard let byte = peek() else { return failure(.tr("unexpected end of the document")) }
            let shown: LocalizableMessage
            switch byte {
            case 0x0A, 0x0D: shown = .tr("line break")
            case 0x20..<0x7F: shown = .verbatim("'\(Character(Unicode.Scalar(byte)))'")
            default: shown = .tr("byte 0x%s", .text(String(byte, radix: 16)))
            }
            guard let expected else { return failure(.tr("unexpected %s", .message(shown))) }
            return failure(.tr("unexpected %s, expected %s", .message(shown), .message(expected)))
        }

        /// An error at the current offset, with its line and column (counted only now).
        func failure(_ problem: LocalizableMessage) -> JSONSyntaxError {
            var line = 1
            var lineStart = 0
            for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            return JSONSyntaxError(problem: problem, line: line, column: offset - lineStart + 1)
        }
    }
}
