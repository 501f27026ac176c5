import CGLib
import Glibc
import Synchronization
public import WeiboKit

/// The program's gettext catalog (`weibo-notifier.mo`), looked up through glibc.
///
/// `process` follows the process's locale, set once by `Gettext.setUpProcess`; a catalog for a
/// named locale (`zh_CN.UTF-8`) switches the calling thread to that locale for each lookup only,
/// which lets tests use both languages side by side.
public struct GettextCatalog: MessageCatalog {
    public static let domain = "weibo-notifier"

    /// A glibc locale object that is freed with the last catalog using it.
    ///
    /// `@unchecked Sendable`: glibc never changes a locale object after `newlocale`, and
    /// `uselocale` installs it for the calling thread only, so threads may share the handle.
    private final class LocaleObject: @unchecked Sendable {
        let handle: locale_t
        init(_ handle: locale_t) { self.handle = handle }
        deinit { freelocale(handle) }
    }

    private let locale: LocaleObject?
    private let cache = TranslationCache()

    /// The catalog of the process's locale (which `Gettext.setUpProcess` sets once, at start).
    public static let process = GettextCatalog(locale: nil)

    private init(locale: LocaleObject?) {
        self.locale = locale
    }

    /// The catalog for the locale `name`, or `nil` when this machine does not have the locale
    /// (`locale -a` lists those it has). The catalogs must be bound (`Gettext.bind`).
    public init?(localeNamed name: String) {
        guard let handle = newlocale(CGLib_LC_MESSAGES_AND_CTYPE_MASK, name, nil) else { return nil }
        self.init(locale: LocaleObject(handle))
    }

    /// The language the catalog's header names (`Language: zh_CN`); English without a catalog.
    public var language: Language {
        cache.language {
            // Without a catalog gettext returns the id's own pointer, which lives only as long
            // as `withCString`: the header is read inside it.
            let header = "".withCString { id in
                inLocale { dgettext(Self.domain, id) }.map { $0 == id ? "" : String(cString: $0) } ?? ""
            }
            for line in header.split(separator: "\n") where line.hasPrefix("Language:") {
                return line.dropFirst("Language:".count).drop(while: { $0 == " " }).hasPrefix("zh") ? .chinese : .english
            }
            return .english
        }
    }

    public func translate(_ message: String) -> String {
        // The empty id is the catalog's header, never a message.
        guard !message.isEmpty else { return message }
        return cache.value(for: .init(message: message, plural: nil, count: 0)) { lookUp(message) }
    }

    public func translate(_ singular: String, plural: String, count: Int) -> String {
        cache.value(for: .init(message: singular, plural: plural, count: count)) { lookUp(singular, plural: plural, count: count) }
    }

    private func lookUp(_ message: String) -> String {
        // Without a translation gettext returns the id's own pointer, which lives only as long
        // as `withCString`: it is compared, never read after.
        return message.withCString { id in
            guard let text = inLocale({ dgettext(Self.domain, id) }), text != id else { return message }
            return String(cString: text)
        }
    }

    private func lookUp(_ singular: String, plural: String, count: Int) -> String {
        singular.withCString { one in
            plural.withCString { many in
                guard let text = inLocale({ dngettext(Self.domain, one, many, UInt(max(0, count))) }) else { return plural }
                if text == one { return singular }
                if text == many { return plural }
                return String(cString: text)
            }
        }
    }

    private func inLocale<Result>(_ body: () -> Result) -> Result {
        guard let locale else { return body() }
        let previous = uselocale(locale.handle)
        defer { uselocale(previous) }
        return body()
    }
}

/// Translations already looked up. glibc's look-up takes about a microsecond (a lock, the
/// environment, a hash), and laying out a timeline asks for the same few words hundreds of
/// times; a catalog's locale never changes, so neither do its answers. Bounded: emptied when
/// full, as plurals are kept per count.
private final class TranslationCache: Sendable {
    public struct Key: Hashable {
        var message: String
        var plural: String?
        var count: Int
    }

    private static let capacity = 1024
    private let entries = Mutex<[Key: String]>([:])
    private let knownLanguage = Mutex<Language?>(nil)

    public func language(lookUp: () -> Language) -> Language {
        if let known = knownLanguage.withLock({ $0 }) { return known }
        let language = lookUp()
        knownLanguage.withLock { $0 = language }
        return language
    }

    public func value(for key: Key, lookUp: () -> String) -> String {
        if let known = entries.withLock({ $0[key] }) { return known }
        let text = lookUp()
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = text
        }
        return text
    }
}

/// The process's messages in the user's language: for every text outside WeiboKit's phrases.
public let processLocalizer = Localizer(GettextCatalog.process)

/// The translation of `message` in the user's language, placeholders (`%s`, `%d`) filled in.
public func tr(_ message: String, _ arguments: any CustomStringConvertible...) -> String {
    MessageFormat.format(GettextCatalog.process.translate(message), arguments)
}

/// The form of `singular`/`plural` for `count` in the user's language, placeholders filled in.
public func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: any CustomStringConvertible...) -> String {
    MessageFormat.format(GettextCatalog.process.translate(singular, plural: plural, count: count), arguments)
}
