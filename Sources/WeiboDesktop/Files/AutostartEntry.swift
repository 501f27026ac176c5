import CGLib
public import WeiboPlatform

/// The XDG autostart entry (`~/.config/autostart/io.github.WeiboNotifier.desktop`), which
/// starts the notifier with the desktop session. A user entry overrides a system one in
/// `/etc/xdg/autostart`; `Hidden=true` disables (and masks) it.
public struct AutostartEntry: Sendable {
    public static let fileName = "io.github.WeiboNotifier.desktop"
    public let userFile: String
    public let systemFiles: [String]

    /// The files for `environment`: `$XDG_CONFIG_HOME/autostart`, and each of `$XDG_CONFIG_DIRS`
    /// (default `/etc/xdg`) for the system entries.
    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? String(cString: g_get_home_dir())
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        userFile = config + "/autostart/" + Self.fileName
        let dirs = (environment["XDG_CONFIG_DIRS"] ?? "/etc/xdg").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        systemFiles = (dirs.isEmpty ? ["/etc/xdg"] : dirs).map { $0 + "/autostart/" + Self.fileName }
    }

    /// Whether the session will start the notifier, and why.
    public enum State: Equatable, Sendable {
        case enabled(file: String)
        case disabled(file: String?)
    }

    public var state: State {
        if let user = Self.read(userFile) {
            return Self.isHidden(user) ? .disabled(file: userFile) : .enabled(file: userFile)
        }
        if let system = systemFiles.first(where: { Self.read($0) != nil }), let text = Self.read(system), !Self.isHidden(text) {
            return .enabled(file: system)
        }
        return .disabled(file: nil)
    }

    /// Writes the user entry that starts `command` (`weibo-notifier run`).
    public func enable(command: String) throws(PrivateFile.Failure) {
        try PrivateFile.write(Array(Self.entry(command: command, hidden: false).utf8), to: userFile, mode: 0o644)
    }

    /// Removes the user entry; when a system entry would still start it, masks that with `Hidden=true`.
    public func disable() throws(PrivateFile.Failure) {
        if systemFiles.contains(where: { Self.read($0) != nil }) {
            try PrivateFile.write(Array(Self.entry(command: "weibo-notifier run", hidden: true).utf8), to: userFile, mode: 0o644)
        } else {
            try PrivateFile.remove(userFile)
        }
    }

    static func entry(command: String, hidden: Bool) -> String {
        """
        [Desktop Entry]
        Type=Application
        Name=Weibo Notifier
        Name[zh_CN]=微博通知
        Comment=New Weibo posts, comments, mentions and messages on your desktop
        Comment[zh_CN]=在桌面上提醒新微博、评论、@提及和私信
        Exec=\(command)
        TryExec=weibo-notifier
        Icon=io.github.WeiboNotifier
        Terminal=false
        NoDisplay=true
        X-GNOME-Autostart-enabled=\(hidden ? "false" : "true")
        Hidden=\(hidden ? "true" : "false")

        """
    }

    private static func read(_ path: String) -> String? {
        guard let bytes = try? PrivateFile.read(path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isHidden(_ text: String) -> Bool {
        text.split(separator: "\n").contains { $0.replacingSpaces() == "Hidden=true" }
    }
}

extension Substring {
    func replacingSpaces() -> String { String(filter { $0 != " " && $0 != "\t" }) }
}
