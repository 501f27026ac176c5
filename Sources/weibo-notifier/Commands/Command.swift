import WeiboDesktop
import WeiboPlatform

/// One command of `weibo-notifier`: its name and words for `--help`, how it reads its
/// arguments, and what it does. `CommandTable` lists them all.
protocol Command {
    /// What the user types: `run`, `mark-read`.
    static var name: String { get }
    /// One line for the program's `--help`.
    static var summary: String { get }
    /// The command's own `--help`: its usage line (`synopses`), `about`, its options (the
    /// table's described ones, `OptionList`), then `epilogue`.
    static var help: String { get }
    /// The forms it is written in after the program's name, for its usage line and the man
    /// page: by default its name and its options' (`refresh [--account NAME]`).
    static var synopses: [String] { get }
    /// What its `--help` says under the usage line.
    static var about: String { get }
    /// What its `--help` says under the options (exit statuses, examples); none by default.
    static var epilogue: String? { get }
    /// The command's options, parsed by `ArgumentReader.read(_:into:)`; none by default.
    static var options: [CommandOption<Self>] { get }
    /// The options shell completion offers: the table's, by default.
    static var optionShapes: [OptionShape] { get }
    /// The words completion offers where an operand goes (`autostart enable`); none by default.
    static var operands: [String] { get }

    /// Reads the arguments after the command's name and does what they say; a mistake is a
    /// usage error.
    static func main(_ arguments: [String], environment: [String: String]) throws(CommandError)
}

extension Command {
    static var help: String {
        helpText(program: "weibo-notifier", forms: synopses, about: about, options: optionShapes, epilogue: epilogue)
    }
    static var epilogue: String? { nil }
    static var synopses: [String] { [name + optionsSynopsis()] }

    /// ` [--width N] [--json]`: the options of the table but those named in `excluding`.
    static func optionsSynopsis(excluding: Set<String> = []) -> String {
        OptionShape.synopsis(of: optionShapes.filter { excluding.isDisjoint(with: $0.names) })
    }
    static var options: [CommandOption<Self>] { [] }
    static var optionShapes: [OptionShape] { CommandOption.offered(options) }
    static var operands: [String] { [] }
}

/// A command that reads its arguments itself: an operand, or a check across its options.
protocol ParsedCommand: Command {
    /// Reads the arguments after the command's name; a mistake is a usage error.
    init(arguments: [String], environment: [String: String]) throws(CommandError)

    func run() throws(CommandError)
}

extension ParsedCommand {
    static func main(_ arguments: [String], environment: [String: String]) throws(CommandError) {
        try Self(arguments: arguments, environment: environment).run()
    }
}

/// A command whose arguments are its options table's and nothing more (no operand, no check
/// across options): it is its options' values, made with their defaults (`init()`) and set by
/// the table; its reading and its `--help` come from here, and it says what it does in
/// `perform`.
protocol TableCommand: Command {
    /// The command with its defaults, before its arguments are read.
    init()
    /// What the command does, in `environment`.
    func perform(environment: [String: String]) throws(CommandError)
}

extension TableCommand {
    /// The command as `arguments` set it; nil when they asked for `--help`, which is printed.
    static func reading(_ arguments: [String]) throws(CommandError) -> Self? {
        var command = Self()
        var reader = ArgumentReader(arguments, command: name)
        if try reader.read(options, into: &command) {
            try Terminal.write(lines: [help])
            return nil
        }
        return command
    }

    static func main(_ arguments: [String], environment: [String: String]) throws(CommandError) {
        try reading(arguments)?.perform(environment: environment)
    }
}
