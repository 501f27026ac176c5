/// Where the person who can fix a login sets the app's key, secret and callback address.
public enum SettingsPlace: Equatable, Sendable {
    /// The settings window: its rows on the Account page.
    case window
    /// The configuration file at this path (the terminal's login).
    case file(String)
}

extension APIError {
    /// What Weibo's refusal of a login (the authorize page, the token exchange) means and what
    /// to do, worded for the person who can fix it at `place`; nil for a code that is no
    /// login's. Nothing here is the program's bug: each is a setting of the app, of Weibo's, or
    /// a login to start again.
    public func loginAdvice(_ localizer: Localizer, redirectURI: String, place: SettingsPlace) -> String? {
        switch (code, place) {
        case (21321, _):
            return localizer.tr(
                "this Weibo account may not use the app yet (21321): until Weibo reviews an app, only its developer and the test users listed on its page at open.weibo.com (应用信息 → 测试信息) may log in; add this account there, or log in as the developer"
            )
        case (21322, .window):
            return localizer.tr(
                "Weibo says the callback address %s is not the app's (21322): make Callback address here and the app's OAuth2.0 settings at open.weibo.com (高级信息 → OAuth2.0 授权设置) the same",
                redirectURI)
        case (21322, .file(let path)):
            return localizer.tr(
                "the callback address %s is not the one registered for the app (%d): make redirect_uri in %s and the app's OAuth2.0 settings at open.weibo.com (高级信息 → OAuth2.0 授权设置) the same",
                redirectURI, code, path)
        case (21323, _):
            return localizer.tr(
                "Weibo found the login's request incomplete (21323): log in again; if it says so again, check the App Key and the callback address")
        case (21324, .window):
            return localizer.tr(
                "Weibo does not know this App Key with this App Secret (21324): check App Key and App Secret above against your app's page at open.weibo.com (应用信息 → 基本信息), and type the App Secret again"
            )
        case (21324, .file(let path)):
            return localizer.tr(
                "Weibo does not know this App Key with this App Secret (21324): check app_key in %s against your app's page at open.weibo.com (应用信息 → 基本信息), and type the App Secret again (weibo-notifier login asks for it)",
                path)
        case (21325, _):
            return localizer.tr("the login's code was used already or ran out (21325): log in again")
        default:
            return nil
        }
    }

    /// The login codes a user or Weibo causes (the app's settings, a reviewed app's rules):
    /// said with their fix, never as a bug of the program.
    static let loginCodes: ClosedRange<Int> = 21321...21325
}
