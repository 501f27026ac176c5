import Testing
import WeiboKit
import WeiboTestSupport

/// What each key does in the popup, as a table: GDK's key name and modifiers → the action.
@Suite struct PopupKeyActionTests {
    @Test(arguments: [
        (PopupKeyPress("Escape"), PopupKeyAction?.some(.escape)),
        (PopupKeyPress("F1"), .some(.shortcuts)),
        (PopupKeyPress("question", control: true), .some(.shortcuts)),
        (PopupKeyPress("slash", control: true, shift: true), .some(.shortcuts)),
        (PopupKeyPress("Tab"), .some(.step(by: 1))),
        (PopupKeyPress("Tab", control: true), .some(.step(by: 1))),
        (PopupKeyPress("Tab", shift: true), .some(.step(by: -1))),
        (PopupKeyPress("ISO_Left_Tab", shift: true), .some(.step(by: -1))),
        (PopupKeyPress("2", alt: true), .some(.section(index: 1))),
        (PopupKeyPress("4", alt: true), nil),
        (PopupKeyPress("f", control: true), .some(.search)),
        (PopupKeyPress("Return", control: true), .some(.reply)),
        (PopupKeyPress("KP_Enter", control: true), .some(.reply)),
        (PopupKeyPress("r", control: true), .some(.reload)),
        (PopupKeyPress("c", control: true), .some(.copy)),
        (PopupKeyPress("h", control: true), .some(.hotSearch)),
        (PopupKeyPress("comma", control: true), .some(.settings)),
        (PopupKeyPress("f"), nil),
        (PopupKeyPress("h"), nil),
        (PopupKeyPress("r", control: true, alt: true), nil),
    ])
    func keys(_ key: PopupKeyPress, _ action: PopupKeyAction?) {
        #expect(PopupKeyAction.of(key, sections: 3) == action)
    }

    /// Where a key goes, by where the keyboard is: an entry keeps whatever edits it (the bug was
    /// a reply typed into the search), the rows take the actions and start a search with text.
    static let routes: [(key: PopupKeyPress, text: Bool, focus: PopupKeyFocus, route: PopupKeyRoute)] = [
        (PopupKeyPress("t"), true, .rows, .search),
        (PopupKeyPress("t"), true, .replyEntry, .focused),
        (PopupKeyPress("t"), true, .searchEntry, .focused),
        (PopupKeyPress("space"), true, .replyEntry, .focused),
        (PopupKeyPress("Return"), false, .replyEntry, .focused),
        (PopupKeyPress("Return"), false, .rows, .focused),
        (PopupKeyPress("BackSpace"), false, .replyEntry, .focused),
        (PopupKeyPress("Down"), false, .searchEntry, .focused),
        (PopupKeyPress("Down"), false, .rows, .focused),
        (PopupKeyPress("Tab"), false, .replyEntry, .focused),
        (PopupKeyPress("Tab"), false, .rows, .action(.step(by: 1))),
        (PopupKeyPress("c", control: true), true, .replyEntry, .focused),
        (PopupKeyPress("c", control: true), true, .rows, .action(.copy)),
        (PopupKeyPress("a", control: true), true, .searchEntry, .focused),
        (PopupKeyPress("a", control: true), true, .rows, .focused),
        (PopupKeyPress("Return", control: true), false, .replyEntry, .focused),
        (PopupKeyPress("Return", control: true), false, .rows, .action(.reply)),
        (PopupKeyPress("question", control: true), true, .replyEntry, .focused),
        (PopupKeyPress("Escape"), false, .replyEntry, .action(.escape)),
        (PopupKeyPress("Escape"), false, .searchEntry, .action(.escape)),
        (PopupKeyPress("F1"), false, .replyEntry, .action(.shortcuts)),
        (PopupKeyPress("2", alt: true), true, .searchEntry, .action(.section(index: 1))),
        (PopupKeyPress("f", control: true), true, .replyEntry, .action(.search)),
        (PopupKeyPress("r", control: true), true, .searchEntry, .action(.reload)),
        (PopupKeyPress("h", control: true), true, .replyEntry, .action(.hotSearch)),
        (PopupKeyPress("comma", control: true), true, .replyEntry, .action(.settings)),
        (PopupKeyPress("谢"), true, .rows, .search),
        (PopupKeyPress("t", alt: true), true, .rows, .focused),
    ]

    @Test(arguments: routes.indices)
    func keysGoWhereTheKeyboardIs(_ index: Int) {
        let (key, text, focus, route) = Self.routes[index]
        #expect(PopupKeyRoute.of(key, typesText: text, focus: focus, sections: 3) == route, "\(key) in \(focus)")
    }

    /// Every action a key has is in the shortcuts window's list, with its words in Chinese.
    @Test func theShortcutsWindowListsTheHeadersButtonsToo() {
        let listed = PopupShortcut.allCases.map(\.accelerators).joined(separator: " ")
        #expect(listed.contains("<Primary>h") && listed.contains("<Primary>comma"))
        for shortcut in PopupShortcut.allCases {
            #expect(Localizer.testing(.chinese).text(.shortcut(shortcut)) != Localizer().text(.shortcut(shortcut)), "\(shortcut) in Chinese")
        }
    }
}
