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

    /// `text` for a place that may or may not read markup (a tray's tooltip: KDE reads it as
    /// rich text when it sees a tag, XFCE and waybar as Pango markup, others as plain text):
    /// `<`, `>` and `&` become their full-width forms, which read the same and are markup
    /// nowhere, where an escape would show as `&lt;` on a host that reads plain text.
    public static func neutralized(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    switch scalar {
                    case "<": return "＜"
                    case ">": return "＞"
                    case "&": return "＆"
                    default: return scalar
                    }
                }))
    }
}
