/// A setting of any value type: what lists of every setting hold (the table, the key file's
/// reader, `config`, the settings window).
public struct AnySetting: Sendable, Identifiable {
    public let group: SettingGroup
    public let key: String
    public let rule: SettingRule
    public let summary: LocalizableMessage
    public let scope: SettingScope
    public let change: SettingChange
    public let title: LocalizableMessage
    public let page: SettingPage
    /// The default as the key file writes it.
    public let defaultText: String

    /// Whether the core decides with it (`Setting.isTheCores`).
    let isTheCores: Bool

    private let read: @Sendable (String, SettingContext, inout SettingValues) -> LocalizableMessage?
    private let written: @Sendable (SettingValues) -> String
    private let restore: @Sendable (inout SettingValues) -> Void

    init<Value>(_ setting: Setting<Value>) {
        group = setting.group
        key = setting.key
        rule = setting.codec.rule
        summary = setting.summary
        scope = setting.scope
        change = setting.change
        title = setting.title
        page = setting.page
        defaultText = setting.codec.text(setting.defaultValue)
        id = setting.id
        isTheCores = setting.isTheCores
        read = { @Sendable text, context, values in
            switch setting.codec.value(text, in: context) {
            case .success(let value):
                values[setting] = value
                return nil
            case .failure(let message):
                return message
            }
        }
        written = { setting.codec.text($0[setting]) }
        restore = { $0[setting] = setting.defaultValue }
    }

    /// `group.key`, as `config` names it.
    public let id: String

    /// Sets the value `text` stands for in `configuration`; why not, when it stands for none
    /// (`configuration` unchanged then).
    public func read(_ text: String, in context: SettingContext = SettingContext(), into configuration: inout Configuration) -> LocalizableMessage? {
        read(text, context, &configuration.values)
    }

    /// Why `text` is no value of this setting; nil when it is one.
    public func problem(with text: String, in context: SettingContext = SettingContext()) -> LocalizableMessage? {
        var scratch = SettingValues()
        return read(text, context, &scratch)
    }

    /// The value in `configuration`, as the key file writes it.
    public func text(in configuration: Configuration) -> String { written(configuration.values) }

    /// Puts the default back in `configuration`.
    public func reset(in configuration: inout Configuration) { restore(&configuration.values) }

    /// A secret: never shown, never taken on a command line.
    public var isSecret: Bool { rule == .secret }
}
