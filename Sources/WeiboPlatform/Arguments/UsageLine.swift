import WeiboKit

/// The usage line that opens a program's or a command's `--help`, made from its forms (what
/// its options tables give, `OptionShape.synopsis`): `Usage: PROGRAM FORM`, each further form
/// on a line of its own under the first, and a form wider than `width` columns wrapped
/// between its options, the rest under its first option.
public enum UsageLine {
    public static func text(_ program: String, _ forms: [String], width: Int = 96) -> String {
        let prefix = tr("Usage: %s", "")
        let indent = String(repeating: " ", count: columns(prefix))
        return forms.enumerated().map { index, form in
            (index == 0 ? prefix : indent) + wrapped(program + " " + form, at: width - columns(prefix), under: columns(prefix))
        }.joined(separator: "\n")
    }

    /// `form` as lines of at most `width` columns where it can be, broken only between the
    /// bracketed groups; the lines after the first start under the form's first group.
    public static func wrapped(_ form: String, at width: Int, under start: Int) -> String {
        let words = groups(form)
        guard let program = words.first else { return form }
        // The program and the command's words (`config get KEY`) stay together; the groups follow.
        let head = [program] + words.dropFirst().prefix { !$0.hasPrefix("[") }
        var lines = [head.joined(separator: " ")]
        let hanging = String(repeating: " ", count: columns(lines[0]) + 1)
        var groupsOnLine = 0
        for word in words.dropFirst(head.count) {
            if groupsOnLine > 0, columns(lines[lines.count - 1]) + 1 + columns(word) > width {
                lines.append(hanging + word)
                groupsOnLine = 1
            } else {
                lines[lines.count - 1] += " " + word
                groupsOnLine += 1
            }
        }
        return lines.joined(separator: "\n" + String(repeating: " ", count: start))
    }

    /// The words of `form`, a bracketed group (`[--retry [--force]]`) one word.
    public static func groups(_ form: String) -> [String] {
        var words: [String] = []
        var current = ""
        var depth = 0
        for character in form {
            if character == " ", depth == 0 {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if character == "[" { depth += 1 }
            if character == "]" { depth -= 1 }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    public static func columns(_ text: String) -> Int {
        text.reduce(0) { $0 + DisplayWidth.of($1) }
    }
}
