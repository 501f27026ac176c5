import CGtk
import WeiboKit
import WeiboPlatform

/// What every section of the popup shares: the daemon, the fonts and layouts, the pictures.
final class PopupContext {
    let client: DaemonClient
    let localizer: Localizer
    let configuration: Configuration
    private let fonts: FontPreload
    /// The cells' fonts, loaded meanwhile the window is built (`FontPreload`); the texts'
    /// breaks found on the machine's second core (`BreakFinder`).
    lazy var measurer: PangoMeasurer = {
        let measurer = fonts.measurer()
        measurer.breakFinder = BreakFinder()
        return measurer
    }()
    lazy var layouts = TextLayouts(measurer: measurer)
    let images: ImageCache
    let environment: [String: String]
    let lastLooks: LastLooks

    init(
        client: DaemonClient, configuration: Configuration, fonts: FontPreload, images: ImageCache, lastLooks: LastLooks,
        environment: [String: String]
    ) {
        self.client = client
        self.lastLooks = lastLooks
        localizer = processLocalizer
        self.configuration = configuration
        self.fonts = fonts
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

    /// Opens `url` in the browser (`$BROWSER` when set), with the window's activation token.
    func open(_ url: String) {
        _ = Browser.open(url, environment: environment)
    }
}
