import WeiboGtk
import WeiboKit

/// What the Account page folds away once an account is logged in, so that the accounts and
/// "Log in with Weibo" come first: the guide to an app key of one's own, and the app's rows
/// (one row says the App Key; its "Show" brings the rows back while the window is open).
final class AccountPageFold {
    private let guide: Widget
    private var app: Widget?
    /// "Your Weibo app", with the App Key and "Show": in the login's group while folded.
    let summary: ActionRow
    private var unfolded = false
    private var folded = false

    init(guide: Widget, localizer: Localizer) {
        self.guide = guide
        summary = ActionRow(title: localizer.tr("Your Weibo app"))
        let show = Button(localizer.tr("Show"))
        show.accessibleName = localizer.tr("Show your Weibo app")
        show.align(vertical: .center)
        summary.add(show)
        Signal.clicked.connect(show) { [weak self] _ in
            guard let self else { return }
            self.unfolded = true
            self.apply()
        }
        Self.set(summary, shown: false)
    }

    /// The app's group, once made.
    func hold(app group: Widget) {
        app = group
        apply()
    }

    /// Folded while an account is logged in; `appKey` said in the summary.
    func update(accountLoggedIn: Bool, appKey: String) {
        folded = accountLoggedIn
        summary.subtitle = "App Key " + appKey
        apply()
    }

    private func apply() {
        Self.set(guide, shown: !folded)
        let appFolded = folded && !unfolded
        if let app { Self.set(app, shown: !appFolded) }
        Self.set(summary, shown: appFolded && app != nil)
    }

    /// Shown, or hidden and kept so through the page's "show all".
    private static func set(_ widget: Widget, shown: Bool) {
        widget.showsOnlyWhenAsked = false
        if shown { widget.showAll() } else { widget.hide() }
        widget.showsOnlyWhenAsked = !shown
    }
}
