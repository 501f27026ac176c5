/// Reads `--option value`, `--option=value` and `--flag` arguments one at a time, for the three
/// programs alike (`weibo-notifier`, its popup and its settings window).
///
/// Small on purpose: the options are few and simple. Every mistake becomes the program's usage
/// error (`Failure`, made by `usage` from a message that names the option).
public struct ArgumentReader<Failure: Error> {
    private var remaining: [String]
    /// The usage error for a message: the program's own words around it ("Try … --help").
    public let usage: (String) -> Failure

    public init(_ arguments: [String], usage: @escaping (String) -> Failure) {
        remaining = arguments
        self.usage = usage
    }

    /// An option as read: its name (`--width`) and its inline value (from `--width=40`).
    public typealias Option = (name: String, inlineValue: String?)

    /// Reads every argument into `target` by its `options` table. Whether help was asked for:
    /// `-h`/`--help` is every program's and ends the reading. `-v`/`--verbose` is every
    /// program's too (debug logging), unless its table has it.
    public mutating func read<Target>(_ options: [ProgramOption<Target, Failure>], into target: inout Target) throws(Failure) -> Bool {
        var none: String?
        return try read(options, into: &target, takesOperand: false, operand: &none)
    }

    /// The same for a program that takes one operand (`logout NAME`), which lands in `operand`;
    /// a second one is a usage error.
    public mutating func read<Target>(
        _ options: [ProgramOption<Target, Failure>], into target: inout Target, operand: inout String?
    ) throws(Failure) -> Bool {
        try read(options, into: &target, takesOperand: true, operand: &operand)
    }

    private mutating func read<Target>(
        _ options: [ProgramOption<Target, Failure>], into target: inout Target, takesOperand: Bool, operand: inout String?
    ) throws(Failure) -> Bool {
        while let next = remaining.first {
            if takesOperand, !next.hasPrefix("-") || next == "-" {
                remaining.removeFirst()
                guard operand == nil else { throw usage(tr("unexpected argument '%s'", next)) }
                operand = next
                continue
            }
            guard let option = try nextOption() else { break }
            if option.name == "-h" || option.name == "--help" { return true }
            if let declared = options.first(where: { $0.names.contains(option.name) }) {
                try declared.read(&self, option, &target)
            } else if !Self.verbose(option) {
                throw usage(tr("unknown option '%s'", option.name))
            }
        }
        return false
    }

    /// Debug logging asked for after the command.
    private static func verbose(_ option: Option) -> Bool {
        guard (option.name == "-v" || option.name == "--verbose") && option.inlineValue == nil else { return false }
        Log.enableDebug()
        return true
    }

    /// The next option name (`--width`) and its inline value (from `--width=40`), or `nil` at the end.
    private mutating func nextOption() throws(Failure) -> Option? {
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
    public mutating func value(for option: Option) throws(Failure) -> String {
        if let inline = option.inlineValue { return inline }
        guard !remaining.isEmpty else { throw usage(tr("%s needs a value", option.name)) }
        return remaining.removeFirst()
    }

    /// The value of the option just read, as a whole number within `range`.
    public mutating func integer(for option: Option, in range: ClosedRange<Int>) throws(Failure) -> Int {
        let text = try value(for: option)
        guard let number = Int(text), range.contains(number) else {
            throw usage(tr("%s takes a whole number from %d to %d, not '%s'", option.name, range.lowerBound, range.upperBound, text))
        }
        return number
    }
}
