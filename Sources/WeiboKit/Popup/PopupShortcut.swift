/// The popup's keyboard shortcuts, as its shortcuts window lists them (F1, Ctrl+?): each with
/// its keys in GTK's accelerator syntax (several separated by spaces) and its words
/// (`Localizer.PopupPhrase.shortcut`).
public enum PopupShortcut: CaseIterable, Sendable {
    case close
    case nextSection
    case previousSection
    case section
    case moveBetweenRows
    case showWhole
    case copy
    case search
    case fetchAgain
    case reply
    case shortcuts

    /// Its keys, as `gtk_accelerator_parse` reads them.
    public var accelerators: String {
        switch self {
        case .close: "Escape"
        case .nextSection: "Tab <Primary>Tab"
        case .previousSection: "<Shift>Tab <Primary><Shift>Tab"
        case .section: "<Alt>1 <Alt>2 <Alt>3"
        case .moveBetweenRows: "Up Down"
        case .showWhole: "Return"
        case .copy: "<Primary>c"
        case .search: "<Primary>f"
        case .fetchAgain: "<Primary>r"
        case .reply: "<Primary>Return"
        case .shortcuts: "F1 <Primary>question"
        }
    }
}
