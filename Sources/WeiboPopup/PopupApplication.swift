import CGLib
import CGtk
import WeiboGtk
import WeiboKit
import WeiboPlatform

/// The popup as a unique GTK application (`io.github.WeiboNotifier.Popup`): the first start
/// shows the window; a later one hands its command line to it, which switches the section, or
/// closes the window when it shows that section already (the tray icon toggles it).
final class PopupApplication {
    static let id = "io.github.WeiboNotifier.Popup"

    private let application = Application(id: PopupApplication.id)
    private let environment: [String: String]
    private var context: PopupContext?
    private var window: PopupWindow?

    /// The first section's items, asked as the process started.
    private let prefetch: ItemsPrefetch?

    init(environment: [String: String], prefetch: ItemsPrefetch?) {
        self.environment = environment
        self.prefetch = prefetch
        Signal.commandLine.connect(application) { [weak self] _, commandLine in
            guard let self, let commandLine else { return 1 }
            return self.commandLine(OpaquePointer(commandLine))
        }
    }

    /// Runs until the window closes; the exit status.
    func run(_ arguments: [String]) -> Int32 {
        // GTK's loop turns the default context on this thread: every callback runs here.
        MainContext.confine()
        return application.run(arguments)
    }

    /// A start, this process's own or a later one's: 0 when it was shown (or toggled), 2 for
    /// bad options, 3 when there is no window to show (no daemon's bus).
    private func commandLine(_ commandLine: OpaquePointer) -> Int32 {
        guard let arguments = GtkApplicationRun.arguments(of: commandLine), let options = try? PopupOptions(arguments: arguments) else { return 2 }
        // A window on its way out (telling the daemon what was seen) is not shown again.
        var open = window.flatMap { $0.isClosing ? nil : $0 }
        // Another account's popup: that one closes, this one opens.
        if let shown = open, shown.account != options.account {
            shown.close()
            open = nil
        }
        guard let window = open ?? makeWindow(account: options.account) else { return 3 }
        let token = GtkApplicationRun.useActivationToken(of: commandLine)
        let shown = window.isVisible ? window.currentKind : nil
        let focused = window.isFocused
        let start = PopupStart.decide(shown: shown, focused: focused, asked: options.kind, token: token, toggles: options.toggles)
        Log.debug("popup: \(start) at \(options.kind) (shown: \(shown?.rawValue ?? "no"), focused: \(focused))")
        switch start {
        case .show: window.show(options.kind, at: options.point, clicked: token != .none)
        case .mapAgain: window.mapAgain(options.kind, at: options.point)
        case .close: window.close()
        }
        return 0
    }

    private func makeWindow(account: String?) -> PopupWindow? {
        guard let connection = application.busConnection else { return nil }
        let directories = XDGDirectories(environment: environment)
        let configuration =
            (try? ConfigurationFile.load(path: directories.configurationFile, create: false, systemFiles: directories.systemConfigurationFiles))?.configuration
            ?? Configuration()
        let font = Style.fontName ?? "Sans 10"
        let client = DaemonClient(connection: connection, account: account, prefetch: prefetch)
        let context = PopupContext(
            client: client, configuration: configuration, font: font,
            images: ImageCache { [weak client] url, completion in
                guard let client else { return completion(nil) }
                client.picture(url, completion: completion)
            },
            lastLooks: LastLooks(path: directories.stateDirectory + "/popup-last-looks"), environment: environment)
        // Once for the screen, at the first window.
        if self.context == nil { Self.addStyle() }
        self.context = context
        let window = PopupWindow(application: application, context: context)
        window.closed = { [weak self, weak window] in
            if let self, self.window === window { self.window = nil }
        }
        self.window = window
        return window
    }

    /// The popup's own style, over the theme's. The theme's spinner is an SVG image
    /// (`process-working-symbolic`), which loads librsvg (6 MB resident) when the daemon is slow
    /// to answer: turning arrows of the theme's PNG icons instead, with the theme's animation.
    /// A row new since the last look has a bar of the theme's accent colour on its left. The
    /// settings button's gear (a character: popup-window.ui says why) is as large as an icon.
    private static func addStyle() {
        Style.add(
            """
            spinner { -gtk-icon-source: -gtk-icontheme("view-refresh-symbolic"); }
            button.gear { padding-left: 4px; padding-right: 4px; }
            button.gear label { font-size: 16px; }
            row.new-since-last-look { box-shadow: inset 4px 0 @theme_selected_bg_color; }
            """)
    }
}
