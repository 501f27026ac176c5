/// Decodes `Decodable` models from a `JSONValue`, with the errors Swift's coding protocols
/// define: each carries the coding path, and its words say what was expected and what was found
/// (`expected a number, found a string`), as a `LocalizableMessage` in `underlyingError`, which
/// `DecodingFailure` keeps for any language.
///
/// It reads what Foundation's `JSONDecoder` reads for the types the project uses: numbers into
/// any integer type when they fit exactly, and into `Double`/`Float`; no key strategy.
public struct JSONTreeDecoder {
    public init() {}

    /// The model at `value`; `codingPath` is where the value sits in its document (errors name
    /// it), for a value read on its own, such as one element of a streamed list.
    public func decode<Model: Decodable>(_ type: Model.Type, from value: JSONValue, codingPath: [any CodingKey] = []) throws -> Model {
        try Model(from: TreeDecoder(value: value, codingPath: codingPath))
    }
}

/// A position in an array, as a coding key: rendered `[3]` in paths.
struct IndexKey: CodingKey {
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { index = intValue }
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}

/// The context of an error: its path, and its message for later in `underlyingError`.
///
/// `debugDescription` is only the message's id: many of these errors are caught and dropped
/// (a field tried as a number, then as a string), so no words are put together before they are
/// needed; `DecodingFailure` says them.
func decodingContext(_ path: [any CodingKey], _ message: LocalizableMessage) -> DecodingError.Context {
    .init(codingPath: path, debugDescription: message.id, underlyingError: message)
}

/// The value at one coding path.
private struct TreeDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw Read.mismatch([String: Any].self, JSONValue.objectWord, value, codingPath)
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw Read.mismatch([Any].self, JSONValue.arrayWord, value, codingPath)
        }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: value, codingPath: codingPath)
    }
}

/// Reading one value as a Swift type: shared by the three kinds of container. The path is
/// built only for an error: most fields decode fine, and each path is an array to allocate.
private enum Read {
    static func mismatch<T>(_ type: T.Type, _ expected: LocalizableMessage, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
        let message = LocalizableMessage.tr("expected %s, found %s", .message(expected), .message(value.kind))
        return value == .null ? .valueNotFound(type, decodingContext(path, message)) : .typeMismatch(type, decodingContext(path, message))
    }

    static func bool(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(Bool.self, JSONValue.boolWord, value, path()) }
        return flag
    }

    static func string(_ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> String {
        guard case .string(let text) = value else { throw mismatch(String.self, JSONValue.stringWord, value, path()) }
        return text
    }

    static func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, _ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]) throws -> Integer {
        guard case .number(let text) = value else { throw mismatch(type, JSONValue.numberWord, value, path()) }
        if let number = Integer(text) { return number }
        // `1.0` or `1e3`: a whole number written another way.
        if let real = Double(text), let number = Integer(exactly: real) { return number }
        throw DecodingError.dataCorrupted(decodingContext(path(), .tr("the number %s is not a whole number that fits", .text(String(text.prefix(40))))))
    }

    static func floating<Real: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: Real.Type, _ value: JSONValue, _ path: @autoclosure () -> [any CodingKey]
    ) throws -> Real {
        guard case .number(let text) = value else { throw mismatch(type, JSONValue.numberWord, value, path()) }
        guard let number = Real(text), number.isFinite else {
            throw DecodingError.dataCorrupted(decodingContext(path(), .tr("the number %s is out of range", .text(String(text.prefix(40))))))
        }
        return number
    }

    static func model<Model: Decodable>(_ type: Model.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> Model {
        try Model(from: TreeDecoder(value: value, codingPath: path))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: JSONObject
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func value(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, decodingContext(codingPath, .tr("required key is missing")))
        }
        return value
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key) == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try Read.bool(value(key), path(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try Read.string(value(key), path(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try Read.floating(type, value(key), path(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try Read.floating(type, value(key), path(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try Read.integer(type, value(key), path(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try Read.integer(type, value(key), path(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try Read.integer(type, value(key), path(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try Read.integer(type, value(key), path(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try Read.integer(type, value(key), path(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try Read.integer(type, value(key), path(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try Read.integer(type, value(key), path(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try Read.integer(type, value(key), path(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try Read.integer(type, value(key), path(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try Read.integer(type, value(key), path(key)) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try Read.model(type, value(key), path(key)) }

    // One look-up for an optional, instead of the default's three.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return try Read.string(value, path(key))
    }

    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return try Read.integer(type, value, path(key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return try Read.bool(value, path(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return try Read.model(type, value, path(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(value: value(key), codingPath: path(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(value: value(key), codingPath: path(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(value: members["super"] ?? .null, codingPath: codingPath + [SuperKey()])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: members[key.stringValue] ?? .null, codingPath: path(key))
    }
}

/// `super`, the key of `superDecoder()`.
private struct SuperKey: CodingKey {
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
    var stringValue: String { "super" }
    var intValue: Int? { nil }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    static let endOfArray = LocalizableMessage.tr("the array has no more elements")

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element and its path; the index moves on only when `read` succeeds.
    private mutating func next<T>(_ type: T.Type, _ read: (JSONValue, [any CodingKey]) throws -> T) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, decodingContext(codingPath + [IndexKey(currentIndex)], Self.endOfArray))
        }
        let value = try read(elements[currentIndex], codingPath + [IndexKey(currentIndex)])
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any?.self, decodingContext(codingPath + [IndexKey(currentIndex)], Self.endOfArray))
        }
        if elements[currentIndex] == .null {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try Read.bool($0, $1) } }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) { try Read.string($0, $1) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try Read.floating(type, $0, $1) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try Read.floating(type, $0, $1) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) { try Read.integer(type, $0, $1) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) { try Read.integer(type, $0, $1) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) { try Read.integer(type, $0, $1) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) { try Read.integer(type, $0, $1) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) { try Read.integer(type, $0, $1) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) { try Read.integer(type, $0, $1) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) { try Read.integer(type, $0, $1) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) { try Read.integer(type, $0, $1) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) { try Read.integer(type, $0, $1) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) { try Read.integer(type, $0, $1) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try Read.model(type, $0, $1) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { try TreeDecoder(value: $0, codingPath: $1).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next(UnkeyedContainer.self) { value, path in
            guard case .array(let elements) = value else { throw Read.mismatch([Any].self, JSONValue.arrayWord, value, path) }
            return UnkeyedContainer(elements: elements, codingPath: path)
        }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next(TreeDecoder.self) { TreeDecoder(value: $0, codingPath: $1) }
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool { try Read.bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try Read.string(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try Read.floating(type, value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try Read.floating(type, value, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try Read.integer(type, value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try Read.integer(type, value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try Read.integer(type, value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try Read.integer(type, value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try Read.integer(type, value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try Read.integer(type, value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try Read.integer(type, value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try Read.integer(type, value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try Read.integer(type, value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try Read.integer(type, value, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try Read.model(type, value, codingPath) }
}
