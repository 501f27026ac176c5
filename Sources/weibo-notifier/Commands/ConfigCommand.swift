import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier config list|get|set|unset`: the settings one key at a time, from the table.
struct ConfigCommand: ParsedCommand {
    static let name = "config"
    static var summary: String { tr("Show or change one setting (list, get, set, unset)") }
    static var about: String {
        let keys = SettingsTable.all.map(\.key)
        let width = keys.map(\.count).max() ?? 0
        let lines = SettingsTable.all.map { setting in
            "  " + setting.key + String(repeating: " ", count: width - setting.key.count + 2) + setting.summary.text(processLocalizer)
        }
        return tr(
            """
            Shows the settings in force and where each comes from, or changes one key of your
            configuration ($XDG_CONFIG_HOME/weibo-notifier/config), keeping the rest of the
            file as you wrote it (comments, order, other keys). KEY is the key alone, or
            group.key (notifier.interval). A value that breaks the key's rule is refused, with
            the rule, and the file is left as it is (exit 64); 'unset' brings the default back.
            The running notifier applies a change at once. The app secret is never taken on the
            command line: 'weibo-notifier login' asks for it.

            Keys:
            """) + "\n" + lines.joined(separator: "\n")
    }

    enum Action: Equatable {
        case list
        case get(String)
        case set(String, String)
        case unset(String)
    }

    static var operands: [String] { ["list", "get", "set", "unset"] }
    static var synopses: [String] { ["config list", "config get KEY", "config set KEY VALUE", "config unset KEY"] }

    var action: Action?
    var showHelp = false
    let environment: [String: String]

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        self.environment = environment
        let reader = ArgumentReader([], command: Self.name)
        // Values may start with '-' (a number, a range): only a lone -h or --help is an option.
        if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
            showHelp = true
            return
        }
        switch (arguments.first, arguments.count) {
        case ("list", 1): action = .list
        case ("get", 2): action = .get(arguments[1])
        case ("set", 3): action = .set(arguments[1], arguments[2])
        case ("unset", 2): action = .unset(arguments[1])
        case ("set", 2): throw reader.usage(tr("set needs a key and a value (an empty value is \"\")"))
        case (let word?, _) where ["list", "get", "set", "unset"].contains(word): throw reader.usage(tr("wrong number of arguments for %s", word))
        case (let word?, _): throw reader.usage(tr("'%s' is not list, get, set or unset", word))
        case (nil, _): throw reader.usage(tr("say list, get, set or unset"))
        }
    }

    func run() throws(CommandError) {
        if showHelp { return try Terminal.write(lines: [Self.help]) }
        let directories = XDGDirectories(environment: environment)
        let path = directories.configurationFile
        switch action {
        case .list, nil:
            let loaded = try load(directories)
            let names = SettingsTable.all.map { "\($0.id) = \(Self.shown($0, in: loaded.configuration))" }
            let width = names.map(\.count).max() ?? 0
            try Terminal.write(
                lines: zip(SettingsTable.all, names).map { setting, name in
                    name + String(repeating: " ", count: width - name.count + 2) + "# " + Self.origin(setting, in: loaded.configuration)
                })
        case .get(let name):
            let setting = try Self.setting(named: name)
            try Terminal.write(lines: [Self.shown(setting, in: try load(directories).configuration, raw: true)])
        case .set(let name, let value):
            let setting = try Self.setting(named: name)
            guard !setting.isSecret else {
                throw ArgumentReader([], command: Self.name).usage(
                    tr("%s is not taken on the command line, where other programs can read it; weibo-notifier login asks for it", setting.id))
            }
            var configuration =
                (try? ConfigurationFile.load(path: path, create: false, systemFiles: directories.systemConfigurationFiles))?
                .configuration ?? Configuration()
            if let problem = setting.read(value, in: configuration.settingContext, into: &configuration) {
                throw .usage(
                    tr(
                        "weibo-notifier config: %s: %s (%s); %s is unchanged", setting.id, problem.text(processLocalizer),
                        setting.rule.words.text(processLocalizer), path))
            }
            do {
                try ConfigurationFile.set([(setting.group.rawValue, setting.key, setting.text(in: configuration))], path: path)
            } catch {
                throw .configuration(error.description)
            }
            try Terminal.write(lines: [
                "\(setting.id) = \(Self.shown(setting, in: configuration)) (\(SettingsTable.changeWords(setting).text(processLocalizer)))"
            ])
            // What else is wrong now: another key this one made wrong (a short interval once the
            // API is Weibo's again) is said.
            _ = try load(directories)
        case .unset(let name):
            let setting = try Self.setting(named: name)
            let removed: Bool
            do {
                removed = try ConfigurationFile.unset(group: setting.group.rawValue, key: setting.key, path: path)
            } catch {
                throw .configuration(error.description)
            }
            let now = try load(directories).configuration
            try Terminal.write(lines: [
                removed
                    ? tr("%s is no longer set in %s: %s (%s)", setting.id, path, Self.shown(setting, in: now), Self.origin(setting, in: now))
                    : tr("%s was not set in %s: %s (%s)", setting.id, path, Self.shown(setting, in: now), Self.origin(setting, in: now))
            ])
        }
    }

    /// The configuration in force (the user's file over the system's; none is written); a file
    /// that cannot be read at all is an error, bad values are warnings (their defaults apply).
    private func load(_ directories: XDGDirectories) throws(CommandError) -> ConfigurationFile.Loaded {
        do {
            let loaded = try ConfigurationFile.load(path: directories.configurationFile, create: false, systemFiles: directories.systemConfigurationFiles)
            for problem in loaded.problems { Terminal.writeError(tr("weibo-notifier: warning: %s; its default applies", problem.description)) }
            return loaded
        } catch {
            throw .configuration(error.description)
        }
    }

    /// The setting a name names; an unknown name is a usage error that lists the keys.
    static func setting(named name: String) throws(CommandError) -> AnySetting {
        guard let setting = SettingsTable.setting(named: name) else {
            throw ArgumentReader([], command: Self.name).usage(
                tr("no setting '%s'; the keys are %s", name, SettingsTable.all.map(\.key).joined(separator: ", ")))
        }
        return setting
    }

    /// The value of `setting` as shown: a secret as `(hidden)`, an empty value as `(empty)`;
    /// with `raw`, an empty value is an empty line (for scripts). Never a terminal control: a
    /// file (the system's too) may hold any character.
    static func shown(_ setting: AnySetting, in configuration: Configuration, raw: Bool = false) -> String {
        let text = TextSanitizer.terminalSafe(setting.text(in: configuration))
        if setting.isSecret, !text.isEmpty { return tr("(hidden)") }
        if text.isEmpty, !raw { return tr("(empty)") }
        return text
    }

    /// Where the value in force comes from.
    static func origin(_ setting: AnySetting, in configuration: Configuration) -> String {
        configuration.origins[setting.id].map { tr("from %s", TextSanitizer.terminalSafe($0)) } ?? tr("the default")
    }
}
