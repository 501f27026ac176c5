/// What a start of the popup (a click on a bubble or the tray icon, `weibo-notifier popup`) does
/// to the window already there, and when a window that lost the keyboard closes: decided here,
/// carried out by the popup's window.
public enum PopupStart: Equatable, Sendable {
    /// Shown at the section asked for: mapped when hidden, raised and switched when shown.
    case show
    /// Unmapped and mapped again at the section. A click hands the window an activation token,
    /// and desktops give the focus to a window that maps with it, not to one already shown:
    /// GNOME 48 and KWin take the focus away at the click (to the shell, to the bubble).
    case mapAgain
    /// Shut: the section asked for is the one in front, focused. A second click takes it away.
    case close

    /// The start's effect on a window showing `shown` (nil: hidden or closing), `focused` or not,
    /// asked for `asked` by a click (`clicked`: an activation token came with it) or otherwise.
    public static func decide(shown: PopupSectionKind?, focused: Bool, asked: PopupSectionKind, clicked: Bool) -> PopupStart {
        guard let shown else { return .show }
        if focused { return shown == asked ? .close : .show }
        return clicked ? .mapAgain : .show
    }

    /// Whether a window that lost the keyboard closes once the click elsewhere has settled
    /// (150 ms later): when the setting says so, the keyboard did not come back, no window of
    /// its own (the shortcuts) has it, and it had the keyboard since it was last mapped. A
    /// window mapped again for a click loses the keyboard on its way down and may get it back
    /// later than that, or never where the desktop refuses: it stays open meanwhile.
    public static func closesOnFocusOut(setting: Bool, focusedAgain: Bool, shortcutsOpen: Bool, focusedSinceMapped: Bool) -> Bool {
        setting && !focusedAgain && !shortcutsOpen && focusedSinceMapped
    }
}
