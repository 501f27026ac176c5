import WeiboDesktop

/// One command of `weibo-notifier`: its name and words for `--help`, how it reads its
/// arguments, and what it does. `CommandTable` lists them all.
protocol Command {
    /// What the user types: `run`, `mark-read`.
    static var name: String { get }
    /// One line for the program's `--help`.
    static var summary: String { get }
    /// The command's own `--help`.
    static var help: String { get }
    /// The command's options, parsed by `ArgumentReader.read(_:into:)`; none by default.
    static var options: [CommandOption<Self>] { get }
    /// The options shell completion offers: the table's, by default.
    static var optionShapes: [OptionShape] { get }
    /// The words completion offers where an operand goes (`autostart enable`); none by default.
    static var operands: [String] { get }

    /// Reads the arguments after the command's name; a mistake is a usage error.
    init(arguments: [String], environment: [String: String]) throws(CommandError)

    func run() throws(CommandError)
}

extension Command {
    static var options: [CommandOption<Self>] { [] }
    static var optionShapes: [OptionShape] { options.map(\.shape).filter(\.offered) }
    static var operands: [String] { [] }
}
