import WeiboKit

/// The options section of a `--help`, made from the options table: `Options:`, then a row per
/// option that has its words (`ProgramOption.described`): its names and what its value is
/// called, then the words in a column, wrapped within `width` columns; `-h, --help` last (the
/// one row of a command without options; `help` its words).
public enum OptionList {
    public static func text(_ shapes: [OptionShape], help: String = tr("Show this help"), width: Int = 80) -> String {
        let rows =
            shapes.compactMap { shape in shape.words.map { (left: "  " + listedNames(shape) + (shape.valueName.map { " " + $0 } ?? ""), words: $0) } }
        let all = rows + [(left: "  -h, --help", words: help)]
        let column = all.map { UsageLine.columns($0.left) }.max().map { $0 + 2 } ?? 0
        var lines = [tr("Options:")]
        for row in all {
            let wrapped = TextWrapper.wrap(row.words, width: max(width - column, 20))
            lines.append(row.left + String(repeating: " ", count: column - UsageLine.columns(row.left)) + (wrapped.first ?? ""))
            lines += wrapped.dropFirst().map { String(repeating: " ", count: column) + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// `-v, --verbose`, `--color`: the short names and the first long one.
    public static func listedNames(_ shape: OptionShape) -> String {
        let short = shape.names.filter { !$0.hasPrefix("--") }
        let long = shape.names.first { $0.hasPrefix("--") }
        return (short + (long.map { [$0] } ?? [])).joined(separator: ", ")
    }
}

/// A whole `--help`: the usage line of `forms`, `about`, the options list of `options`, and
/// `epilogue` (exit statuses, examples) when there is one.
public func helpText(program: String, forms: [String], about: String, options: [OptionShape], epilogue: String? = nil) -> String {
    [UsageLine.text(program, forms), about, OptionList.text(options), epilogue].compactMap { $0 }.joined(separator: "\n\n")
}

extension OptionShape {
    /// ` [--width N] [--json]`: how the usage line writes `shapes`, each after a space.
    public static func synopsis(of shapes: [OptionShape]) -> String {
        shapes.map { " " + $0.synopsis }.joined()
    }
}

extension ProgramOption {
    /// The whole `--help` of a program with one form: its usage line (`program` and the options
    /// of `table`), `about`, and its options list.
    public static func help(program: String, _ table: [Self], about: String) -> String {
        let shapes = offered(table)
        return helpText(program: program, forms: [String(OptionShape.synopsis(of: shapes).dropFirst())], about: about, options: shapes)
    }
}
