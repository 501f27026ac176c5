/// What `XDG_CURRENT_DESKTOP` says: a `:`-separated list of desktop names, any case.
public enum CurrentDesktop {
    /// Whether the list names GNOME (`GNOME`, `ubuntu:GNOME`): a monochrome top bar without a
    /// tray of its own, whose banners cover windows on X11.
    public static func isGnome(_ value: String) -> Bool {
        value.split(separator: ":").contains { $0.uppercased() == "GNOME" }
    }
}
