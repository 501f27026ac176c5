import CGLib
import Glibc

/// Sets up the process for gettext: its locale from the environment, and where the catalogs are.
public enum Gettext {
    /// Binds the program's catalogs to `localeDirectory` (`…/share/locale`), read as UTF-8.
    public static func bind(localeDirectory: String) {
        _ = bindtextdomain(GettextCatalog.domain, localeDirectory)
        _ = bind_textdomain_codeset(GettextCatalog.domain, "UTF-8")
    }

    /// Takes the locale from the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`) and binds the
    /// catalogs. Call once, first thing, before any other thread starts.
    ///
    /// When the environment names a locale this machine lacks, the process takes that
    /// language's UTF-8 locale where there is one (`LANG=zh_CN`, with only `zh_CN.UTF-8`
    /// generated). Else it keeps UTF-8 (`C.UTF-8`) and asks gettext for the language through
    /// `LANGUAGE` (a fresh system where `zh_CN.UTF-8` was never generated): Debian 12's glibc
    /// (2.36) follows it there; Debian 13's (2.41) ignores `LANGUAGE` in `C.UTF-8` as in `C`,
    /// and the text is English, as in every program there.
    public static func setUpProcess(localeDirectory: String, environment: [String: String]) {
        if setlocale(LC_ALL, "") == nil, requestedLanguage(environment).flatMap({ setlocale(LC_ALL, $0 + ".UTF-8") }) == nil {
            _ = setlocale(LC_ALL, "C.UTF-8")
            if (environment["LANGUAGE"] ?? "").isEmpty, let language = requestedLanguage(environment) {
                setenv("LANGUAGE", language, 1)
            }
        }
        bind(localeDirectory: localeDirectory)
    }

    /// The language part (`zh_CN`) of the locale the environment names for messages, or `nil`
    /// for none, `C` and `POSIX`.
    public static func requestedLanguage(_ environment: [String: String]) -> String? {
        guard let name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty })
        else { return nil }
        let language = String(name.prefix { $0 != "." && $0 != "@" })
        return language == "C" || language == "POSIX" || language.isEmpty ? nil : language
    }
}
