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

    /// Every action a key has is in the shortcuts window's list, with its words in Chinese.
    @Test func theShortcutsWindowListsTheHeadersButtonsToo() {
        let listed = PopupShortcut.allCases.map(\.accelerators).joined(separator: " ")
        #expect(listed.contains("<Primary>h") && listed.contains("<Primary>comma"))
        for shortcut in PopupShortcut.allCases {
            #expect(Localizer.testing(.chinese).text(.shortcut(shortcut)) != Localizer().text(.shortcut(shortcut)), "\(shortcut) in Chinese")
        }
    }
}
