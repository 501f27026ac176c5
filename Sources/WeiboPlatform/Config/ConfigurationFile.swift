public import CGLib
import Glibc
public import WeiboKit

/// Reads the configuration from a GKeyFile (`$XDG_CONFIG_HOME/weibo-notifier/config`).
///
/// Every key is one of `SettingsTable`'s, read and checked by the table's codecs. Unknown groups
/// and keys are reported as warnings and ignored; a bad value is a problem that names the file,
/// the group and the key, and leaves that key at its default. A missing file is created from
/// `template`, which documents every key and its default.
public enum ConfigurationFile {
    /// A value the program cannot use, and where it is.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var group: String?
        public var key: String?
        public var message: String
        /// More bad values found in the same reading, said after this one.
        public var others: [Failure] = []

        public init(path: String, group: String? = nil, key: String? = nil, message: String) {
            self.path = path
            self.group = group
            self.key = key
            self.message = message
        }

        /// Every one of `failures` (at least one), a line each.
        public static func several(_ failures: [Failure]) -> Failure {
            var first = failures[0]
            first.others = Array(failures.dropFirst())
            return first
        }

        public var description: String {
            var place = path
            if let group { place += ": [\(group)]" }
            if let key { place += " \(key)" }
            return (["\(place): \(message)"] + others.map(\.description)).joined(separator: "\n")
        }
    }

    /// What was read: the configuration, each bad value left at its default; the groups and keys
    /// the program does not know (ignored); and the bad values, each naming its file, group and key.
    public struct Loaded: Sendable {
        public var configuration: Configuration
        public var warnings: [String]
        public var problems: [Failure]
    }

    /// The largest configuration file read.
    public static let sizeLimit = 256 << 10

    /// The configuration in `path` over the system-wide `systemFiles` (the first of them the most
    /// important), key by key. With `create`, a missing user file is written from the template
    /// first. A file that cannot be read as a key file is an error; a bad value is a problem of
    /// its key alone (all of them reported, the rest applied).
    public static func load(path: String, create: Bool = true, systemFiles: [String] = []) throws(Failure) -> Loaded {
        if !g_file_test(path, G_FILE_TEST_EXISTS).isTrue, create {
            do {
                try PrivateFile.write(Array(template.utf8), to: path, mode: 0o600)
            } catch {
                throw Failure(path: path, message: tr("cannot write the default configuration: %s", error.description))
            }
        }
        let merged = g_key_file_new()
        defer { g_key_file_free(merged) }
        var origins: [String: String] = [:]
        var warnings: [String] = []
        // Least important first: each later file overrides, key by key.
        for file in systemFiles.reversed() + [path] where g_file_test(file, G_FILE_TEST_EXISTS).isTrue {
            let layer = g_key_file_new()
            defer { g_key_file_free(layer) }
            let bytes = try contents(of: file)
            var error: UnsafeMutablePointer<GError>?
            let loaded = bytes.withUnsafeBytes { buffer in
                g_key_file_load_from_data(
                    layer, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(buffer.count), G_KEY_FILE_NONE, &error)
            }
            if loaded == 0 {
                throw Failure(path: file, message: error.map { GLibError(taking: $0).message } ?? tr("unreadable"))
            }
            warnings += unknownKeys(layer, path: file)
            if let warning = openSecret(layer, path: file) { warnings.append(warning) }
            for setting in SettingsTable.all where g_key_file_has_key(layer, setting.group.rawValue, setting.key, nil).isTrue {
                guard let value = g_key_file_get_value(layer, setting.group.rawValue, setting.key, nil) else { continue }
                g_key_file_set_value(merged, setting.group.rawValue, setting.key, value)
                g_free(value)
                origins[setting.id] = file
            }
        }
        var configuration = Configuration()
        var problems: [Failure] = []
        // In the table's order: [weibo] first, so that the interval knows whether the API is a sandbox.
        for setting in SettingsTable.all where g_key_file_has_key(merged, setting.group.rawValue, setting.key, nil).isTrue {
            let place = origins[setting.id] ?? path
            // There, but not UTF-8 (GLib refuses it): said, never ignored.
            guard let value = g_key_file_get_string(merged, setting.group.rawValue, setting.key, nil) else {
                problems.append(Failure(path: place, group: setting.group.rawValue, key: setting.key, message: tr("the value is not valid UTF-8 text")))
                continue
            }
            let text = String(cString: value)
            g_free(value)
            if let problem = setting.read(text, in: configuration.settingContext, into: &configuration) {
                problems.append(Failure(path: place, group: setting.group.rawValue, key: setting.key, message: problem.text(processLocalizer)))
            }
        }
        configuration.origins = origins
        return Loaded(configuration: configuration, warnings: warnings, problems: problems)
    }

    /// The warning for an app secret in a file others can read (the settings window and `login`
    /// keep it in the keyring, or in this file with mode 0600): the file is still read, as the
    /// secret is the app's, not the user's login; nil when there is none or only the user reads it.
    private static func openSecret(_ layer: OpaquePointer?, path: String) -> String? {
        let setting = SettingsTable.shared.appSecret
        guard let value = g_key_file_get_value(layer, setting.group.rawValue, setting.key, nil) else { return nil }
        let isEmpty = value.pointee == 0
        g_free(value)
        var info = stat()
        guard !isEmpty, stat(path, &info) == 0, info.st_mode & 0o077 != 0 else { return nil }
        return tr(
            "%s holds app_secret and others can read it (permissions %s); run: chmod 600 '%s'", path, String(info.st_mode & 0o777, radix: 8), path)
    }

    /// A regular file of at most 256 KiB (a configuration is a few hundred bytes) of text: a NUL
    /// in it would end a value there without a word (GLib reads up to it).
    private static func contents(of file: String) throws(Failure) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try PrivateFile.read(file, limit: Self.sizeLimit)
        } catch {
            switch error {
            case .notRegular: throw Failure(path: file, message: tr("not a regular file (a folder, a pipe or a device?)"))
            case .tooLarge(_, let limit): throw Failure(path: file, message: tr("larger than %d KiB; not a configuration", limit >> 10))
            default: throw Failure(path: file, message: error.description)
            }
        }
        if let nul = bytes.firstIndex(of: 0) {
            let line = bytes[..<nul].filter { $0 == 0x0A }.count + 1
            throw Failure(path: file, message: tr("line %d holds a NUL character: this is no text file", line))
        }
        return bytes
    }

    /// Warnings for the groups and keys of `keyFile` the program does not know.
    private static func unknownKeys(_ keyFile: OpaquePointer?, path: String) -> [String] {
        var warnings: [String] = []
        for group in strings(g_key_file_get_groups(keyFile, nil)) {
            guard SettingGroup(rawValue: group) != nil else {
                warnings.append(tr("%s: unknown group [%s] ignored", path, group))
                continue
            }
            for key in strings(g_key_file_get_keys(keyFile, group, nil, nil)) where SettingsTable.setting(named: group + "." + key) == nil {
                // A translated value (key[zh_CN]) belongs to its key.
                guard let bare = key.split(separator: "[").first.map(String.init), bare == key || SettingsTable.setting(named: group + "." + bare) == nil
                else { continue }
                warnings.append(tr("%s: unknown key %s in [%s] ignored", path, key, group))
            }
        }
        return warnings
    }

    /// Sets `values` (group, key, value) in the file at `path`, every other line kept as written
    /// (the documented template when there is no file yet); written atomically, 0600.
    /// A value with a control character is refused whole (the file untouched): the settings'
    /// codecs refuse them first, and no caller may write a line break that starts a setting.
    public static func set(_ values: [(group: String, key: String, value: String)], path: String) throws(Failure) {
        for (group, key, value) in values {
            if let control = SettingText.controlCharacter(in: value) {
                throw Failure(path: path, group: group, key: key, message: tr("a control character (%s) is not allowed in a setting", control))
            }
        }
        try edit(path) { text in
            for (group, key, value) in values { text.set(group: group, key: key, value: value) }
        }
    }

    /// Removes `key` of `group` from the file at `path` (its default applies again), every other
    /// line kept; false when the file did not set it.
    @discardableResult
    public static func unset(group: String, key: String, path: String) throws(Failure) -> Bool {
        var removed = false
        try edit(path, creating: false) { removed = $0.unset(group: group, key: key) }
        return removed
    }

    /// The file at `path` (the template when there is none, unless not `creating`) changed by
    /// `change`, written back atomically when it changed, and never larger than it can be read.
    private static func edit(_ path: String, creating: Bool = true, _ change: (inout KeyFileText) -> Void) throws(Failure) {
        let exists = g_file_test(path, G_FILE_TEST_EXISTS).isTrue
        guard exists || creating else { return }
        let original: String
        if exists {
            guard let text = String(validating: try contents(of: path), as: UTF8.self) else {
                throw Failure(path: path, message: tr("not UTF-8 text; left as it is"))
            }
            original = text
        } else {
            original = template
        }
        var text = KeyFileText(original)
        change(&text)
        guard text.text != original || !exists else { return }
        guard text.text.utf8.count <= sizeLimit else {
            throw Failure(path: path, message: tr("larger than %d KiB; not a configuration", sizeLimit >> 10))
        }
        do {
            try PrivateFile.write(Array(text.text.utf8), to: path, mode: 0o600)
        } catch {
            throw Failure(path: path, message: error.description)
        }
    }

    /// A NULL-terminated `gchar**` as Swift strings; frees it.
    private static func strings(_ list: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
        guard let list else { return [] }
        defer { g_strfreev(list) }
        var result: [String] = []
        var index = 0
        while let item = list[index] {
            result.append(String(cString: item))
            index += 1
        }
        return result
    }

    /// The file written on first use: every setting commented out with its default, said in
    /// the user's language (`SettingsTable.commentedFile`).
    public static var template: String { SettingsTable.commentedFile(processLocalizer) }
}

extension gboolean {
    public var isTrue: Bool { self != 0 }
}
