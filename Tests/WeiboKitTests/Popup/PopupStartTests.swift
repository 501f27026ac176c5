import Testing
import WeiboKit

/// What a start of the popup does to the window there, and when a window that lost the keyboard
/// closes, as tables.
@Suite struct PopupStartTests {
    struct Start: CustomTestStringConvertible, Sendable {
        var name: String
        var shown: PopupSectionKind?
        var focused: Bool
        var asked: PopupSectionKind
        var clicked: Bool
        var does: PopupStart
        var testDescription: String { name }
    }

    static let starts: [Start] = [
        Start(name: "none shown: shown", shown: nil, focused: false, asked: .comments, clicked: false, does: .show),
        Start(name: "none shown, a click: shown (it maps with the token)", shown: nil, focused: false, asked: .posts, clicked: true, does: .show),
        Start(name: "in front at that section: a second click shuts it", shown: .posts, focused: true, asked: .posts, clicked: true, does: .close),
        Start(name: "in front at that section, the command line: shut", shown: .posts, focused: true, asked: .posts, clicked: false, does: .close),
        Start(name: "in front at another section: switched", shown: .posts, focused: true, asked: .comments, clicked: true, does: .show),
        Start(name: "behind, a click at another section: mapped again", shown: .posts, focused: false, asked: .comments, clicked: true, does: .mapAgain),
        Start(
            name: "behind, a click at its section (the desktop took the focus at the click): mapped again", shown: .comments, focused: false,
            asked: .comments, clicked: true, does: .mapAgain),
        Start(
            name: "behind, the command line at its section: raised, not shut", shown: .mentions, focused: false, asked: .mentions, clicked: false, does: .show),
        Start(name: "behind, the command line at another section: raised", shown: .mentions, focused: false, asked: .posts, clicked: false, does: .show),
    ]

    @Test(arguments: starts)
    func aStart(_ start: Start) {
        #expect(PopupStart.decide(shown: start.shown, focused: start.focused, asked: start.asked, clicked: start.clicked) == start.does)
    }

    struct FocusOut: CustomTestStringConvertible, Sendable {
        var name: String
        var setting = true
        var focusedAgain = false
        var shortcutsOpen = false
        var focusedSinceMapped = true
        var closes: Bool
        var testDescription: String { name }
    }

    static let focusOuts: [FocusOut] = [
        FocusOut(name: "a click elsewhere: closed", closes: true),
        FocusOut(name: "the setting off: stays", setting: false, closes: false),
        FocusOut(name: "the keyboard back within 150 ms (a map): stays", focusedAgain: true, closes: false),
        FocusOut(name: "the shortcuts window over it: stays", shortcutsOpen: true, closes: false),
        FocusOut(name: "mapped again for a click, the keyboard not back yet: stays", focusedSinceMapped: false, closes: false),
    ]

    @Test(arguments: focusOuts)
    func aFocusOut(_ focusOut: FocusOut) {
        #expect(
            PopupStart.closesOnFocusOut(
                setting: focusOut.setting, focusedAgain: focusOut.focusedAgain, shortcutsOpen: focusOut.shortcutsOpen,
                focusedSinceMapped: focusOut.focusedSinceMapped) == focusOut.closes)
    }
}
