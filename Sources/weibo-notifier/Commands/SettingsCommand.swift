import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier settings`: the settings and accounts window, at a page. It needs no running
/// notifier (the first run has none).
struct SettingsCommand: TableCommand {
    static let name = "settings"
    static var summary: String { tr("Open the settings and accounts window") }
    static var about: String {
        tr(
            """
            Opens the window of the notifier's settings and accounts (the tray's Settings…),
            at the page given (default: account when no account is logged in, else the page it
            shows). A change is written to the configuration file at once, keeping the rest of
            it, and a running notifier applies it without a restart. Opened again, the window
            already open comes to the front at that page.
            """)
    }

    var page: SettingPage?

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .choice("--page", sets: \.page, placeholder: "PAGE").described(
                tr("The page to show: account, notifications, general or advanced (default: account when no account is logged in, else notifications)"))
        ]
    }

    func perform(environment: [String: String]) throws(CommandError) {
        if let reason = SettingsLauncher.open(page, environment: environment, detached: true) {
            throw .unavailable(tr("the settings window could not open: %s", reason))
        }
    }
}
