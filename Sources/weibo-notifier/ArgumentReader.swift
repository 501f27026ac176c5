import WeiboDesktop

/// Reads `--option value`, `--option=value` and `--flag` arguments one at a time.
///
/// Small on purpose: the commands are few and their options simple. Every mistake becomes a
/// `CommandError.usage` that names the option and points at `--help`.
struct ArgumentReader {
    private var remaining: [String]
    let command: String

    init(_ arguments: [String], command: String) {
        remaining = arguments
        self.command = command
    }

    /// An option as read: its name (`--width`) and its inline value (from `--width=40`).
    typealias Option = (name: String, inlineValue: String?)

    /// Reads every option: `handle` takes the command's own (and returns false for one it does
    /// not know, which is a usage error); `-h`/`--help` is every command's and ends the reading.
    /// Whether help was asked for.
    /// `-v`/`--verbose` is every command's too (debug logging), unless the command reads it itself.
    mutating func readOptions(_ handle: (inout ArgumentReader, Option) throws(CommandError) -> Bool) throws(CommandError) -> Bool {
        while let option = try nextOption() {
            if option.name == "-h" || option.name == "--help" { return true }
            guard try handle(&self, option) || Self.verbose(option) else { throw usage(tr("unknown option '%s'", option.name)) }
        }
        return false
    }

    /// Debug logging asked for after the command.
    private static func verbose(_ option: Option) -> Bool {
        guard (option.name == "-v" || option.name == "--verbose") && option.inlineValue == nil else { return false }
        Log.enableDebug()
        return true
    }

    /// Reads options and at most one operand (`logout NAME`): `operand` gets a non-option
    /// argument, a second one is a usage error.
    mutating func readOptions(
        operand: inout String?, _ handle: (inout ArgumentReader, Option) throws(CommandError) -> Bool
    ) throws(CommandError) -> Bool {
        while let next = remaining.first {
            if !next.hasPrefix("-") || next == "-" {
                remaining.removeFirst()
                guard operand == nil else { throw usage(tr("unexpected argument '%s'", next)) }
                operand = next
                continue
            }
            guard let option = try nextOption() else { break }
            if option.name == "-h" || option.name == "--help" { return true }
            guard try handle(&self, option) || Self.verbose(option) else { throw usage(tr("unknown option '%s'", option.name)) }
        }
        return false
    }

    /// Reads the options of a command that has none but `--help`.
    mutating func readOptions() throws(CommandError) -> Bool {
        try readOptions { _, _ throws(CommandError) in false }
    }

    /// The next option name (`--width`) and its inline value (from `--width=40`), or `nil` at the end.
    mutating func nextOption() throws(CommandError) -> (name: String, inlineValue: String?)? {
        guard !remaining.isEmpty else { return nil }
        let argument = remaining.removeFirst()
        guard argument.hasPrefix("-"), argument != "-" else {
            throw usage(tr("unexpected argument '%s'", argument))
        }
        if let equals = argument.firstIndex(of: "=") {
            return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
        }
        return (argument, nil)
    }

    /// The value of the option just read.
    mutating func value(for option: (name: String, inlineValue: String?)) throws(CommandError) -> String {
        if let inline = option.inlineValue { return inline }
        guard !remaining.isEmpty else { throw usage(tr("%s needs a value", option.name)) }
        return remaining.removeFirst()
    }

    /// The value of the option just read, as a whole number within `range`.
    mutating func integer(for option: (name: String, inlineValue: String?), in range: ClosedRange<Int>) throws(CommandError) -> Int {
        let text = try value(for: option)
        guard let number = Int(text), range.contains(number) else {
            throw usage(tr("%s takes a whole number from %d to %d, not '%s'", option.name, range.lowerBound, range.upperBound, text))
        }
        return number
    }

    /// A usage error for this command.
    func usage(_ message: String) -> CommandError {
        .usage(tr("weibo-notifier %1$s: %2$s\nTry 'weibo-notifier %1$s --help'.", command, message))
    }
}
