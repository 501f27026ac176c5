import CGLib
import WeiboKit

/// Reads the configuration from a GKeyFile (`$XDG_CONFIG_HOME/weibo-notifier/config`).
///
/// Unknown groups and keys are reported as warnings and ignored; a bad value is an error that
/// names the file, the group and the key. A missing file is created from `template`, which
/// documents every key and its default.
public enum ConfigurationFile {
    /// A value the program cannot use, and where it is.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var group: String?
        public var key: String?
        public var message: String

        public var description: String {
            var place = path
            if let group { place += ": [\(group)]" }
            if let key { place += " \(key)" }
            return "\(place): \(message)"
        }
    }

    /// The configuration in `path` over the system-wide `systemFiles` (the first of them the most
    /// important), key by key, and warnings about what was ignored. With `create`, a missing
    /// user file is written from the template first.
    /// The largest configuration file read.
    static let sizeLimit = 256 << 10

    public static func load(path: String, create: Bool = true, systemFiles: [String] = []) throws(Failure) -> (Configuration, warnings: [String]) {
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
            // A regular file of at most 256 KiB (a configuration is a few hundred bytes).
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
            var error: UnsafeMutablePointer<GError>?
            let loaded = bytes.withUnsafeBytes { buffer in
                g_key_file_load_from_data(
                    layer, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(buffer.count), G_KEY_FILE_NONE, &error)
            }
            if loaded == 0 {
                throw Failure(path: file, message: error.map { GLibError(taking: $0).message } ?? tr("unreadable"))
            }
            warnings += unknownKeys(layer, path: file)
            for group in strings(g_key_file_get_groups(layer, nil)) where known[group] != nil {
                for key in strings(g_key_file_get_keys(layer, group, nil, nil)) {
                    guard let value = g_key_file_get_value(layer, group, key, nil) else { continue }
                    g_key_file_set_value(merged, group, key, value)
                    g_free(value)
                    origins[group + "." + key] = file
                }
            }
        }
        var (configuration, _) = try read(merged, path: path, origins: origins)
        configuration.origins = origins
        return (configuration, warnings)
    }

    /// Warnings for the groups and keys of `keyFile` the program does not know.
    private static func unknownKeys(_ keyFile: OpaquePointer?, path: String) -> [String] {
        var warnings: [String] = []
        for group in strings(g_key_file_get_groups(keyFile, nil)) {
            guard let keys = known[group] else {
                warnings.append(tr("%s: unknown group [%s] ignored", path, group))
                continue
            }
            for key in strings(g_key_file_get_keys(keyFile, group, nil, nil)) where !keys.contains(key) {
                warnings.append(tr("%s: unknown key %s in [%s] ignored", path, key, group))
            }
        }
        return warnings
    }

    /// Sets `values` (group, key, value) in the file at `path`, keeping its comments and other
    /// keys (the documented template when there is no file yet); written atomically, 0600.
    public static func set(_ values: [(group: String, key: String, value: String)], path: String) throws(Failure) {
        let keyFile = g_key_file_new()
        defer { g_key_file_free(keyFile) }
        var error: UnsafeMutablePointer<GError>?
        let flags = GKeyFileFlags(rawValue: G_KEY_FILE_KEEP_COMMENTS.rawValue | G_KEY_FILE_KEEP_TRANSLATIONS.rawValue)
        if g_key_file_load_from_file(keyFile, path, flags, &error) == 0 {
            if let error { g_error_free(error) }
            error = nil
            guard g_key_file_load_from_data(keyFile, template, gsize(template.utf8.count), flags, &error) != 0 else {
                throw Failure(path: path, message: error.map { GLibError(taking: $0).message } ?? "")
            }
        }
        for (group, key, value) in values { g_key_file_set_string(keyFile, group, key, value) }
        var length: gsize = 0
        guard let data = g_key_file_to_data(keyFile, &length, nil) else { throw Failure(path: path, message: tr("cannot write %s", path)) }
        defer { g_free(data) }
        do {
            try PrivateFile.write(Array(UnsafeRawBufferPointer(start: data, count: Int(length))), to: path, mode: 0o600)
        } catch {
            throw Failure(path: path, message: error.description)
        }
    }

    /// The known keys, by group.
    public static let known: [String: Set<String>] = [
        "weibo": ["app_key", "app_secret", "redirect_uri", "api_base", "remind_base", "token_store", "tls_ca_file"],
        "notifier": [
            "interval", "notify", "count_only", "quiet_hours", "bubbles", "preview", "sound", "detail_calls_per_day", "emoticons", "follow_dnd", "dnd_allow",
            "tray_hide_at_zero", "popup_cells", "popup_corner", "popup_close_on_focus_out",
        ],
    ]

    /// The configuration in a (merged) key file; a bad value names the file it came from.
    private static func read(_ keyFile: OpaquePointer?, path: String, origins: [String: String]) throws(Failure) -> (Configuration, warnings: [String]) {
        let warnings: [String] = []
        var configuration = Configuration()
        var undecodable: (group: String, key: String)?
        func string(_ group: String, _ key: String) -> String? {
            guard let value = g_key_file_get_string(keyFile, group, key, nil) else {
                // There, but not UTF-8 (GLib refuses it): said below, never ignored.
                if g_key_file_has_key(keyFile, group, key, nil).isTrue, undecodable == nil { undecodable = (group, key) }
                return nil
            }
            defer { g_free(value) }
            return String(cString: value).trimmed(of: " \t")
        }
        func failure(_ group: String, _ key: String, _ message: String) -> Failure {
            Failure(path: origins[group + "." + key] ?? path, group: group, key: key, message: message)
        }
        /// A `true` or `false` of `[notifier]`.
        func boolean(_ key: String) throws(Failure) -> Bool? {
            guard let value = string("notifier", key) else { return nil }
            guard let answer = ["true": true, "false": false][value] else {
                throw failure("notifier", key, tr("'%s' is neither true nor false", value))
            }
            return answer
        }
        /// One of a setting's words (`bubbles`, `preview`, `popup_cells`, `popup_corner`);
        /// `otherwise` says which they are, for a value that is none of them.
        func choice<Value: RawRepresentable<String>>(_ key: String, otherwise: (String) -> String) throws(Failure) -> Value? {
            guard let value = string("notifier", key) else { return nil }
            guard let chosen = Value(rawValue: value.trimmed(of: " \t")) else { throw failure("notifier", key, otherwise(value)) }
            return chosen
        }
        /// A list of bubble kinds (`sound`, `dnd_allow`), `;` or `,` between them.
        func kinds(_ key: String) throws(Failure) -> Set<BubbleKind>? {
            guard let value = string("notifier", key) else { return nil }
            var kinds: Set<BubbleKind> = []
            for name in value.split(whereSeparator: { $0 == ";" || $0 == "," }).map({ String($0).trimmed(of: " \t") }) where !name.isEmpty {
                guard let kind = Self.kindNames[name] else {
                    throw failure("notifier", key, tr("unknown kind '%s'; the kinds are posts, comments, mentions, messages", name))
                }
                kinds.insert(kind)
            }
            return kinds
        }

        if let value = string("weibo", "app_key") { configuration.appKey = value }
        if let value = string("weibo", "app_secret") { configuration.appSecret = value }
        for (key, apply) in [
            ("redirect_uri", { (value: String) in configuration.redirectURI = value }),
            ("api_base", { configuration.apiBase = $0 }),
            ("remind_base", { configuration.remindBase = $0 }),
        ] as [(String, (String) -> Void)] {
            guard let value = string("weibo", key) else { continue }
            guard value.hasPrefix("https://") || value.hasPrefix("http://"), g_uri_is_valid(value, G_URI_FLAGS_NONE, nil).isTrue
            else {
                throw failure("weibo", key, tr("'%s' is not an http(s) URL", value))
            }
            apply(value)
        }

        if let value = string("notifier", "interval") {
            guard let seconds = Int(value), seconds > 0 else {
                throw failure("notifier", "interval", tr("'%s' is not a whole number of seconds", value))
            }
            guard seconds <= Configuration.maximumInterval else {
                throw failure("notifier", "interval", tr("%d s is too long; %d s (a day) at most", seconds, Configuration.maximumInterval))
            }
            // Shorter intervals only against a sandbox on this machine, as on the command line.
            guard seconds >= Configuration.minimumInterval || configuration.isSandbox else {
                throw failure("notifier", "interval", tr("%d s is too often; %d s or more", seconds, Configuration.minimumInterval))
            }
            configuration.interval = seconds
        }
        if let value = string("notifier", "quiet_hours"), !value.isEmpty {
            guard let quiet = QuietHours(parsing: value) else {
                throw failure("notifier", "quiet_hours", tr("'%s' is not a time range such as 23:00-08:00", value))
            }
            configuration.quietHours = quiet
        }
        if let value = string("weibo", "tls_ca_file"), !value.isEmpty {
            guard value.hasPrefix("/") else {
                throw failure("weibo", "tls_ca_file", tr("'%s' is not an absolute path to a PEM file", value))
            }
            configuration.tlsCAFile = value
        }
        if let value = string("weibo", "token_store") {
            guard let choice = TokenStoreChoice(rawValue: value) else {
                throw failure("weibo", "token_store", tr("'%s' is not auto, keyring or file", value))
            }
            configuration.tokenStore = choice
        }
        if let mode: BubbleMode = try choice("bubbles", otherwise: { tr("'%s' is neither per-kind nor single", $0) }) {
            configuration.bubbles = mode
        }
        if let level: PreviewLevel = try choice("preview", otherwise: { tr("'%s' is not full, sender or count", $0) }) {
            configuration.preview = level
        }
        if let kinds = try kinds("sound") { configuration.sound = kinds }
        if let kinds = try kinds("dnd_allow") { configuration.doNotDisturbAllows = kinds }
        if let value = try boolean("follow_dnd") { configuration.followDoNotDisturb = value }
        if let value = try boolean("tray_hide_at_zero") { configuration.trayHideAtZero = value }
        if let cells: PopupCells = try choice("popup_cells", otherwise: { tr("'%s' is neither compact nor full", $0) }) {
            configuration.popupCells = cells
        }
        if let corner: PopupCorner = try choice("popup_corner", otherwise: { tr("'%s' is not top-right, top-left, bottom-right or bottom-left", $0) }) {
            configuration.popupCorner = corner
        }
        if let value = try boolean("popup_close_on_focus_out") { configuration.popupClosesOnFocusOut = value }
        if let value = string("notifier", "detail_calls_per_day") {
            guard let calls = Int(value.trimmed(of: " \t")), (0...100).contains(calls) else {
                throw failure("notifier", "detail_calls_per_day", tr("'%s' is not a whole number from 0 to 100", value))
            }
            configuration.detailCallsPerDay = calls
        }
        if let value = string("notifier", "emoticons") {
            guard let style = Emoticons.Style(rawValue: value.trimmed(of: " \t")) else {
                throw failure("notifier", "emoticons", tr("'%s' is neither emoji nor text", value))
            }
            configuration.emoticons = style
        }
        for key in ["notify", "count_only"] {
            guard let value = string("notifier", key) else { continue }
            var counters: [UnreadCounter] = []
            for name in value.split(whereSeparator: { $0 == ";" || $0 == "," }).map({ String($0).trimmed(of: " \t") })
            where !name.isEmpty {
                guard let counter = UnreadCounter(rawValue: name) else {
                    let names = UnreadCounter.allCases.map(\.rawValue).joined(separator: ", ")
                    throw failure("notifier", key, tr("unknown counter '%s'; the counters are %s", name, names))
                }
                counters.append(counter)
            }
            if key == "notify" { configuration.notify = counters } else { configuration.countOnly = counters }
        }
        // Every known key was read above: one that is not UTF-8 was noted there.
        if let (group, key) = undecodable { throw failure(group, key, tr("the value is not valid UTF-8 text")) }
        return (configuration, warnings)
    }

    /// The names `sound` and `dnd_allow` take.
    static let kindNames: [String: BubbleKind] = ["posts": .posts, "comments": .comments, "mentions": .mentions, "messages": .messages]

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

    /// The file written on first run: every key, commented out, with its default.
    public static let template = """
        # Weibo Notifier configuration (a GLib key file).
        # A key left commented out keeps the default shown after '='.

        [weibo]
        # Your app's key and secret from https://open.weibo.com/apps, needed by `weibo-notifier login`.
        #app_key=
        #app_secret=
        # Where Weibo sends the browser after you approve; it must match the app's callback setting.
        #redirect_uri=https://api.weibo.com/oauth2/default.html
        # The API servers. To try things out, point both at `weibo-notifier sandbox` (http://127.0.0.1:PORT).
        #api_base=https://api.weibo.com
        #remind_base=https://rm.api.weibo.com
        # Where the login's token is kept: auto (the keyring when one runs, else the account file),
        # keyring, or file (the account file, readable by you only).
        #token_store=auto
        # PEM certificates trusted for HTTPS instead of the system's (a sandbox's CA, for testing);
        # SSL_CERT_FILE is used when this is not set.
        #tls_ca_file=

        [notifier]
        # Seconds between two checks of the unread counts; 30 or more.
        #interval=60
        # Counters that raise a notification: status, cmt, mention_status, mention_cmt, dm, follower.
        #notify=status;cmt;mention_status;mention_cmt;dm;follower
        # Counters shown as a count only (tray, badge, status bar), without a notification.
        #count_only=
        # A daily stretch without notifications, such as 23:00-08:00 (local time); the counts still
        # show, and one notification sums up what came when it ends. Empty: none.
        #quiet_hours=
        # One notification per kind (posts, comments, mentions, messages), or one for all: per-kind or single.
        #bubbles=per-kind
        # What comment and mention notifications tell: full (who and what), sender (who), count.
        #preview=full
        # Kinds whose notifications play a sound (posts, comments, mentions, messages); empty: silence.
        #sound=comments;mentions;messages
        # Hold notifications back while the desktop's do-not-disturb is on (GNOME, KDE, dunst,
        # swaync), then one sums up what came: true or false.
        #follow_dnd=true
        # Kinds that still come through do-not-disturb (as urgent notifications), such as messages;mentions.
        #dnd_allow=
        # Hide the tray icon while nothing is unread (some trays then offer no way to reach its
        # menu): true or false.
        #tray_hide_at_zero=false
        # The popup's rows: compact (three lines, a strip of thumbnails; Enter shows the whole
        # post) or full (all the text, the picture grid).
        #popup_cells=compact
        # Where the popup opens on Wayland desktops that let it choose (sway, Hyprland, KDE):
        # top-right, top-left, bottom-right or bottom-left. On X11 it opens at the tray icon.
        #popup_corner=top-right
        # Close the popup when another window takes the focus: true or false.
        #popup_close_on_focus_out=true
        # Calls a day spent on comment and mention texts and replies (Weibo allows about 100); 0 to 100.
        #detail_calls_per_day=60
        # Weibo's [表情] codes as emoji, or as the text Weibo sends: emoji or text.
        #emoticons=emoji

        """
}

extension gboolean {
    var isTrue: Bool { self != 0 }
}
