/// A JSON document as Swift values: what `JSONParser` reads, `JSONTreeDecoder` decodes models
/// from, `JSONTreeEncoder` encodes models into and `JSONWriter` writes.
///
/// The project's own, instead of Foundation's JSON coders: a few hundred lines that keep the
/// notifier's resident memory down (Foundation's JSON code is large, and the daemon touches it
/// every poll) and read a timeline page faster.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number as written in the document, so that a 64-bit id keeps every digit; read as the
    /// type a model asks for.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// What the value is, as messages name it: `a string`, `an object`.
    var kind: LocalizableMessage {
        switch self {
        case .null: return Self.nullWord
        case .bool: return Self.boolWord
        case .number: return Self.numberWord
        case .string: return Self.stringWord
        case .array: return Self.arrayWord
        case .object: return Self.objectWord
        }
    }

    static let nullWord = LocalizableMessage.tr("null")
    static let boolWord = LocalizableMessage.tr("true or false")
    static let numberWord = LocalizableMessage.tr("a number")
    static let stringWord = LocalizableMessage.tr("a string")
    static let arrayWord = LocalizableMessage.tr("an array")
    static let objectWord = LocalizableMessage.tr("an object")
}

/// An object's members in the document's order, found by key (the last of equal keys wins, as
/// in a dictionary). An array rather than a dictionary: an API object has a few dozen keys, a
/// page thousands of objects, and a scan comparing a cheap fingerprint of each key costs less
/// than building a hash table for every object.
public struct JSONObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    private struct Entry: Sendable {
        var key: String
        var fingerprint: UInt64
        var value: JSONValue
    }

    private var entries: [Entry] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        for (key, value) in elements { append(key, value) }
    }

    public var count: Int { entries.count }

    public var keys: [String] { entries.map(\.key) }

    /// The members sorted by key, for writing.
    public var sortedMembers: [(key: String, value: JSONValue)] {
        entries.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    }

    public subscript(key: String) -> JSONValue? {
        let fingerprint = Self.fingerprint(key)
        for entry in entries.reversed() where entry.fingerprint == fingerprint && entry.key == key {
            return entry.value
        }
        return nil
    }

    public mutating func append(_ key: String, _ value: JSONValue) {
        entries.append(Entry(key: key, fingerprint: Self.fingerprint(key), value: value))
    }

    /// FNV-1a over the key's UTF-8: equal keys have equal fingerprints, and different keys of
    /// a few dozen almost never do, so a look-up compares strings only once.
    private static func fingerprint(_ key: String) -> UInt64 {
        func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
            return hash
        }
        return key.utf8.withContiguousStorageIfAvailable { hash($0) } ?? hash(key.utf8)
    }

    /// The same keys with the same values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        let keys = Set(lhs.keys)
        return keys == Set(rhs.keys) && keys.allSatisfy { lhs[$0] == rhs[$0] }
    }
}
