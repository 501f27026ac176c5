/// Fills the placeholders of a message: printf's `%s` and `%d`, and their positional forms
/// `%1$s`, `%2$d` so that a translation can put the arguments in another order.
///
/// Only what messages need: every argument is written with its `description`, so `%s` and
/// `%d` differ only for `msgfmt --check`, which makes sure a translation keeps the same
/// placeholders as its English id. `%%` is a percent sign; anything else is left as written.
/// It works on the UTF-8 bytes: a timeline fills a few placeholders per status.
public enum MessageFormat {
    public static func format(_ template: String, _ arguments: [any CustomStringConvertible]) -> String {
        guard template.utf8.contains(UInt8(ascii: "%")) else { return template }
        var output: [UInt8] = []
        output.reserveCapacity(template.utf8.count + 16)
        let bytes = Array(template.utf8)
        var index = 0
        var copiedUpTo = 0
        var nextArgument = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                index += 1
                continue
            }
            output += bytes[copiedUpTo..<index]
            var cursor = index + 1
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "%") {
                output.append(UInt8(ascii: "%"))
                index = cursor + 1
                copiedUpTo = index
                continue
            }
            // Optional position: digits followed by `$`.
            var digitsEnd = cursor
            var position = 0
            while digitsEnd < bytes.count, bytes[digitsEnd] >= UInt8(ascii: "0"), bytes[digitsEnd] <= UInt8(ascii: "9") {
                // Bounded: a long run of digits (found by fuzzing) overflowed and trapped.
                position = min(position * 10 + Int(bytes[digitsEnd] - UInt8(ascii: "0")), 100_000)
                digitsEnd += 1
            }
            var argument = nextArgument
            if digitsEnd > cursor, digitsEnd < bytes.count, bytes[digitsEnd] == UInt8(ascii: "$") {
                argument = position - 1
                cursor = digitsEnd + 1
            }
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "s") || bytes[cursor] == UInt8(ascii: "d") else {
                // Not a placeholder: the percent sign stays, and what follows is copied as text.
                output.append(UInt8(ascii: "%"))
                index += 1
                copiedUpTo = index
                continue
            }
            if arguments.indices.contains(argument) { output += arguments[argument].description.utf8 }
            nextArgument = argument + 1
            index = cursor + 1
            copiedUpTo = index
        }
        output += bytes[copiedUpTo...]
        return String(decoding: output, as: UTF8.self)
    }
}
