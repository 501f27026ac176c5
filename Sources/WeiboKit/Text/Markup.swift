/// Escaping for XML-like markup: Pango (waybar, notification bodies) and HTML (the sandbox's pages).
public enum Markup {
    /// `&`, `<` and `>` escaped; with `quotes`, `"` too (for attribute values). Characters that
    /// markup may not hold at all (C0 controls but tab and newlines, U+FFFE, U+FFFF) are left out:
    /// one of them would make Pango, and so a bar or a bubble, drop the whole text.
    public static func escaped(_ text: String, quotes: Bool = false) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            case "\"" where quotes: result.append(contentsOf: "&quot;".unicodeScalars)
            default:
                let value = scalar.value
                if (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0xFFFE || value == 0xFFFF { continue }
                result.append(scalar)
            }
        }
        return String(result)
    }
}
