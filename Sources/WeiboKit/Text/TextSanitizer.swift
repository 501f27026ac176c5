/// Makes text from the API safe to lay out on a cell grid.
///
/// Control characters go (they would move the cursor or colour the terminal: a status can carry
/// ESC), as do clusters of zero width (U+200B ends most real texts). `\r\n` and `\r` become
/// `\n`; tabs become spaces up to the next stop. What is left has a width for every cluster.
public enum TextSanitizer {
    public static let tabWidth = 4

    public static func clean(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var column = 0
        for character in text {
            // "\r\n" is a single Character in Swift.
            if character == "\n" || character == "\r\n" || character == "\r" {
                result.append("\n")
                column = 0
                continue
            }
            if character == "\t" {
                let spaces = tabWidth - column % tabWidth
                result.append(String(repeating: " ", count: spaces))
                column += spaces
                continue
            }
            let width = DisplayWidth.of(character)
            if width == 0 { continue }
            result.append(character)
            column += width
        }
        return result
    }
}
