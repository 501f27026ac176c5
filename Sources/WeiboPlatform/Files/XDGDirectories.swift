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
    /// `$XDG_CACHE_HOME/weibo-notifier` (default `~/.cache/weibo-notifier`): avatars.
    public var cacheDirectory: String
    /// `weibo-notifier/config` in each of `$XDG_CONFIG_DIRS` (default `/etc/xdg`), most
    /// important first: an administrator's or a distribution's settings, under the user's.
    public var systemConfigurationFiles: [String] = []

    public init(configDirectory: String, stateDirectory: String, cacheDirectory: String? = nil) {
        self.configDirectory = configDirectory
        self.stateDirectory = stateDirectory
        self.cacheDirectory = cacheDirectory ?? stateDirectory + "/cache"
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
            stateDirectory: base("XDG_STATE_HOME", default: ".local/state") + "/weibo-notifier",
            cacheDirectory: base("XDG_CACHE_HOME", default: ".cache") + "/weibo-notifier")
        let systemDirectories = (environment["XDG_CONFIG_DIRS"] ?? "/etc/xdg").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        systemConfigurationFiles = (systemDirectories.isEmpty ? ["/etc/xdg"] : systemDirectories).map { $0 + "/weibo-notifier/config" }
    }

    public var configurationFile: String { configDirectory + "/config" }
    /// The saved logins (`AccountStore`).
    public var accountsFile: String { configDirectory + "/accounts.json" }
    /// The one-login file of earlier versions, merged into `accountsFile` at the first read.
    public var legacyAccountFile: String { configDirectory + "/account" }
    /// Replies that could not be sent, for `weibo-notifier replies --retry`.
    public var unsentRepliesFile: String { stateDirectory + "/unsent-replies.json" }
}
