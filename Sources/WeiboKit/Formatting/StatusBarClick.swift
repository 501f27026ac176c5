/// A click on a status bar's block, and what it asks of the notifier: the same for every bar
/// (waybar's and polybar's snippets bind the same commands to the same buttons).
public enum StatusBarClick: Equatable, Sendable {
    /// The left button: the popup.
    case openPopup
    /// The middle button: a check now.
    case checkNow
    /// The right button: everything read.
    case markRead

    /// The click a mouse button makes (1 left, 2 middle, 3 right); nil for the others (the
    /// wheel's 4 and 5, back and forward).
    public init?(button: Int) {
        switch button {
        case 1: self = .openPopup
        case 2: self = .checkNow
        case 3: self = .markRead
        default: return nil
        }
    }

    /// The click in one line that i3blocks writes to a persistent block's standard input
    /// (`{"name":"weibo","button":1,…}`); nil for a line that is no click or no button of ours.
    public init?(i3blocksLine line: String) {
        guard line.utf8.count <= 4096, case .object(let object)? = try? JSONParser.parse(line),
            case .number(let number)? = object["button"], let button = Int(number)
        else { return nil }
        self.init(button: button)
    }

    /// The notifier's D-Bus method for it, and its argument.
    public var method: (name: String, argument: String?) {
        switch self {
        case .openPopup: ("ShowPopup", PopupSectionKind.posts.rawValue)
        case .checkNow: ("CheckNow", nil)
        case .markRead: ("MarkRead", nil)
        }
    }
}
