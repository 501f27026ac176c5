import CGtk
import WeiboKit
import WeiboPlatform

/// What every section of the popup shares: the daemon, the fonts and layouts, the pictures.
final class PopupContext {
    let client: DaemonClient
    let localizer: Localizer
    let configuration: Configuration
    /// The desktop's font (GtkSettings' `gtk-font-name`), the cells' body font.
    private let font: String
    /// The cells' fonts, loaded when the first row is laid out.
    lazy var measurer = PangoMeasurer(font: font)
    lazy var layouts = TextLayouts(measurer: measurer)
    let images: ImageCache
    let environment: [String: String]
    let lastLooks: LastLooks

    init(
        client: DaemonClient, configuration: Configuration, font: String, images: ImageCache, lastLooks: LastLooks,
        environment: [String: String]
    ) {
        self.client = client
        self.lastLooks = lastLooks
        localizer = processLocalizer
        self.configuration = configuration
        self.font = font
        self.images = images
        self.environment = environment
    }

    /// The layouts at this moment (relative times are of now), in `timeZone` (one reading of
    /// the user's zone for a batch of rows: GLib reads /etc/localtime at each).
    func statusLayout(now: Timestamp, timeZone: SystemTimeZone) -> StatusFrameLayout {
        StatusFrameLayout(
            localizer: localizer, timeZone: timeZone, now: now, metrics: .pixels, measurer: measurer,
            emoticons: configuration.emoticons)
    }

    func commentLayout(now: Timestamp, timeZone: SystemTimeZone) -> CommentFrameLayout {
        CommentFrameLayout(
            localizer: localizer, timeZone: timeZone, now: now, metrics: .pixels, measurer: measurer,
            emoticons: configuration.emoticons)
    }

    func times(in timeZone: SystemTimeZone = .snapshot()) -> RelativeTimeFormatter {
        RelativeTimeFormatter(localizer: localizer, timeZone: timeZone)
    }

    /// The popup's one clock: the time every event to the model carries.
    func now() -> Timestamp { Timestamp.now }

    /// Runs once a link went to the browser (the window's `PopupStart.closesAfterOpeningLink`).
    var opened: (() -> Void)?

    /// Opens `url` in the browser (`$BROWSER` when set), with the window's activation token.
    func open(_ url: String) {
        _ = Browser.open(url, environment: environment)
        opened?()
    }
}
