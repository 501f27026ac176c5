/// The values of settings, keyed by setting: the one store behind `Configuration` and
/// `NotifierSettings`. A setting not set here has the table's default, so a new setting is one
/// declaration in `SettingsTable` and nothing else.
public struct SettingValues: Equatable, Sendable {
    /// The values that differ from their setting's default, by `group.key`.
    private var values: [String: any Equatable & Sendable] = [:]

    public init() {}

    /// The value of `setting`: the one set, else its default.
    public subscript<Value>(setting: Setting<Value>) -> Value {
        get { values[setting.id].flatMap { $0 as? Value } ?? setting.defaultValue }
        set { values[setting.id] = newValue == setting.defaultValue ? nil : newValue }
    }

    /// The values of `settings` only, the others back at their defaults.
    func keeping(_ settings: [AnySetting]) -> SettingValues {
        var kept = SettingValues()
        for setting in settings { kept.values[setting.id] = values[setting.id] }
        return kept
    }

    public static func == (left: SettingValues, right: SettingValues) -> Bool {
        left.values.count == right.values.count
            && left.values.allSatisfy { id, value in right.values[id].map { isEqual(value, $0) } ?? false }
    }
}

private func isEqual<Value: Equatable>(_ value: Value, _ other: any Equatable) -> Bool {
    (other as? Value) == value
}
