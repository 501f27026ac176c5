/// A document that could not be read as the Weibo model it should be.
///
/// It names where the problem is (`statuses[3].user.id`) and what was wrong, so that a user or a
/// bug report can point at the field. Built once, in `WeiboJSON`, from a `JSONSyntaxError` or
/// Swift's `DecodingError`.
public struct DecodingFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where in the document: `statuses[3].user.id`, or empty for the whole document.
    public var codingPath: String
    /// What was wrong there, to be said in the user's language.
    public var message: LocalizableMessage
    /// The id of the list element left out, when that much of it could be read.
    public var itemID: String?

    /// What was wrong there, in English.
    public var reason: String { message.description }

    public init(codingPath: String, message: LocalizableMessage) {
        self.codingPath = codingPath
        self.message = message
    }

    public init(codingPath: String, reason: String) {
        self.init(codingPath: codingPath, message: .verbatim(reason))
    }

    /// The same place and the same words.
    public static func == (lhs: DecodingFailure, rhs: DecodingFailure) -> Bool {
        lhs.codingPath == rhs.codingPath && lhs.reason == rhs.reason
    }

    public var description: String { explanation(Localizer()) }

    /// The place and the problem in the localizer's language.
    public func explanation(_ localizer: Localizer) -> String {
        let reason = message.text(localizer)
        let placed = codingPath.isEmpty ? reason : localizer.tr("at %s: %s", codingPath, reason)
        return itemID.map { localizer.tr("id %s, %s", $0, placed) } ?? placed
    }

    init(_ error: JSONSyntaxError) {
        self.init(codingPath: "", message: .tr("not valid JSON (%s)", .message(error.message)))
    }

    /// From a decoding error: the project's coders put their words in `underlyingError`; for any
    /// other error its English is kept as it is.
    init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(path: context.codingPath, context, or: Self.reason(context, fallback: "expected \(Self.name(of: type))"))
        case .valueNotFound(let type, let context):
            self.init(path: context.codingPath, context, or: "expected \(Self.name(of: type)), found null")
        case .keyNotFound(let key, let context):
            self.init(path: context.codingPath + [key], context, or: "required key is missing")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, !(context.underlyingError is LocalizableMessage) {
                let detail = context.underlyingError.map { String(describing: $0) } ?? context.debugDescription
                self.init(path: [], context, or: "not valid JSON (\(Self.shorten(detail)))")
            } else {
                self.init(path: context.codingPath, context, or: Self.reason(context, fallback: "invalid value"))
            }
        @unknown default:
            self.init(codingPath: "", reason: String(describing: error))
        }
    }

    private init(path: [any CodingKey], _ context: DecodingError.Context, or english: String) {
        self.init(
            codingPath: Self.render(path),
            message: (context.underlyingError as? LocalizableMessage) ?? .verbatim(english))
    }

    /// `statuses[3].user.id` from the coding keys.
    static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text
    }

    private static func reason(_ context: DecodingError.Context, fallback: String) -> String {
        let debug = context.debugDescription
        // Foundation's own messages are long and mention Swift types; ours start in lower case.
        if let first = debug.first, first.isLowercase { return debug }
        if debug.hasPrefix("Expected to decode") {
            return fallback + ", found " + Self.foundKind(in: debug)
        }
        return fallback
    }

    private static func foundKind(in debug: String) -> String {
        // "Expected to decode Int64 but found a string instead." → "a string"
        guard let range = debug.range(ofText: "but found ") else { return "another type" }
        var rest = String(debug[range.upperBound...])
        if rest.hasSuffix(" instead.") { rest.removeLast(" instead.".count) }
        return rest
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is any BinaryInteger.Type, is any BinaryFloatingPoint.Type: return "a number"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "an object (\(name))"
        }
    }

    private static func shorten(_ text: String) -> String {
        text.count > 160 ? String(text.prefix(157)) + "..." : text
    }
}
