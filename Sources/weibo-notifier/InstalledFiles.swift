import Glibc

/// Where the program's data files are: installed beside it (`<prefix>/bin/../share`), or, for a
/// build that was not installed, in the source tree and its `.build` folder.
enum InstalledFiles {
    /// The icon theme folder holding the tray's icons (`…/share/icons`).
    static var iconThemeDirectory: String {
        installedShare(probe: "icons/hicolor/scalable/apps/io.github.WeiboNotifier.svg").map { $0 + "/icons" }
            ?? sourceRoot + "/Resources/icons"
    }

    /// The folder of the compiled message catalogs (`…/share/locale`); `make build` compiles
    /// them into `.build/locale`.
    static var localeDirectory: String {
        installedShare(probe: "locale/zh_CN/LC_MESSAGES/weibo-notifier.mo").map { $0 + "/locale" }
            ?? sourceRoot + "/.build/locale"
    }

    /// `<prefix>/share` of the running executable, when `probe` is installed there.
    private static func installedShare(probe: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let executable = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let share = String(executable[..<(executable.lastIndex(of: "/") ?? executable.endIndex)]) + "/../share"
        return access(share + "/" + probe, R_OK) == 0 ? share : nil
    }

    /// The source tree this program was built from.
    private static var sourceRoot: String {
        let source = #filePath
        return source.firstRange(of: "/Sources/").map { String(source[..<$0.lowerBound]) } ?? ""
    }
}
