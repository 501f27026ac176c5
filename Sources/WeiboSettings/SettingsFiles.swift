import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// The files the window reads and writes: the user's configuration file (each change written
/// at once through `ConfigurationFile.set`, the rest of the file kept as the user wrote it), the
/// administrator's, and the accounts file.
struct SettingsFiles {
    let directories: XDGDirectories

    init(environment: [String: String]) {
        directories = XDGDirectories(environment: environment)
    }

    var path: String { directories.configurationFile }

    /// The configuration as the notifier reads it (a bad key: its default, with the problems).
    func load() -> ConfigurationFile.Loaded? {
        try? ConfigurationFile.load(path: path, create: false, systemFiles: directories.systemConfigurationFiles)
    }

    /// Writes `text` as `setting`'s value (after the caller checked it); why not, when it could not.
    func write(_ setting: AnySetting, _ text: String) -> String? {
        do {
            try ConfigurationFile.set([(group: setting.group.rawValue, key: setting.key, value: text)], path: path)
            return nil
        } catch {
            return error.message
        }
    }

    /// Writes several settings at once (nil: removes that one's line); why not, when it could not.
    func write(_ values: [(AnySetting, String?)]) -> String? {
        do {
            let set = values.compactMap { setting, text in text.map { (group: setting.group.rawValue, key: setting.key, value: $0) } }
            if !set.isEmpty { try ConfigurationFile.set(set, path: path) }
            for (setting, text) in values where text == nil {
                _ = try ConfigurationFile.unset(group: setting.group.rawValue, key: setting.key, path: path)
            }
            return nil
        } catch {
            return error.message
        }
    }

    /// Removes `setting`'s line: its default (or the administrator's value) again.
    func reset(_ setting: AnySetting) -> String? {
        do {
            _ = try ConfigurationFile.unset(group: setting.group.rawValue, key: setting.key, path: path)
            return nil
        } catch {
            return error.message
        }
    }

    /// Where `setting`'s value comes from when it is not the user's file nor the default: the
    /// administrator's file.
    func administratorsFile(of setting: AnySetting, in configuration: Configuration) -> String? {
        guard let origin = configuration.origins[setting.id], origin != path else { return nil }
        return origin
    }

    /// Whether Weibo gave likes at an account's last check, as the notifier's state files
    /// remember it: the likes row exists only then.
    func likesGiven(apiBase: String) -> Bool {
        accounts(apiBase: apiBase).contains { account in
            StateStore(path: StateStore.accountFile(account.uid, beside: directories.stateDirectory + "/state.json")).load().lastCounts
                .carries(.attitude)
        }
    }

    /// The accounts logged in, the default first.
    func accounts(apiBase: String) -> [AccountStore.Saved] {
        (try? AccountStore(path: directories.accountsFile, legacyPath: directories.legacyAccountFile, apiBase: apiBase).loadAll()) ?? []
    }
}
