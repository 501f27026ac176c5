/// The language of everything the program writes for people: the one of the message catalog
/// in use, which also decides what is not a word (万 against K).
public enum Language: String, Equatable, Hashable, Sendable, CaseIterable {
    case english = "en"
    case chinese = "zh"
}
