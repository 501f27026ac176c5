import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// The settings window's command line: `weibo-notifier-settings [--page account|notifications|general|advanced]`.
struct SettingsOptions: Equatable {
    /// The page asked for: a second start without one leaves the page shown.
    var askedPage: SettingPage?
    var showHelp = false

    struct Failure: Error, Equatable {
        var message: String
    }

    /// The usage line and the options list, from the options table, around what the window is.
    static var help: String { ProgramOption.help(program: "weibo-notifier-settings", options, about: about) }

    static var about: String {
        tr(
            """
            The notifier's settings and accounts, in a window: every setting of the
            configuration file, written as soon as it is changed (the running notifier applies
            it at once), and the accounts logged in. A second start shows the window already
            open, at the page asked for.
            """)
    }

    /// The window's options, parsed by WeiboDesktop's `ArgumentReader`, as the command line's are.
    static var options: [ProgramOption<SettingsOptions, Failure>] {
        [
            .choice("--page", sets: \.askedPage, placeholder: "PAGE").described(
                tr("The page to show: account, notifications, general or advanced (default: account when no account is logged in, else notifications)"))
        ]
    }

    /// Reads `arguments` (without the program's name).
    init(arguments: [String]) throws(Failure) {
        var reader = ArgumentReader(arguments) { Failure(message: $0) }
        showHelp = try reader.read(Self.options, into: &self)
    }
}
