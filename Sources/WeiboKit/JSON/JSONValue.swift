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
    case object([String: JSONValue])

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
