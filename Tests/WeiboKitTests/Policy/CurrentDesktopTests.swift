import Testing
import WeiboKit

/// What `XDG_CURRENT_DESKTOP` (names separated by colons) decides: the tray item `Passive` at
/// zero where the tray folds such items away (KDE Plasma), or where the user asked; elsewhere
/// `Passive` would hide the icon (GNOME's extension, waybar), so it stays `Active`.
@Suite struct CurrentDesktopTests {
    static let desktops: [(String, Bool, Bool)] = [
        ("KDE", false, true), ("kde", false, true), ("ubuntu:KDE", false, true), ("GNOME", false, false), ("ubuntu:GNOME", false, false),
        ("XFCE", false, false), ("sway", false, false), ("", false, false), ("GNOME", true, true), ("XFCE", true, true),
    ]

    @Test(arguments: desktops)
    func theTrayItemIsPassiveAtZeroWhereTheTrayFoldsIt(_ desktop: String, _ hideAtZero: Bool, _ passive: Bool) {
        #expect(CurrentDesktop.trayItemPassiveAtZero(desktop, hideAtZero: hideAtZero) == passive, "\(desktop), hide at zero \(hideAtZero)")
    }

    @Test(arguments: [("GNOME", true), ("ubuntu:GNOME", true), ("GNOME-Flashback:GNOME", true), ("KDE", false), ("", false)])
    func gnomeIsNamedAnywhereInTheList(_ desktop: String, _ gnome: Bool) {
        #expect(CurrentDesktop.isGnome(desktop) == gnome)
    }
}
