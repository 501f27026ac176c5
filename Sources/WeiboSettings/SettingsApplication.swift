import WeiboDesktop
import WeiboGtk
import WeiboKit
import WeiboPlatform

/// The settings window as a unique GTK application (`io.github.WeiboNotifier.Settings`): the
/// first start shows the window; a later one (the tray's "Settings…", the menu entry again,
/// `weibo-notifier settings`) hands its command line to it, which shows the page asked for.
final class SettingsApplication {
    static let id = "io.github.WeiboNotifier.Settings"

    private let application = Application(id: SettingsApplication.id)
    private let environment: [String: String]
    private var window: SettingsWindow?

    init(environment: [String: String]) {
        self.environment = environment
        Signal.startup.connect(application) { _ in
            PreferencesWindow.setUpLibhandy()
            Self.drawIconsFromPNG()
        }
        Signal.commandLine.connect(application) { [weak self] _, commandLine in
            guard let self, let commandLine else { return 1 }
            return self.commandLine(OpaquePointer(commandLine))
        }
    }

    /// No SVG to render for the first frame: each loads librsvg and libxml2 (7 MB resident) and
    /// costs milliseconds. libhandy brings its own SVG of a few icons (`pan-down-symbolic`,
    /// `avatar-default-symbolic`), found before the theme's PNG ones: the window uses PNG icons
    /// (its pages' own, and the combo boxes' arrow by a style rule). Adwaita's radio and check
    /// indicators are SVG too, styled for the view switcher's buttons even where they are not
    /// drawn (21 renders): the window draws no indicator (its choices are switches, combo boxes
    /// and toggle buttons), so they have no image. The spinners (a login, the keyring's wait)
    /// turn the theme's PNG arrows, as the popup's do.
    private static func drawIconsFromPNG() {
        Style.add(
            """
            combobox arrow { -gtk-icon-source: -gtk-icontheme("go-down-symbolic"); }
            radio, check { -gtk-icon-source: none; }
            spinner { -gtk-icon-source: -gtk-icontheme("view-refresh-symbolic"); }
            """)
    }

    /// Runs until the window closes; the exit status.
    func run(_ arguments: [String]) -> Int32 {
        // GTK's loop turns the default context on this thread: every callback runs here.
        MainContext.confine()
        return application.run(arguments)
    }

    /// A start, this process's own or a later one's: 0 when the window shows, 2 for bad options.
    private func commandLine(_ commandLine: OpaquePointer) -> Int32 {
        guard let arguments = GtkApplicationRun.arguments(of: commandLine), let options = try? SettingsOptions(arguments: arguments) else { return 2 }
        let window = self.window ?? makeWindow()
        window.present(page: options.askedPage)
        return 0
    }

    private func makeWindow() -> SettingsWindow {
        let window = SettingsWindow(application: application, files: SettingsFiles(environment: environment), environment: environment)
        window.closed = { [weak self, weak window] in
            if let self, self.window === window { self.window = nil }
        }
        self.window = window
        return window
    }
}
