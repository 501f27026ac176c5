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
        var token: PopupStart.Token = .none
        /// The tray icon's click or the shortcut (else a bubble's click, a menu entry).
        var toggles = true
        var does: PopupStart
        var testDescription: String { name }
    }

    static let starts: [Start] = [
        Start(name: "none shown: shown", shown: nil, focused: false, asked: .comments, does: .show),
        Start(
            name: "none shown, a click on Wayland: shown (it maps with the token)", shown: nil, focused: false, asked: .posts, token: .activation, does: .show),
        Start(name: "in front at that section: a second start shuts it", shown: .posts, focused: true, asked: .posts, does: .close),
        Start(name: "in front at that section, a click: shut", shown: .posts, focused: true, asked: .posts, token: .startupID, does: .close),
        Start(name: "in front at another section, a click: switched", shown: .posts, focused: true, asked: .comments, token: .activation, does: .show),
        Start(
            name: "behind, a click on Wayland: mapped again with the token", shown: .posts, focused: false, asked: .comments, token: .activation,
            does: .mapAgain),
        Start(
            name: "behind at that section, a click on Wayland (GNOME took the focus at the click): mapped again, not shut", shown: .comments,
            focused: false, asked: .comments, token: .activation, does: .mapAgain),
        Start(
            name: "behind, a click on X11: raised with the click's time (a remap can lose the window on KWin)", shown: .posts, focused: false,
            asked: .comments, token: .startupID, does: .show),
        Start(name: "behind, the command line at its section: raised, not shut", shown: .mentions, focused: false, asked: .mentions, does: .show),
        Start(
            name: "in front at that section, a bubble's click (GNOME): shown, never shut", shown: .comments, focused: true, asked: .comments,
            token: .activation, toggles: false, does: .show),
        Start(
            name: "in front at that section, a bubble's click on X11: shown", shown: .comments, focused: true, asked: .comments, token: .startupID,
            toggles: false, does: .show),
        Start(name: "in front at that section, the tray menu's entry: shown", shown: .posts, focused: true, asked: .posts, toggles: false, does: .show),
        Start(
            name: "behind at that section, a bubble's click on Wayland: mapped again", shown: .comments, focused: false, asked: .comments,
            token: .activation, toggles: false, does: .mapAgain),
        Start(name: "none shown, a bubble's click: shown", shown: nil, focused: false, asked: .mentions, toggles: false, does: .show),
    ]

    @Test(arguments: starts)
    func aStart(_ start: Start) {
        #expect(PopupStart.decide(shown: start.shown, focused: start.focused, asked: start.asked, token: start.token, toggles: start.toggles) == start.does)
    }

    struct FocusOut: CustomTestStringConvertible, Sendable {
        var name: String
        var setting = true
        var focusedAgain = false
        var shortcutsOpen = false
        var focusedSinceClick = true
        var closes: Bool
        var testDescription: String { name }
    }

    static let focusOuts: [FocusOut] = [
        FocusOut(name: "a click elsewhere: closed", closes: true),
        FocusOut(name: "the setting off: stays", setting: false, closes: false),
        FocusOut(name: "the keyboard back within 150 ms (a map): stays", focusedAgain: true, closes: false),
        FocusOut(name: "the shortcuts window over it: stays", shortcutsOpen: true, closes: false),
        FocusOut(name: "the click that showed it took the keyboard, not back yet: stays", focusedSinceClick: false, closes: false),
    ]

    @Test(arguments: focusOuts)
    func aFocusOut(_ focusOut: FocusOut) {
        #expect(
            PopupStart.closesOnFocusOut(
                setting: focusOut.setting, focusedAgain: focusOut.focusedAgain, shortcutsOpen: focusOut.shortcutsOpen,
                focusedSinceClick: focusOut.focusedSinceClick) == focusOut.closes)
    }
}

/// When the popup closes after handing a link to the browser.
@Suite struct PopupLinkTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var setting: Bool
        var holdsKeyboard: Bool
        var closes: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a layer surface holding the keyboard: closed, the browser gets the keyboard", setting: true, holdsKeyboard: true, closes: true),
        Case(name: "a layer surface, the setting off: stays", setting: false, holdsKeyboard: true, closes: false),
        Case(name: "a window (X11, GNOME): the browser takes the keyboard, the focus-out decides", setting: true, holdsKeyboard: false, closes: false),
        Case(name: "a window, the setting off: stays", setting: false, holdsKeyboard: false, closes: false),
    ]

    @Test(arguments: cases)
    func aLinkOpened(_ link: Case) {
        #expect(PopupStart.closesAfterOpeningLink(setting: link.setting, holdsKeyboard: link.holdsKeyboard) == link.closes)
    }
}
