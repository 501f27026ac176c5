import CGtk
import CHandy
import WeiboGtk
import WeiboKit

/// What the Account page folds away once an account is logged in, so that the accounts and
/// "Log in with Weibo" come first: the guide to an app key of one's own, and the app's rows
/// (one row says the App Key; its "Show" brings the rows back while the window is open).
final class AccountPageFold {
    private let guide: UnsafeMutableRawPointer
    private var app: UnsafeMutableRawPointer?
    /// "Your Weibo app", with the App Key and "Show": in the login's group while folded.
    let summary: UnsafeMutableRawPointer
    private var unfolded = false
    private var folded = false

    init(guide: UnsafeMutableRawPointer, localizer: Localizer) {
        self.guide = guide
        summary = UnsafeMutableRawPointer(made(hdy_action_row_new(), "a row"))
        hdy_preferences_row_set_title(CHandy_preferences_row(summary), localizer.tr("Your Weibo app"))
        let show = UnsafeMutableRawPointer(made(gtk_button_new_with_label(localizer.tr("Show")), "a button"))
        atk_object_set_name(CGtk_accessible(show), localizer.tr("Show your Weibo app"))
        gtk_widget_set_valign(CGtk_widget(show), GTK_ALIGN_CENTER)
        gtk_container_add(CGtk_container(summary), CGtk_widget(show))
        Signal.clicked.connect(show) { [weak self] _ in
            guard let self else { return }
            self.unfolded = true
            self.apply()
        }
        Self.set(summary, shown: false)
    }

    /// The app's group, once made.
    func hold(app group: UnsafeMutableRawPointer) {
        app = group
        apply()
    }

    /// Folded while an account is logged in; `appKey` said in the summary.
    func update(accountLoggedIn: Bool, appKey: String) {
        folded = accountLoggedIn
        hdy_action_row_set_subtitle(CHandy_action_row(summary), "App Key " + appKey)
        apply()
    }

    private func apply() {
        Self.set(guide, shown: !folded)
        let appFolded = folded && !unfolded
        if let app { Self.set(app, shown: !appFolded) }
        Self.set(summary, shown: appFolded && app != nil)
    }

    /// Shown, or hidden and kept so through the page's "show all".
    private static func set(_ widget: UnsafeMutableRawPointer, shown: Bool) {
        gtk_widget_set_no_show_all(CGtk_widget(widget), 0)
        if shown { gtk_widget_show_all(CGtk_widget(widget)) } else { gtk_widget_hide(CGtk_widget(widget)) }
        gtk_widget_set_no_show_all(CGtk_widget(widget), shown ? 0 : 1)
    }
}
