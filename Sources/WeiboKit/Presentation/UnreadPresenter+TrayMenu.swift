/// What the tray's menu offers in a state: decided here, with its words, so that the tray only
/// sets what it is told.
public struct TrayMenuState: Equatable, Sendable {
    /// "Resume notifications": only while paused.
    public var canResume: Bool
    /// "Check now": only while checks can run (a login to check with).
    public var canCheckNow: Bool
    /// "Log in to Weibo…": only while no login, or an expired one, is there.
    public var canLogIn: Bool
    /// "Log in to Weibo again…" after an expiry, "Log in to Weibo…" before the first login.
    public var logInLabel: String
}

extension UnreadPresenter {
    /// The tray menu's items that depend on the state.
    public func trayMenu(_ status: NotifierStatus) -> TrayMenuState {
        TrayMenuState(
            canResume: status.paused, canCheckNow: !status.needsLogin, canLogIn: status.needsLogin,
            logInLabel: localizer.text(status.phase == .loginExpired ? Localizer.TrayPhrase.logInAfterExpiry : .logInFirst))
    }
}
