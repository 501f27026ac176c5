import WeiboDesktop
import WeiboPlatform

/// One option of a command, in the command's `options` table (WeiboDesktop's `ProgramOption`,
/// with this program's usage errors).
typealias CommandOption<Target> = ProgramOption<Target, CommandError>

/// The options several commands share.
extension ProgramOption where Failure == CommandError {
    /// `--api-base URL`: another API than the configured one (the sandbox's, in tests).
    static func apiBase(_ path: WritableKeyPath<Target, String?>) -> Self {
        ProgramOption(names: ["--api-base"], placeholder: "URL") { reader, option, target throws(CommandError) in
            target[keyPath: path] = try reader.apiBase(for: option)
        }
    }

    /// `--account NAME`: a saved account by screen name or uid, instead of the default one;
    /// `words` say what it does where that is more than choosing one.
    static func account(_ path: WritableKeyPath<Target, String?>, words: String? = nil) -> Self {
        text("--account", path, placeholder: "NAME").described(words ?? tr("One of the accounts (a screen name or uid; default: the first)"))
    }

    /// `--file PATH|-`: a saved response read instead of a fetch.
    static func savedResponse(_ path: WritableKeyPath<Target, String?>) -> Self {
        file("--file", path, placeholder: "PATH|-").described(tr("Read a saved JSON response instead; '-' reads standard input"))
    }

    /// `--width N`: the columns a layout fits.
    static func columns(_ path: WritableKeyPath<Target, Int?>) -> Self {
        integer("--width", path, in: 20...1000).described(tr("Columns to fit, 20 to 1000 (default: the terminal's width, else 80)"))
    }

    /// `--json`: the answer as one JSON object, for scripts.
    static func json(_ path: WritableKeyPath<Target, Bool>) -> Self {
        flag("--json", sets: path)
    }

    /// `--color auto|always|never` (or `--colour`).
    static func color(_ path: WritableKeyPath<Target, ColorChoice>) -> Self {
        choice("--color", "--colour", sets: path, placeholder: "WHEN")
    }
}
