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
    static var optionShapes: [OptionShape] { CommandOption.offered(options) }
    static var operands: [String] { [] }
}

/// A command whose arguments are its options table's and nothing more (no operand, no check
/// across options): its `init(arguments:environment:)` and its `--help` come from here, and it
/// says what it does in `perform`.
protocol TableCommand: Command {
    /// Whether `--help` was asked for: `run` prints the help instead of performing.
    var showHelp: Bool { get set }
    /// The command before its arguments are read: its defaults, and the environment it runs in.
    init(environment: [String: String])
    /// What the command does.
    func perform() throws(CommandError)
}

extension TableCommand {
    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        self.init(environment: environment)
        var reader = ArgumentReader(arguments, command: Self.name)
        showHelp = try reader.read(Self.options, into: &self)
    }

    func run() throws(CommandError) {
        if showHelp { return try Terminal.write(lines: [Self.help]) }
        try perform()
    }
}
