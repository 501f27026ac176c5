/// One option of a program or command, declared once in its `options` table: its names, what
/// shell completion offers of it, and how its value is read into the target.
/// `ArgumentReader.read(_:into:)` parses by the table, so no `init` holds parsing of its own.
public struct ProgramOption<Target, Failure: Error> {
    public typealias Reader = ArgumentReader<Failure>

    /// What shell completion offers of the option: its names, whether a value follows, and
    /// the values it takes when they are a fixed few.
    public private(set) var shape: OptionShape
    /// Reads the option's value (if it takes one) from the reader into the target.
    public let read: (inout Reader, Reader.Option, inout Target) throws(Failure) -> Void

    /// `--json`, or the spellings of one option (`--color`, `--colour`).
    public var names: [String] { shape.names }

    /// The option with its line in `--help` (`OptionList`): what it does, in the user's words.
    public func described(_ words: String) -> Self {
        var described = self
        described.shape.words = words
        return described
    }

    /// What shell completion offers of a table: the shapes of its options but those that exist
    /// only to be refused.
    public static func offered(_ table: [Self]) -> [OptionShape] {
        table.map(\.shape).filter(\.offered)
    }

    /// `placeholder`: what the value is called (`URL`, `N`); for a choice of a few words, its
    /// name in the options list (the usage line lists the words).
    public init(
        names: [String], takesValue: Bool = true, values: [String] = [], files: Bool = false, offered: Bool = true, placeholder: String? = nil,
        read: @escaping (inout Reader, Reader.Option, inout Target) throws(Failure) -> Void
    ) {
        shape = OptionShape(names: names, takesValue: takesValue, values: values, files: files, offered: offered, placeholder: placeholder)
        self.read = read
    }

    /// An option of its own kind, which takes a value (one of `values`, when they are a fixed
    /// few): `read` does what the shapes below do not.
    public static func custom(
        _ names: String..., values: [String] = [], placeholder: String? = nil,
        read: @escaping (inout Reader, Reader.Option, inout Target) throws(Failure) -> Void
    ) -> Self {
        ProgramOption(names: names, values: values, placeholder: placeholder, read: read)
    }

    /// An option that is refused with a message of its own, and never offered by completion.
    public static func refused(_ name: String, _ message: @escaping @Sendable () -> String) -> Self {
        ProgramOption(names: [name], takesValue: false, offered: false) { reader, _, _ throws(Failure) in throw reader.usage(message()) }
    }

    /// A flag without a value that sets `path` to `value` (`--no-browser` sets false).
    public static func flag(_ names: String..., sets path: WritableKeyPath<Target, Bool>, to value: Bool = true) -> Self {
        ProgramOption(names: names, takesValue: false) { _, _, target throws(Failure) in target[keyPath: path] = value }
    }

    /// An option that takes any text.
    public static func text(_ name: String, _ path: WritableKeyPath<Target, String?>, placeholder: String = "TEXT") -> Self {
        ProgramOption(names: [name], placeholder: placeholder) { reader, option, target throws(Failure) in target[keyPath: path] = try reader.value(for: option)
        }
    }

    /// An option that takes a file's path (completion offers files).
    public static func file(_ name: String, _ path: WritableKeyPath<Target, String?>, placeholder: String = "PATH") -> Self {
        ProgramOption(names: [name], files: true, placeholder: placeholder) { reader, option, target throws(Failure) in
            target[keyPath: path] = try reader.value(for: option)
        }
    }

    /// An option that takes a whole number within `range`.
    public static func integer<Number: BinaryInteger>(
        _ name: String, _ path: WritableKeyPath<Target, Number>, in range: ClosedRange<Int>, placeholder: String = "N"
    ) -> Self {
        ProgramOption(names: [name], placeholder: placeholder) { reader, option, target throws(Failure) in
            target[keyPath: path] = Number(try reader.integer(for: option, in: range))
        }
    }

    /// An option that takes a whole number within `range`, absent unless given.
    public static func integer<Number: BinaryInteger>(
        _ name: String, _ path: WritableKeyPath<Target, Number?>, in range: ClosedRange<Int>, placeholder: String = "N"
    ) -> Self {
        ProgramOption(names: [name], placeholder: placeholder) { reader, option, target throws(Failure) in
            target[keyPath: path] = Number(try reader.integer(for: option, in: range))
        }
    }

    /// An option that takes one of a few words, the raw values of `Choice`.
    public static func choice<Choice: RawRepresentable & CaseIterable>(
        _ names: String..., sets path: WritableKeyPath<Target, Choice>, placeholder: String? = nil
    ) -> Self where Choice.RawValue == String {
        ProgramOption(names: names, values: Choice.allCases.map(\.rawValue), placeholder: placeholder) { reader, option, target throws(Failure) in
            target[keyPath: path] = try reader.choice(Choice.self, for: option)
        }
    }

    /// The same for a choice that is absent unless given.
    public static func choice<Choice: RawRepresentable & CaseIterable>(
        _ names: String..., sets path: WritableKeyPath<Target, Choice?>, placeholder: String? = nil
    ) -> Self where Choice.RawValue == String {
        ProgramOption(names: names, values: Choice.allCases.map(\.rawValue), placeholder: placeholder) { reader, option, target throws(Failure) in
            target[keyPath: path] = try reader.choice(Choice.self, for: option)
        }
    }
}

extension ArgumentReader {
    /// The value of the option just read, one of `Choice`'s words; the refusal names them all.
    public mutating func choice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type, for option: Option) throws(Failure) -> Choice
    where Choice.RawValue == String {
        let value = try value(for: option)
        guard let chosen = Choice(rawValue: value) else {
            throw usage(tr("%s takes one of %s, not '%s'", option.name, Choice.allCases.map(\.rawValue).joined(separator: ", "), value))
        }
        return chosen
    }
}

/// An option as shell completion offers it and the usage line writes it.
public struct OptionShape: Equatable, Sendable {
    public var names: [String]
    public var takesValue: Bool
    /// The values it takes, when they are a fixed few (`--color`: auto, always, never).
    public var values: [String]
    /// Whether its value is a file's path, which completion offers (else nothing: a number, a
    /// name, an address).
    public var files: Bool
    /// False for an option that exists only to be refused (`login --token`).
    public var offered: Bool
    /// What its value is called in the usage line: its few values (`auto|always|never`), else
    /// the given word, else `VALUE`; nil for a flag.
    public var placeholder: String?
    /// What its value is called in the options list: the given word, else `placeholder`.
    public var valueName: String?
    /// Its line in `--help`, when it has one (`ProgramOption.described`).
    public var words: String?

    public init(
        names: [String], takesValue: Bool, values: [String] = [], files: Bool = false, offered: Bool = true, placeholder: String? = nil
    ) {
        self.names = names
        self.takesValue = takesValue
        self.values = values
        self.files = files
        self.offered = offered
        self.placeholder = takesValue ? (values.isEmpty ? placeholder ?? "VALUE" : values.joined(separator: "|")) : nil
        valueName = takesValue ? placeholder ?? self.placeholder : nil
    }

    /// How the usage line writes it: `[--width N]`, `[--json]`, by its long name.
    public var synopsis: String {
        let name = names.first { $0.hasPrefix("--") } ?? names[0]
        return "[" + name + (placeholder.map { " " + $0 } ?? "") + "]"
    }
}
