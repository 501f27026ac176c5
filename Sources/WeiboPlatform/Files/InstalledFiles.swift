import CGLib
import Glibc

/// Where the program's data files are: installed beside it (`<prefix>/bin/../share`), or, for a
/// build that was not installed, in the source tree and its `.build` folder.
public enum InstalledFiles {
    /// The icon theme folder holding the tray's icons (`…/share/icons`).
    public static var iconThemeDirectory: String {
        installedShare(probe: "icons/hicolor/scalable/apps/io.github.WeiboNotifier.svg").map { $0 + "/icons" }
            ?? sourceRoot + "/Resources/icons"
    }

    /// The bubbles' app icon: its name where an icon theme has it (installed by `make install`
    /// or the package, found in `$XDG_DATA_HOME` or `$XDG_DATA_DIRS`), else the source tree's
    /// 48 px PNG as a `file://` URI, so that a build run from the checkout shows no broken icon.
    public static func appIcon(environment: [String: String]) -> String {
        let name = "io.github.WeiboNotifier"
        let home = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (environment["HOME"] ?? "") + "/.local/share"
        let system = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share").split(separator: ":")
        let themed = ([home] + system.map(String.init)).filter { $0.hasPrefix("/") }.contains { folder in
            ["scalable/apps/\(name).svg", "128x128/apps/\(name).png"].contains { access(folder + "/icons/hicolor/" + $0, R_OK) == 0 }
        }
        return themed ? name : "file://" + sourceRoot + "/Resources/icons/hicolor/48x48/apps/\(name).png"
    }

    /// The folder of the compiled message catalogs (`…/share/locale`); `make build` compiles
    /// them into `.build/locale`.
    public static var localeDirectory: String {
        installedShare(probe: "locale/zh_CN/LC_MESSAGES/weibo-notifier.mo").map { $0 + "/locale" }
            ?? sourceRoot + "/.build/locale"
    }

    /// The window template `name` (`popup-window.ui`): installed in `…/share/weibo-notifier/ui`,
    /// else the source tree's `Resources/ui`.
    public static func interface(_ name: String) -> String {
        installedShare(probe: "weibo-notifier/ui/" + name).map { $0 + "/weibo-notifier/ui/" + name }
            ?? sourceRoot + "/Resources/ui/" + name
    }

    /// The running executable's path (`/proc/self/exe`).
    public static var program: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The project's program `name` (`weibo-notifier`, `weibo-notifier-popup`,
    /// `weibo-notifier-settings`): `$variable` when set in `environment` (an empty value:
    /// none), else the one beside the running program (installed side by side, or in the build
    /// folder), else the one on `PATH`.
    public static func companion(_ name: String, variable: String? = nil, environment: [String: String]) -> String? {
        if let variable, let chosen = environment[variable] { return chosen.isEmpty ? nil : chosen }
        if let program, let slash = program.lastIndex(of: "/") {
            let beside = String(program[...slash]) + name
            if access(beside, X_OK) == 0 { return beside }
        }
        guard let found = g_find_program_in_path(name) else { return nil }
        defer { g_free(found) }
        return String(cString: found)
    }

    /// `<prefix>/share` of the running executable, when `probe` is installed there.
    private static func installedShare(probe: String) -> String? {
        guard let executable = program else { return nil }
        let share = String(executable[..<(executable.lastIndex(of: "/") ?? executable.endIndex)]) + "/../share"
        return access(share + "/" + probe, R_OK) == 0 ? share : nil
    }

    /// The source tree of a program run from its build folder: the folder above `.build` in
    /// the running executable's path (a walk up the path, not a substring search, which would
    /// load the regex engine's code); "" for an installed program. Read at run time, so that
    /// the program holds no path of the machine that built it; once.
    private static let sourceRoot: String = {
        guard let program else { return "" }
        var folder = Substring(program)
        while let slash = folder.lastIndex(of: "/") {
            folder = folder[..<slash]
            if folder.hasSuffix("/.build") { return String(folder.dropLast("/.build".count)) }
        }
        return ""
    }()
}
