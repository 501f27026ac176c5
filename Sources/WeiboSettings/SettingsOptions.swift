import WeiboDesktop
import WeiboKit

/// The settings window's command line: `weibo-notifier-settings [--page account|notifications|general|advanced]`.
struct SettingsOptions: Equatable {
    var page = SettingPage.notifications
    /// Whether a page was asked for (a second start without one leaves the page shown).
    var pageGiven = false
    var showHelp = false

    struct Failure: Error, Equatable {
        var message: String
    }

    static var help: String {
        tr(
            """
            Usage: weibo-notifier-settings [--page account|notifications|general|advanced]

            The notifier's settings and accounts, in a window: every setting of the
            configuration file, written as soon as it is changed (the running notifier applies
            it at once), and the accounts logged in. A second start shows the window already
            open, at the page asked for.

            Options:
              --page PAGE   The page to show: account, notifications, general or advanced
                            (default: account when no account is logged in, else notifications)
              -h, --help    Show this help
            """)
    }

    /// Reads `arguments` (without the program's name).
    init(arguments: [String]) throws(Failure) {
        var rest = arguments[...]
        while let option = rest.popFirst() {
            switch option {
            case "-h", "--help": showHelp = true
            case "--page":
                guard let value = rest.popFirst() else { throw Failure(message: tr("--page needs account, notifications, general or advanced")) }
                guard let page = SettingPage(rawValue: value) else {
                    throw Failure(message: tr("--page: '%s' is not account, notifications, general or advanced", value))
                }
                self.page = page
                pageGiven = true
            default:
                throw Failure(message: tr("unknown option %s", option))
            }
        }
    }
}
