/// What a start of the popup (a click on a bubble or the tray icon, `weibo-notifier popup`) does
/// to the window already there, and when a window that lost the keyboard closes: decided here,
/// carried out by the popup's window.
public enum PopupStart: Equatable, Sendable {
    /// Shown at the section asked for: mapped when hidden, else switched and raised (on X11
    /// with the time of the click's startup id, which KWin and xfwm4 give the focus for).
    case show
    /// Unmapped and mapped again at the section: GNOME (Wayland) gives the focus to a window
    /// that maps with the click's activation token, not to one already shown. On X11 a quick
    /// unmap and map can leave KWin with a window it never shows.
    case mapAgain
    /// Shut: the section asked for is the one in front, focused. A second start takes it away.
    case close

    /// What came with a start.
    public enum Token: Equatable, Sendable {
        /// None: the command line, a desktop that hands out none.
        case none
        /// An X11 startup id (`DESKTOP_STARTUP_ID`): the click's time.
        case startupID
        /// A Wayland activation token (`XDG_ACTIVATION_TOKEN`).
        case activation
    }

    /// The start's effect on a window showing `shown` (nil: hidden or closing), `focused` or not,
    /// asked for `asked` with `token`. `toggles`: the tray icon's click and the popup's shortcut
    /// (`weibo-notifier popup`) take away a window in front at their section; a bubble's click,
    /// the tray menu's entry and the Activities entry mean "show me", and only ever show.
    public static func decide(shown: PopupSectionKind?, focused: Bool, asked: PopupSectionKind, token: Token, toggles: Bool) -> PopupStart {
        guard let shown else { return .show }
        if focused { return shown == asked && toggles ? .close : .show }
        return token == .activation ? .mapAgain : .show
    }

    /// Whether a window that lost the keyboard closes once the click elsewhere has settled
    /// (150 ms later): when the setting says so, the keyboard did not come back, no window of
    /// its own (the shortcuts) has it, and it had the keyboard since the last click that showed
    /// it. That click's own focus-out (GNOME and KWin take the focus at a click on a bubble, and
    /// give it back to the window shown with the click's token) closes nothing: the focus may
    /// come back later than that, or never where the desktop refuses.
    public static func closesOnFocusOut(setting: Bool, focusedAgain: Bool, shortcutsOpen: Bool, focusedSinceClick: Bool) -> Bool {
        setting && !focusedAgain && !shortcutsOpen && focusedSinceClick
    }

    /// Whether the window closes once it handed a link to the browser: when it holds the
    /// keyboard for itself (a layer surface), which the browser could not have otherwise, and
    /// the setting says a window that loses the keyboard closes (X11 and GNOME take it away
    /// for the browser).
    public static func closesAfterOpeningLink(setting: Bool, holdsKeyboard: Bool) -> Bool {
        setting && holdsKeyboard
    }
}
