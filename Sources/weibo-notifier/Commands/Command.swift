/// One command of `weibo-notifier`: its name and words for `--help`, how it reads its
/// arguments, and what it does. `CommandTable` lists them all.
protocol Command {
    /// What the user types: `run`, `mark-read`.
    static var name: String { get }
    /// One line for the program's `--help`.
    static var summary: String { get }
    /// The command's own `--help`.
    static var help: String { get }

    /// Reads the arguments after the command's name; a mistake is a usage error.
    init(arguments: [String], environment: [String: String]) throws(CommandError)

    func run() throws(CommandError)
}
