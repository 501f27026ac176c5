import WeiboDesktop
import WeiboKit

/// One option of a command, declared once in the command's `options` table: its names and how
/// its value is read into the command. `ArgumentReader.read(_:into:)` parses by the table, so a
/// command's `init` holds no parsing of its own.
struct CommandOption<Target> {
    /// What shell completion offers of the option: its names, whether a value follows, and
    /// the values it takes when they are a fixed few.
    let shape: OptionShape
    /// Reads the option's value (if it takes one) from the reader into the target.
    let read: (inout ArgumentReader, ArgumentReader.Option, inout Target) throws(CommandError) -> Void

    /// `--json`, or the spellings of one option (`--color`, `--colour`).
    var names: [String] { shape.names }

    init(
        names: [String], takesValue: Bool = true, values: [String] = [], offered: Bool = true,
        read: @escaping (inout ArgumentReader, ArgumentReader.Option, inout Target) throws(CommandError) -> Void
    ) {
        shape = OptionShape(names: names, takesValue: takesValue, values: values, offered: offered)
        self.read = read
    }

    /// An option of its own kind, which takes a value (one of `values`, when they are a fixed
    /// few): `read` does what the shapes below do not.
    static func custom(
        _ names: String..., values: [String] = [],
        read: @escaping (inout ArgumentReader, ArgumentReader.Option, inout Target) throws(CommandError) -> Void
    ) -> Self {
        CommandOption(names: names, values: values, read: read)
    }

    /// An option that is refused with a message of its own, and never offered by completion.
    static func refused(_ name: String, _ message: @escaping @Sendable () -> String) -> Self {
        CommandOption(names: [name], takesValue: false, offered: false) { reader, _, _ throws(CommandError) in throw reader.usage(message()) }
    }

    /// A flag without a value that sets `path` to `value` (`--no-browser` sets false).
    static func flag(_ names: String..., sets path: WritableKeyPath<Target, Bool>, to value: Bool = true) -> Self {
        CommandOption(names: names, takesValue: false) { _, _, target throws(CommandError) in target[keyPath: path] = value }
    }

    /// An option that takes any text.
    static func text(_ name: String, _ path: WritableKeyPath<Target, String?>) -> Self {
        CommandOption(names: [name]) { reader, option, target throws(CommandError) in target[keyPath: path] = try reader.value(for: option) }
    }

    /// An option that takes a whole number within `range`.
    static func integer<Number: BinaryInteger>(_ name: String, _ path: WritableKeyPath<Target, Number>, in range: ClosedRange<Int>) -> Self {
        CommandOption(names: [name]) { reader, option, target throws(CommandError) in
            target[keyPath: path] = Number(try reader.integer(for: option, in: range))
        }
    }

    /// An option that takes a whole number within `range`, absent unless given.
    static func integer<Number: BinaryInteger>(_ name: String, _ path: WritableKeyPath<Target, Number?>, in range: ClosedRange<Int>) -> Self {
        CommandOption(names: [name]) { reader, option, target throws(CommandError) in
            target[keyPath: path] = Number(try reader.integer(for: option, in: range))
        }
    }

    /// `--color WHEN` (or `--colour`): always, never or auto.
    static func color(_ path: WritableKeyPath<Target, ColorChoice>) -> Self {
        CommandOption(names: ["--color", "--colour"], values: ColorChoice.allCases.map(\.rawValue)) { reader, option, target throws(CommandError) in
            target[keyPath: path] = try reader.colorChoice(for: option)
        }
    }

    /// `--api-base URL`: another API than the configured one (the sandbox's, in tests).
    static func apiBase(_ path: WritableKeyPath<Target, String?>) -> Self {
        CommandOption(names: ["--api-base"]) { reader, option, target throws(CommandError) in target[keyPath: path] = try reader.apiBase(for: option) }
    }

    /// `--account NAME`: a saved account by screen name or uid, instead of the default one.
    static func account(_ path: WritableKeyPath<Target, String?>) -> Self {
        text("--account", path)
    }

    /// `--json`: the answer as one JSON object, for scripts.
    static func json(_ path: WritableKeyPath<Target, Bool>) -> Self {
        flag("--json", sets: path)
    }
}

/// An option as shell completion offers it.
struct OptionShape: Equatable {
    var names: [String]
    var takesValue: Bool
    /// The values it takes, when they are a fixed few (`--color`: auto, always, never).
    var values: [String]
    /// False for an option that exists only to be refused (`login --token`).
    var offered: Bool
}

extension ArgumentReader {
    /// Reads every argument into `target` by its `options` table (and `operand`, when the
    /// command takes one: `logout NAME`). Whether help was asked for.
    mutating func read<Target>(_ options: [CommandOption<Target>], into target: inout Target) throws(CommandError) -> Bool {
        try readOptions { reader, option throws(CommandError) in
            guard let declared = options.first(where: { $0.names.contains(option.name) }) else { return false }
            try declared.read(&reader, option, &target)
            return true
        }
    }

    /// The same for a command that takes one operand, which lands in `operand`.
    mutating func read<Target>(
        _ options: [CommandOption<Target>], into target: inout Target, operand: inout String?
    ) throws(CommandError) -> Bool {
        try readOptions(operand: &operand) { reader, option throws(CommandError) in
            guard let declared = options.first(where: { $0.names.contains(option.name) }) else { return false }
            try declared.read(&reader, option, &target)
            return true
        }
    }
}
