/// Words chosen later: a message made where no `Localizer` is at hand (the JSON coders, the
/// decoding helpers) and said in the user's language where one is, with `text(_:)`.
///
/// Its id is a gettext message id written through `LocalizableMessage.tr`, so that
/// `Scripts/update-messages.py` collects it like any other; arguments are plain text, or
/// messages of their own (`expected a number, found a string` is one message and two words).
public struct LocalizableMessage: Error, Equatable, Sendable, CustomStringConvertible {
    public indirect enum Argument: Equatable, Sendable {
        case text(String)
        case message(LocalizableMessage)
    }

    public let id: String
    public let arguments: [Argument]

    private init(id: String, arguments: [Argument]) {
        self.id = id
        self.arguments = arguments
    }

    /// A message with its id and the arguments for its placeholders.
    public static func tr(_ id: String, _ arguments: Argument...) -> LocalizableMessage {
        LocalizableMessage(id: id, arguments: arguments)
    }

    /// Text that is not a message of the program's (a library's words, a value), said as it is.
    public static func verbatim(_ text: String) -> LocalizableMessage {
        LocalizableMessage(id: "%s", arguments: [.text(text)])
    }

    /// In English.
    public var description: String { text(Localizer()) }

    /// In the localizer's language.
    public func text(_ localizer: Localizer) -> String {
        let words: [String] = arguments.map { argument in
            switch argument {
            case .text(let text): return text
            case .message(let message): return message.text(localizer)
            }
        }
        return MessageFormat.format(localizer.catalog.translate(id), words)
    }
}
