import CGLib

/// Where the program keeps its files, by the XDG base directory rules.
///
/// `$XDG_CONFIG_HOME/weibo-notifier` (default `~/.config/weibo-notifier`) holds the
/// configuration and the account; `$XDG_STATE_HOME/weibo-notifier` (default
/// `~/.local/state/weibo-notifier`) the daemon's state. Relative values are ignored, as the
/// specification says.
public struct XDGDirectories: Equatable, Sendable {
    public var configDirectory: String
    public var stateDirectory: String

    public init(configDirectory: String, stateDirectory: String) {
        self.configDirectory = configDirectory
        self.stateDirectory = stateDirectory
    }

    /// The directories for `environment` (the process's by default).
    public init(environment: [String: String]) {
        let home =
            environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? String(cString: g_get_home_dir())
        func base(_ variable: String, default fallback: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return home + "/" + fallback
        }
        self.init(
            configDirectory: base("XDG_CONFIG_HOME", default: ".config") + "/weibo-notifier",
            stateDirectory: base("XDG_STATE_HOME", default: ".local/state") + "/weibo-notifier")
    }

    public var configurationFile: String { configDirectory + "/config" }
    public var accountFile: String { configDirectory + "/account" }
}
