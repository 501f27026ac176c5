/// Encodes `Encodable` models into a `JSONValue` (written out by `JSONWriter`).
///
/// Containers write into shared nodes, so that a nested container, or a model encoded into a
/// key, lands in its parent however the model's `encode(to:)` orders its calls.
public struct JSONTreeEncoder {
    public init() {}

    public func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
        let root = Node()
        try value.encode(to: TreeEncoder(node: root, codingPath: []))
        return root.json
    }
}

/// One value being built: a finished value, or an object or array still being filled.
private final class Node {
    /// A member or element: a finished value, or a node still being filled.
    enum Child {
        case value(JSONValue)
        case node(Node)

        var json: JSONValue {
            switch self {
            case .value(let value): return value
            case .node(let node): return node.json
            }
        }
    }

    enum Content {
        case value(JSONValue)
        /// The members in the order they were set (a key set again: the last one counts).
        case object([(key: String, child: Child)])
        case array([Child])
    }

    var content: Content = .value(.null)

    init() {}

    /// The members sorted by key, each key once (the last set), as the writer writes them.
    var json: JSONValue {
        switch content {
        case .value(let value): return value
        case .object(let members):
            // Sorted by key, then by the order they were set in: the last of equal keys is kept.
            let order = members.indices.sorted { members[$0].key < members[$1].key || (members[$0].key == members[$1].key && $0 < $1) }
            var object = JSONObject()
            for (position, index) in order.enumerated() {
                let key = members[index].key
                if position + 1 < order.count, members[order[position + 1]].key == key { continue }
                object.append(key, members[index].child.json)
            }
            return .object(object)
        case .array(let elements): return .array(elements.map(\.json))
        }
    }

    /// Makes the node an object (keeping members already there) and sets `child` at `key`.
    func set(_ child: Child, at key: String) {
        if case .object(var members) = content {
            content = .value(.null)  // one reference to the members while they change
            members.append((key: key, child: child))
            content = .object(members)
        } else {
            content = .object([(key: key, child: child)])
        }
    }

    func append(_ child: Child) {
        if case .array(var elements) = content {
            content = .value(.null)
            elements.append(child)
            content = .array(elements)
        } else {
            content = .array([child])
        }
    }

    func becomeObject() {
        if case .object = content { return }
        content = .object([])
    }

    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }

    var count: Int {
        if case .array(let elements) = content { return elements.count }
        if case .object(let members) = content { return members.count }
        return 0
    }
}

/// A value as JSON, for the types with a JSON form of their own.
private enum Box {
    static func number<Integer: FixedWidthInteger>(_ value: Integer) -> JSONValue { .number(String(value)) }

    static func number<Real: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Real, _ path: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "JSON has no \(value)"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }

    static func model<Value: Encodable>(_ value: Value, _ path: [any CodingKey]) throws -> Node {
        let node = Node()
        try value.encode(to: TreeEncoder(node: node, codingPath: path))
        return node
    }
}

private struct TreeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func put(_ value: JSONValue, _ key: Key) { node.set(.value(value), at: key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(try Box.number(value, codingPath + [key]), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(try Box.number(value, codingPath + [key]), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(Box.number(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(Box.number(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(Box.number(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(Box.number(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(Box.number(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(Box.number(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(Box.number(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(Box.number(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(Box.number(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(Box.number(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.set(.node(try Box.model(value, codingPath + [key])), at: key.stringValue)
    }

    /// An encoder for a new member at `name`.
    private func child(at name: String, path: [any CodingKey]) -> TreeEncoder {
        let child = Node()
        node.set(.node(child), at: name)
        return TreeEncoder(node: child, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        child(at: key.stringValue, path: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        child(at: key.stringValue, path: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { child(at: "super", path: codingPath) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { child(at: key.stringValue, path: codingPath + [key]) }
}

/// The primitive `encode` methods, the same for an unkeyed and a single-value container: each
/// puts one value where the container puts values.
private protocol PrimitiveEncoding {
    /// The path of the value `put` places, for an error.
    var valuePath: [any CodingKey] { get }
    func put(_ value: JSONValue)
}

extension PrimitiveEncoding {
    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try Box.number(value, valuePath)) }
    mutating func encode(_ value: Float) throws { put(try Box.number(value, valuePath)) }
    mutating func encode(_ value: Int) throws { put(Box.number(value)) }
    mutating func encode(_ value: Int8) throws { put(Box.number(value)) }
    mutating func encode(_ value: Int16) throws { put(Box.number(value)) }
    mutating func encode(_ value: Int32) throws { put(Box.number(value)) }
    mutating func encode(_ value: Int64) throws { put(Box.number(value)) }
    mutating func encode(_ value: UInt) throws { put(Box.number(value)) }
    mutating func encode(_ value: UInt8) throws { put(Box.number(value)) }
    mutating func encode(_ value: UInt16) throws { put(Box.number(value)) }
    mutating func encode(_ value: UInt32) throws { put(Box.number(value)) }
    mutating func encode(_ value: UInt64) throws { put(Box.number(value)) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer, PrimitiveEncoding {
    let node: Node
    let codingPath: [any CodingKey]

    var count: Int { node.count }

    var valuePath: [any CodingKey] { codingPath + [IndexKey(count)] }
    func put(_ value: JSONValue) { node.append(.value(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws { node.append(.node(try Box.model(value, valuePath))) }

    /// An encoder for a new element at the end.
    private func appendChild() -> TreeEncoder {
        let child = Node()
        let path = valuePath
        node.append(.node(child))
        return TreeEncoder(node: child, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        appendChild().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { appendChild().unkeyedContainer() }

    mutating func superEncoder() -> any Encoder { appendChild() }
}

private struct SingleValueContainer: SingleValueEncodingContainer, PrimitiveEncoding {
    let node: Node
    let codingPath: [any CodingKey]

    var valuePath: [any CodingKey] { codingPath }
    func put(_ value: JSONValue) { node.content = .value(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: TreeEncoder(node: node, codingPath: codingPath))
    }
}
