/// What `XDG_CURRENT_DESKTOP` says: a `:`-separated list of desktop names, any case.
public enum CurrentDesktop {
    /// Whether the list names GNOME (`GNOME`, `ubuntu:GNOME`): a monochrome top bar without a
    /// tray of its own, whose banners cover windows on X11.
    public static func isGnome(_ value: String) -> Bool {
        value.split(separator: ":").contains { $0.uppercased() == "GNOME" }
    }

    /// Whether the list names KDE (Plasma).
    public static func isKDE(_ value: String) -> Bool {
        value.split(separator: ":").contains { $0.uppercased() == "KDE" }
    }

    /// Whether the tray item is `Passive` while nothing is unread: where the user asked
    /// (`tray_hide_at_zero`), or where the tray folds such items into its hidden ones (KDE
    /// Plasma), which its users expect of an icon with nothing to say. Elsewhere `Passive`
    /// hides the item altogether (GNOME's AppIndicator extension, waybar).
    public static func trayItemPassiveAtZero(_ value: String, hideAtZero: Bool) -> Bool {
        hideAtZero || isKDE(value)
    }
}
