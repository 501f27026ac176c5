/// Escaping for XML-like markup: Pango (waybar, notification bodies) and HTML (the sandbox's pages).
public enum Markup {
    /// `&`, `<` and `>` escaped; with `quotes`, `"` too (for attribute values).
    public static func escaped(_ text: String, quotes: Bool = false) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
