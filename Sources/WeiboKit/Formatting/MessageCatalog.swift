/// Where the words of the program's messages come from: a gettext catalog, or none (English).
///
/// Messages are identified by their English text (gettext's message ids); a catalog returns
/// the translation, or the id itself when it has none. WeiboKit never looks a catalog up on
/// disk: the desktop layer hands one in (`GettextCatalog`), and without one everything is English.
public protocol MessageCatalog: Sendable {
    /// The language of the translations this catalog gives.
    var language: Language { get }
    /// The translation of `message`, or `message`.
    func translate(_ message: String) -> String
    /// The translation of the form of `singular`/`plural` that fits `count`.
    func translate(_ singular: String, plural: String, count: Int) -> String
}

/// No catalog: the message ids, which are English, with English plurals.
public struct EnglishMessages: MessageCatalog {
    public init() {}

    public var language: Language { .english }

    public func translate(_ message: String) -> String { message }

    public func translate(_ singular: String, plural: String, count: Int) -> String {
        count == 1 ? singular : plural
    }
}
