/// The language of everything the program writes for people.
public enum Language: String, Equatable, Hashable, Sendable, CaseIterable {
    case english = "en"
    case chinese = "zh"

    /// The language of the user's locale, looked up as gettext does for messages:
    /// `LC_ALL`, then `LC_MESSAGES`, then `LANG`; the first one set decides.
    /// `zh_CN.UTF-8`, `zh_TW`, `zh` give Chinese; anything else (`C`, `POSIX`, `en_GB`) English.
    public init(environment: [String: String]) {
        let setting = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .lazy
            .compactMap { environment[$0] }
            .first { !$0.isEmpty }
        self = (setting?.lowercased().hasPrefix("zh") ?? false) ? .chinese : .english
    }
}
