import Foundation
import Glibc
import Testing
import WeiboTestSupport

/// The popup under a real window manager (xfwm4 on Xvfb, 1280 × 800): a utility window with no
/// title bar, wholly on the screen wherever it is opened (the tray's click at each corner, a
/// bubble's click near an edge), and the keyboard on its first row at every open, with the CPU
/// busy beside it.
@Suite(
    .serialized, .endToEnd,
    .enabled(
        if: PopupDesktop.present && FileManager.default.isExecutableFile(atPath: "/usr/bin/xfwm4")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/xprop"), "needs xfwm4 and xprop (make deps installs them)"))
struct PopupPlacementTests {
    /// Starts xfwm4 on the desktop's display and waits until it focuses a new window (an
    /// xmessage, closed again): it names itself on the root window before it does, and a popup
    /// that maps in between is left without the keyboard (CI's busy machine, and a run right
    /// after a build here). (Once in a run of the suite the second start did not come up: it is
    /// started again then. Its start is not what these tests test.)
    static func windowManager(_ desktop: PopupDesktop) -> Bool {
        let environment = desktop.setup.environment
        let active = { toolOutput("/usr/bin/xdotool", ["getactivewindow"], environment: environment).trimmingCharacters(in: .whitespacesAndNewlines) }
        for _ in 0..<2 {
            guard spawnDetached("/usr/bin/xfwm4", ["--compositor=off", "--sm-client-disable"], environment: environment) else { return false }
            if waitUntil({ toolOutput("/usr/bin/xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"], environment: environment).contains("window id") }) {
                let probe = "weibo-wm-probe-\(desktop.display.number)"
                spawnDetached("/usr/bin/xmessage", ["-name", probe, "-geometry", "+20+20", "probe"], environment: environment)
                defer { toolOutput("/usr/bin/pkill", ["-KILL", "-f", "xmessage -name \(probe) "], environment: nil) }
                let focuses = waitUntil {
                    let window = toolOutput("/usr/bin/xdotool", ["search", "--classname", probe], environment: environment)
                    return !window.isEmpty && window.split(separator: "\n").contains { String($0) == active() }
                }
                if focuses { return true }
            }
            desktop.killOnDisplay("xfwm4")
        }
        return false
    }

    /// The popup's X window, once it is mapped.
    static func popupWindow(_ desktop: PopupDesktop) -> String? {
        var window: String?
        waitAtMost(30) {
            window = toolOutput("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^Weibo$"], environment: desktop.setup.environment)
                .split(separator: "\n").first.map(String.init)
            return window != nil
        }
        return window
    }

    /// Where the window manager put it: X, Y, WIDTH, HEIGHT (its frame's, when it has one).
    static func geometry(_ window: String, _ desktop: PopupDesktop) -> [String: Int] {
        var geometry: [String: Int] = [:]
        for line in toolOutput("/usr/bin/xdotool", ["getwindowgeometry", "--shell", window], environment: desktop.setup.environment).split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { geometry[String(parts[0])] = Int(parts[1]) }
        }
        return geometry
    }

    @Test func aUtilityWindowWhollyOnTheScreenWhereverItOpens() throws {
        let desktop = try PopupDesktop()
        defer { desktop.killOnDisplay("xfwm4") }
        try #require(Self.windowManager(desktop), "xfwm4 did not start: \(toolOutput("/usr/bin/pgrep", ["-a", "xfwm4"]))")
        desktop.setup.sandbox.control("/_sandbox/statuses", [("count", "3")])
        _ = try desktop.setup.startWithTray()
        _ = try PopupDaemonTests.items(desktop.setup, "posts")

        // The tray's click at each corner of the screen and at its middle.
        for (x, y) in [(1270, 5), (5, 5), (1270, 795), (5, 795), (640, 400)] {
            desktop.activateTray(x: x, y: y)
            let window = try #require(Self.popupWindow(desktop), "opened at \(x),\(y)")
            let hints = toolOutput(
                "/usr/bin/xprop", ["-id", window, "_NET_WM_WINDOW_TYPE", "_MOTIF_WM_HINTS", "_NET_WM_STATE"], environment: desktop.setup.environment)
            #expect(hints.contains("_NET_WM_WINDOW_TYPE_UTILITY"), "\(hints)")
            // Motif hints: flags, functions, decorations (0: none), …
            #expect(hints.contains("_MOTIF_WM_HINTS(_MOTIF_WM_HINTS) = 0x2, 0x0, 0x0"), "no title bar: \(hints)")
            #expect(
                hints.contains("_NET_WM_STATE_SKIP_TASKBAR") && hints.contains("_NET_WM_STATE_SKIP_PAGER") && hints.contains("_NET_WM_STATE_ABOVE"), "\(hints)")
            let place = Self.geometry(window, desktop)
            let (left, top, width, height) = (place["X"] ?? -1, place["Y"] ?? -1, place["WIDTH"] ?? 0, place["HEIGHT"] ?? 0)
            #expect(width == 400 && height == 560, "\(place)")
            #expect(left >= 0 && top >= 0 && left + width <= 1280 && top + height <= 800, "opened at \(x),\(y): \(place)")
            // At the click: its nearest corner is within the window's reach of the point.
            #expect(abs((x < 640 ? left : left + width) - x) <= 10 || x == 640, "beside the click \(x): \(place)")
            // The window manager hands it the keyboard a moment after the map (on a busy
            // machine, after the geometry was read): Esc goes to the window in front.
            #expect(
                waitUntil {
                    toolOutput("/usr/bin/xdotool", ["getactivewindow"], environment: desktop.setup.environment).trimmingCharacters(in: .whitespacesAndNewlines)
                        == window
                },
                "the keyboard on it at \(x),\(y)")
            desktop.key("Escape")
            #expect(waitUntil { desktop.read().window == nil }, "Esc closes it")
        }

        // A bubble's click near the bottom right edge: at the pointer, on the screen.
        toolOutput("/usr/bin/xdotool", ["mousemove", "1275", "790"], environment: desktop.setup.environment)
        desktop.setup.sandbox.control("/_sandbox/comments", [("count", "1")])
        #expect(desktop.setup.bus.checkNow())
        #expect(waitUntil { desktop.setup.bus.notifications().contains { $0.summary.contains("comment") } })
        let bubble = try #require(desktop.setup.bus.notifications().lastIndex { $0.summary.contains("comment") })
        desktop.setup.bus.invokeAction(id: desktop.setup.bus.id(ofNotification: bubble), key: "default")
        let window = try #require(Self.popupWindow(desktop))
        let place = Self.geometry(window, desktop)
        #expect(
            (place["X"] ?? -1) >= 0 && (place["X"] ?? 0) + (place["WIDTH"] ?? 0) <= 1280 && (place["Y"] ?? 0) + (place["HEIGHT"] ?? 0) <= 800,
            "\(place)")
        desktop.shot("popup-xfwm4")
    }

    /// Under xfwm4 (a window manager with focus-stealing prevention), 20 opens by the tray
    /// icon: the window manager gives the popup the keyboard, row 1 has the focus (as a screen
    /// reader finds it: a list item named with its sentence), and Esc closes it, every time.
    @Test func theFirstRowHasTheKeyboardAtEveryOpenUnderXfwm4() throws {
        let desktop = try PopupDesktop()
        defer { desktop.killOnDisplay("xfwm4") }
        try #require(Self.windowManager(desktop), "xfwm4 did not start")
        desktop.setup.sandbox.control("/_sandbox/statuses", [("count", "3")])
        _ = try desktop.setup.startWithTray()
        _ = try PopupDaemonTests.items(desktop.setup, "posts")
        let active = {
            toolOutput("/usr/bin/xdotool", ["getactivewindow"], environment: desktop.setup.environment).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var focused = 0
        var missed: [String] = []
        for open in 1...20 {
            desktop.activateTray(x: 1270, y: 5)
            let window = try #require(Self.popupWindow(desktop), "open \(open)")
            let keyboard = waitUntil { active() == window }
            // What a screen reader says: the focused list item, named with its sentence.
            let row = waitUntil(timeout: 20) { desktop.read().rows?.first.map { $0.focused && $0.name.contains(": ") } == true }
            if keyboard && row {
                focused += 1
            } else {
                missed.append("open \(open): the keyboard \(keyboard ? "on it" : "on \(active()), not \(window)"), \(desktop.read())")
            }
            desktop.key("Escape")
            #expect(waitUntil { desktop.read().window == nil }, "open \(open): Esc closes it")
        }
        #expect(focused == 20, "row 1 had the keyboard in \(focused) opens of 20: \(missed)")
    }

    /// Replies typed in the popup under xfwm4 (10): the popup opened at Comments by the tray's
    /// D-Bus call, the window manager gives it the keyboard; Ctrl+Enter on the first comment
    /// opens the reply entry, the words and Enter are typed as keys, and each
    /// reply reaches the sandbox, the entry closed, the rows intact and no search started.
    @Test func repliesTypedInThePopupReachWeiboUnderXfwm4() throws {
        let desktop = try PopupDesktop()
        defer { desktop.killOnDisplay("xfwm4") }
        try #require(Self.windowManager(desktop), "xfwm4 did not start")
        let setup = desktop.setup
        setup.sandbox.control("/_sandbox/comments", [("count", "3")])
        try setup.start()
        _ = try PopupDaemonTests.items(setup, "comments")
        desktop.call("ShowPopup", "comments")
        let window = try #require(Self.popupWindow(desktop))
        #expect(
            waitUntil(timeout: 45) { desktop.read().rows?.count == 3 && desktop.read().rows?.first?.focused == true }, "\(desktop.read())")
        #expect(
            toolOutput("/usr/bin/xdotool", ["getactivewindow"], environment: setup.environment).trimmingCharacters(in: .whitespacesAndNewlines) == window,
            "xfwm4 gave the popup the keyboard")
        let typed = desktop.typeReplies(rows: 3)
        #expect(typed == 10, "\(typed) of 10 typed replies reached the sandbox with the rows intact: \(desktop.read().entries)")
    }

    /// Ten opens by the tray icon with the CPU busy: the keyboard is on the first row each
    /// time, and Down moves to the second at once. (No window manager here: the X focus is
    /// given to the window by hand, as the other popup tests do; what is tested is where GTK
    /// puts the keyboard inside it. Under xfwm4 with the whole suite beside it, the
    /// window manager itself was seen to keep the focus from a window opened with no click's
    /// time, which a real click gives.)
    @Test func theFirstRowHasTheKeyboardAtEveryOpenUnderLoad() throws {
        let desktop = try PopupDesktop()
        desktop.setup.sandbox.control("/_sandbox/statuses", [("count", "4")])
        _ = try desktop.setup.startWithTray()
        let hog = "while :; do :; done # weibo-hog-\(desktop.display.number)"
        // In `make test` the suites beside it are the load (a hog more made the whole run slower
        // than its 3 minutes); WEIBO_NOTIFIER_CPU_HOGS=N adds N busy processes, for runs of
        // this test alone.
        let hogs = Int(ProcessInfo.processInfo.environment["WEIBO_NOTIFIER_CPU_HOGS"] ?? "") ?? 0
        for _ in 0..<max(hogs, 0) { spawnDetached("/bin/sh", ["-c", hog], environment: desktop.setup.environment) }
        defer { toolOutput("/usr/bin/pkill", ["-KILL", "-f", "weibo-hog-\(desktop.display.number)$"], environment: nil) }
        for open in 1...10 {
            desktop.activateTray(x: 1270, y: 5)
            #expect(waitUntil(timeout: 20) { desktop.read().window == "Weibo" }, "open \(open): \(desktop.read())")
            desktop.pointAtPopup()
            #expect(waitUntil(timeout: 20) { desktop.read().rows?.first?.focused == true }, "open \(open): \(desktop.read())")
            desktop.key("Down")
            #expect(waitUntil { desktop.read().rows?.dropFirst().first?.focused == true }, "open \(open): \(desktop.read())")
            desktop.key("Escape")
            #expect(waitUntil { desktop.read().window == nil }, "open \(open)")
        }
    }
}
