/// Fills the placeholders of a message: printf's `%s` and `%d`, and their positional forms
/// `%1$s`, `%2$d` so that a translation can put the arguments in another order.
///
/// Only what messages need: every argument is written with its `description`, so `%s` and
/// `%d` differ only for `msgfmt --check`, which makes sure a translation keeps the same
/// placeholders as its English id. `%%` is a percent sign; anything else is left as written.
public enum MessageFormat {
    public static func format(_ template: String, _ arguments: [any CustomStringConvertible]) -> String {
        guard template.utf8.contains(UInt8(ascii: "%")) else { return template }
        var result = ""
        var scalars = template.unicodeScalars[...]
        var nextArgument = 0
        while let percent = scalars.firstIndex(of: "%") {
            result.unicodeScalars.append(contentsOf: scalars[..<percent])
            scalars = scalars[scalars.index(after: percent)...]
            if scalars.first == "%" {
                result += "%"
                scalars = scalars.dropFirst()
                continue
            }
            // Optional position: digits followed by `$`.
            let digits = scalars.prefix { ("0"..."9").contains($0) }
            var position: Int?
            var rest = scalars[digits.endIndex...]
            if !digits.isEmpty, rest.first == "$", let number = Int(String(String.UnicodeScalarView(digits))) {
                position = number - 1
                rest = rest.dropFirst()
            }
            guard let conversion = rest.first, conversion == "s" || conversion == "d" else {
                result += "%"
                continue
            }
            let index = position ?? nextArgument
            nextArgument = index + 1
            result += arguments.indices.contains(index) ? arguments[index].description : ""
            scalars = rest.dropFirst()
        }
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }
}
