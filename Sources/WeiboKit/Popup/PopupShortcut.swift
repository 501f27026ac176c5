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
    case hotSearch
    case settings
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
        case .hotSearch: "<Primary>h"
        case .settings: "<Primary>comma"
        case .shortcuts: "F1 <Primary>question"
        }
    }
}

/// A key pressed in the popup, as GDK names it (`gdk_keyval_name`: "Escape", "f", "Tab",
/// "ISO_Left_Tab", "1", "Return", "KP_Enter", "question", "slash", "comma"), and the modifiers
/// held.
public struct PopupKeyPress: Equatable, Sendable {
    public var name: String
    public var control = false
    public var alt = false
    public var shift = false

    public init(_ name: String, control: Bool = false, alt: Bool = false, shift: Bool = false) {
        self.name = name
        self.control = control
        self.alt = alt
        self.shift = shift
    }
}

/// What a key does in the popup: the table behind `PopupShortcut`'s list. No single letter
/// does anything (they clash with screen readers); text typed while the rows have the keyboard
/// starts a search instead.
public enum PopupKeyAction: Equatable, Sendable {
    /// Esc: the reply closes, else a search is cleared then hidden, else the popup closes.
    case escape
    case search
    case shortcuts
    /// Another section: `by` steps (1 forward, -1 back), or the one at `index`.
    case step(by: Int)
    case section(index: Int)
    case reply
    case reload
    case copy
    case hotSearch
    case settings

    /// The action of `key`, among `sections` sections; nil for none (a letter then goes to
    /// the search).
    public static func of(_ key: PopupKeyPress, sections: Int) -> PopupKeyAction? {
        switch key.name {
        case "Escape": return .escape
        case "F1": return .shortcuts
        case "Tab": return .step(by: key.shift ? -1 : 1)
        case "ISO_Left_Tab": return .step(by: -1)
        default: break
        }
        if key.alt, !key.control, let digit = Int(key.name), (1...sections).contains(digit) { return .section(index: digit - 1) }
        guard key.control, !key.alt else { return nil }
        switch key.name {
        case "f": return .search
        case "question": return .shortcuts
        case "slash" where key.shift: return .shortcuts
        case "Return", "KP_Enter": return .reply
        case "r": return .reload
        case "c": return .copy
        case "h": return .hotSearch
        case "comma": return .settings
        default: return nil
        }
    }
}

/// Where the popup's keyboard is: on the rows (the list), or in an entry.
public enum PopupKeyFocus: Sendable, CaseIterable {
    case rows
    case searchEntry
    case replyEntry
}

/// Where a key goes. On the rows: its action, else text starts a search with it. In an entry
/// the entry keeps what edits it (text, Enter, the arrows, Tab, Ctrl+C, Ctrl+A, Ctrl+Enter, …),
/// so that nothing typed goes astray; only Esc, F1, Alt+digit and the shortcuts no entry uses
/// (Ctrl+F, Ctrl+R, Ctrl+H, Ctrl+comma) stay the popup's.
public enum PopupKeyRoute: Equatable, Sendable {
    /// The popup does it.
    case action(PopupKeyAction)
    /// The focused widget has it (GTK's own handling).
    case focused
    /// A search starts with the character.
    case search

    /// `typesText`: the key gives a character (GDK's keyval has one, above space).
    public static func of(_ key: PopupKeyPress, typesText: Bool, focus: PopupKeyFocus, sections: Int) -> PopupKeyRoute {
        guard let action = PopupKeyAction.of(key, sections: sections) else {
            return focus == .rows && typesText && !key.control && !key.alt ? .search : .focused
        }
        guard focus != .rows else { return .action(action) }
        switch action {
        case .escape, .section, .search, .reload, .hotSearch, .settings: return .action(action)
        case .shortcuts where key.name == "F1": return .action(action)
        case .shortcuts, .step, .copy, .reply: return .focused
        }
    }
}
