import Foundation
import Glibc
import Testing
import WeiboTestSupport

/// The notifier on a real wlroots desktop: a headless sway with mako as the notification
/// server and waybar running the shipped waybar snippet (`weibo-notifier watch`), on a private
/// bus; the popup opens there as a layer surface in its corner. sway refuses to run as root, so
/// the desktop runs as `nobody` when the tests run as root (CI), in a runtime folder of its own.
/// Screenshots (grim) go to `.build/e2e/sway-*.png`.
@Suite(.serialized, .endToEnd) struct SwayDesktopTests {
    /// A desktop user's session: its runtime and home folders, and how to run a program as it.
    final class DesktopUser {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weibo-sway-\(UUID().uuidString)").path
        var runtime: String { folder + "/runtime" }
        var home: String { folder + "/home" }
        var tools: String { folder + "/bin" }
        /// Root drops to `nobody`; anyone else runs the desktop as themselves.
        let dropsPrivileges = getuid() == 0

        init() throws {
            for path in [folder, runtime, home, tools] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
            chmod(folder, 0o755)
            chmod(tools, 0o755)
            if dropsPrivileges {
                guard let nobody = getpwnam("nobody") else { throw PrivateSessionBus.Failure(description: "no user nobody") }
                for path in [runtime, home] { chown(path, nobody.pointee.pw_uid, nobody.pointee.pw_gid) }
            }
            chmod(runtime, 0o700)
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        /// `program` with `arguments` as the desktop's user, with only `environment`.
        func command(_ program: String, _ arguments: [String], environment: [String: String]) -> (String, [String]) {
            let variables = environment.merging(["HOME": home, "XDG_RUNTIME_DIR": runtime, "PATH": tools + ":/usr/bin:/bin", "LANG": "C.UTF-8"]) { $1 }
                .map { "\($0.key)=\($0.value)" }.sorted()
            let drop = dropsPrivileges ? ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] : []
            let all = drop + ["/usr/bin/env", "-i"] + variables + [program] + arguments
            return (all[0], Array(all.dropFirst()))
        }

        func start(_ program: String, _ arguments: [String] = [], environment: [String: String]) throws -> Process {
            let (path, rest) = command(program, arguments, environment: environment)
            return try startProgram(path, rest, environment: [:])
        }

        func output(_ program: String, _ arguments: [String] = [], environment: [String: String]) -> String {
            let (path, rest) = command(program, arguments, environment: environment)
            return toolOutput(path, rest, environment: [:])
        }

        /// A headless sway with `configuration` (the output's and the programs it starts), whose
        /// programs see the session bus at `busAddress`.
        func startSway(_ configuration: String, busAddress: String) throws -> Process {
            try configuration.write(toFile: folder + "/sway.conf", atomically: true, encoding: .utf8)
            chmod(folder + "/sway.conf", 0o644)
            return try start(
                "/usr/bin/sway", ["-c", folder + "/sway.conf"],
                environment: ["DBUS_SESSION_BUS_ADDRESS": busAddress, "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman"])
        }

        /// Ends `sway` and every program of this desktop. SIGKILL: helpers inherit the test
        /// runner's blocked SIGTERM. The desktop's programs (mako, waybar, the bar's watch) are
        /// nobody's: all of them go; and anything whose command line or environment names this
        /// desktop's folder (the popup, the accessibility bus), whoever runs it.
        func end(_ sway: Process) {
            kill(sway.processIdentifier, SIGKILL)
            sway.waitUntilExit()
            if dropsPrivileges { toolOutput("/usr/bin/pkill", ["-KILL", "-u", "nobody"]) }
            killProcesses(mentioning: folder)
        }
    }

    /// The popup's desktop on sway: a headless sway whose focused window is a terminal (foot;
    /// what is typed there goes to `typed`), a keyboard held on the seat (a seat without one
    /// gives no window the keyboard), the accessibility bus, and the popup's Wayland
    /// environment in `setup`. Ends sway and its programs when it goes.
    final class PopupOnSway {
        let user: DesktopUser
        let wayland: [String: String]
        var typed: String { user.home + "/typed" }
        private let sway: Process
        private let keyboard: Process

        init(_ setup: DaemonTests.Setup) throws {
            user = try DesktopUser()
            sway = try user.startSway(
                """
                output HEADLESS-1 resolution 1280x720
                exec foot -a weibo-elsewhere sh -c 'cat > \(user.home)/typed'
                """, busAddress: setup.bus.address)
            wayland = ["DBUS_SESSION_BUS_ADDRESS": setup.bus.address, "WAYLAND_DISPLAY": "wayland-1"]
            let socket = user.runtime + "/wayland-1"
            guard waitUntil(timeout: 45, { FileManager.default.fileExists(atPath: socket) }) else {
                user.end(sway)
                throw PrivateSessionBus.Failure(description: "sway did not start")
            }
            do {
                keyboard = try user.start("/usr/bin/wtype", ["-s", "3600000"], environment: wayland)
            } catch {
                user.end(sway)
                throw error
            }
            // The popup is this desktop's Wayland client; the accessibility bus is the session's.
            setup.extraEnvironment.merge(["WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": user.runtime, "GDK_BACKEND": "wayland"]) { $1 }
            spawnDetached("/usr/libexec/at-spi-bus-launcher", ["--launch-immediately"], environment: setup.environment)
            guard waitUntil({ setup.bus.hasOwner("org.a11y.Bus") }) else { throw PrivateSessionBus.Failure(description: "no accessibility bus") }
        }

        deinit {
            kill(keyboard.processIdentifier, SIGKILL)
            keyboard.waitUntilExit()
            user.end(sway)
        }

        /// What was typed into the terminal so far.
        func typedText() -> String { (try? String(contentsOfFile: typed, encoding: .utf8)) ?? "" }
    }

    /// The shipped waybar snippet (`packaging/status-bars/waybar.jsonc`, comments and all) as
    /// the only module of a bar along the top.
    static func waybarConfiguration() throws -> String {
        let snippet = try String(
            contentsOfFile: FixtureFiles.packageRoot().appendingPathComponent("packaging/status-bars/waybar.jsonc").path, encoding: .utf8)
        let module = snippet.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        return "{\n\"layer\": \"top\", \"position\": \"top\", \"height\": 30, \"modules-left\": [\"custom/weibo\"],\n\(module)\n}\n"
    }

    @Test func aBubbleReachesMakoAndTheBarShowsTheCountAndHidesAtZero() throws {
        let user = try DesktopUser()
        let bus = try PrivateSessionBus(notificationServer: false)
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0"])
        let home = AccountCommandsTests.Home()
        let environment = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }.merging(bus.environment) { $1 }
            .merging(["LANG": "C"]) { $1 }

        // The bar's `weibo-notifier` is this build, where the desktop's user can run it.
        try FileManager.default.copyItem(atPath: CommandRunner.executable.path, toPath: user.tools + "/weibo-notifier")
        try Self.waybarConfiguration().write(toFile: user.folder + "/waybar.json", atomically: true, encoding: .utf8)
        try "* { font-family: DejaVu Sans; font-size: 16px; } window#waybar { background: #202020; color: #ffffff; } #custom-weibo.unread { color: #ff8200; }\n"
            .write(toFile: user.folder + "/waybar.css", atomically: true, encoding: .utf8)
        for file in ["waybar.json", "waybar.css"] { chmod(user.folder + "/" + file, 0o644) }
        let sway = try user.startSway(
            """
            output HEADLESS-1 resolution 1280x720
            exec mako
            exec waybar -c \(user.folder)/waybar.json -s \(user.folder)/waybar.css
            """, busAddress: bus.address)
        defer { user.end(sway) }
        let desktop = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
        let wayland = desktop.merging(["WAYLAND_DISPLAY": "wayland-1"]) { $1 }
        #expect(waitUntil(timeout: 45) { bus.hasOwner("org.freedesktop.Notifications") }, "mako on the bus")
        // Headless sway has no keyboard: a virtual one of wtype's, held for the test, gives the
        // seat one, and types.
        let keyboard = try user.start("/usr/bin/wtype", ["-s", "3600000"], environment: wayland)
        defer {
            kill(keyboard.processIdentifier, SIGKILL)
            keyboard.waitUntilExit()
        }

        #expect(try home.run(["login", "--token-stdin", "--uid", "5712659759", "--api-base", sandbox.baseURL], input: sandbox.token + "\n").status == 0)
        sandbox.control("/_sandbox/counts", [("status", "3")])
        // The popup it starts is a Wayland client of this desktop.
        let daemonEnvironment = environment.merging(["WAYLAND_DISPLAY": "wayland-1", "XDG_RUNTIME_DIR": user.runtime, "GDK_BACKEND": "wayland"]) { $1 }
            .filter { $0.key != "DISPLAY" }
        let daemon = try startProgram(
            CommandRunner.executable.path, ["run", "--api-base", sandbox.baseURL, "--interval", "20"], environment: daemonEnvironment)
        defer { daemon.stop() }
        #expect(waitUntil { bus.daemonStatus()["total"] == "3" })

        // The bubble reached mako, from this program, with its words.
        // Asked on mako's own interface, as makoctl asks it: mako 1.10's makoctl lists no body.
        let listed = {
            user.output(
                "/usr/bin/gdbus",
                ["call", "--session", "-d", "org.freedesktop.Notifications", "-o", "/fr/emersion/Mako", "-m", "fr.emersion.Mako.ListNotifications"],
                environment: desktop)
        }
        #expect(waitUntil { listed().contains("'Weibo Notifier'") && listed().contains("'3 new posts'") }, "\(listed())")

        let folder = FixtureFiles.packageRoot().appendingPathComponent(".build/e2e").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func screenshot(_ name: String) -> String {
            let inside = user.runtime + "/\(name).png"
            _ = user.output("/usr/bin/grim", [inside], environment: wayland)
            let kept = folder + "/sway-\(name).png"
            try? FileManager.default.removeItem(atPath: kept)
            try? FileManager.default.copyItem(atPath: inside, toPath: kept)
            return kept
        }
        let orange = "#ff8200"
        // The bar (the top 30 px, left part) shows the count in the unread colour.
        #expect(
            waitUntil(timeout: 45) { XfcePanelTests.share(of: orange, x: 0, y: 0, width: 300, height: 30, in: screenshot("unread")) > 0.002 },
            "waybar shows the count: \(folder)/sway-unread.png")
        // mako's bubble is on screen with the app's icon (its red).
        #expect(XfcePanelTests.share(of: "#e6162d", x: 880, y: 0, width: 400, height: 200, in: folder + "/sway-unread.png") > 0.002)
        // The bar and the bubble as docs/screenshots shows them, on Debian 12's sway.
        if GoldenImage.desktopsOfThePictures {
            let difference = GoldenImage.settledDifference("sway-waybar-mako", region: (0, 0, 1280, 130)) { screenshot("unread") }
            #expect(difference < 0.01, "\(Int(difference * 100)) % of .build/e2e/sway-waybar-mako.png differ from docs/screenshots")
        }

        // At zero the module hides (--hide-zero): nothing but the bar's background is left.
        #expect(try CommandRunner.run(["mark-read"], environment: environment).status == 0)
        #expect(
            waitUntil(timeout: 45) {
                XfcePanelTests.share(of: "#202020", x: 0, y: 0, width: 300, height: 30, in: screenshot("zero")) > 0.99
            }, "the module hides at zero: \(folder)/sway-zero.png")

        // The popup: a layer surface in the top right corner (popup_corner's default), below the
        // bar's exclusive zone; the theme's light background where the desktop was black. It is
        // on the overlay layer, over mako's bubbles in the same corner: a comments bubble (in
        // mako's blue, which nothing else here has) stays open under the posts, and its tabs
        // cover it.
        _ = user.output("/usr/bin/makoctl", ["dismiss", "--all"], environment: desktop)
        sandbox.control("/_sandbox/statuses", [("count", "3")])
        sandbox.control("/_sandbox/comments", [("count", "2")])
        sandbox.control("/_sandbox/counts", [("cmt", "2")])
        #expect(bus.checkNow())
        #expect(waitUntil { listed().contains("comment") }, "\(listed())")
        let light = "#ffffff"
        let bubble = "#285577"
        let corner = (x: 980, y: 45, width: 280, height: 70)
        #expect(
            waitUntil {
                XfcePanelTests.share(of: bubble, x: corner.x, y: corner.y, width: corner.width, height: corner.height, in: screenshot("before-popup")) > 0.3
            }, "the bubble in the corner: \(folder)/sway-before-popup.png")
        #expect(XfcePanelTests.share(of: light, x: 900, y: 140, width: 340, height: 360, in: folder + "/sway-before-popup.png") < 0.01)
        _ = bus.gdbus([
            "call", "--dest", "io.github.WeiboNotifier", "--object-path", "/io/github/WeiboNotifier", "--method",
            "io.github.WeiboNotifier1.ShowPopup", "posts",
        ])
        // Its cells drawn too: text and pictures on it, more than a spinner.
        #expect(
            waitUntil(timeout: 45) {
                let share = XfcePanelTests.share(of: light, x: 900, y: 140, width: 340, height: 360, in: screenshot("popup"))
                return share > 0.3 && share < 0.97
            }, "the popup in the corner: \(folder)/sway-popup.png")
        // (The bubble filled 77 % of the corner; the popup's selected row has about 1 % of
        // pixels near its blue.)
        #expect(
            XfcePanelTests.share(of: bubble, x: corner.x, y: corner.y, width: corner.width, height: corner.height, in: folder + "/sway-popup.png") < 0.05,
            "the popup over the bubble: \(folder)/sway-popup.png")
        #expect(listed().contains("comment"), "the bubble is still open under it: \(listed())")
        // Nothing of it on the left: it is anchored, not placed at a pointer.
        #expect(XfcePanelTests.share(of: light, x: 0, y: 100, width: 500, height: 400, in: folder + "/sway-popup.png") < 0.01)
        // The keyboard is in it: Esc shuts it.
        _ = user.output("/usr/bin/wtype", ["-k", "Escape"], environment: wayland)
        #expect(
            waitUntil(timeout: 10) { XfcePanelTests.share(of: light, x: 900, y: 140, width: 340, height: 360, in: screenshot("popup-shut")) < 0.01 },
            "Esc shuts the popup: \(folder)/sway-popup-shut.png")
        killProcesses("weibo-notifier-popup.*--kind", having: "DBUS_SESSION_BUS_ADDRESS=\(bus.address)")

        // News read elsewhere: the next check withdraws its bubble from mako (whose own
        // bubbles never expire).
        _ = user.output("/usr/bin/makoctl", ["dismiss", "--all"], environment: desktop)
        sandbox.control("/_sandbox/comments", [("count", "1")])
        #expect(bus.checkNow())
        #expect(waitUntil { listed().contains("comment") }, "\(listed())")
        sandbox.control("/_sandbox/read", [])
        #expect(bus.checkNow())
        // (A passing summary, "The newest 3 posts", may come late from the popup killed above:
        // a refresh leaves those.)
        #expect(waitUntil(timeout: 10) { !listed().contains("comment") }, "withdrawn: \(listed())")
    }

    /// The popup opened from the tray over an ordinary focused window (a terminal, foot), the
    /// usual case: the keyboard is on its first row at every open; Esc closes it and the
    /// terminal has the keyboard back. (The layer surface held the keyboard only on
    /// demand: sway gave it and took it back at once, and the focus-out closed the popup.) Read
    /// through AT-SPI, as a screen reader reads it. `WEIBO_NOTIFIER_SWAY_OPENS` sets the opens
    /// (5; CI's Debian 13 run: 20). Keys are wtype's, one virtual keyboard per call: only keys
    /// the popup reads itself (Esc) are sent; GTK's own key bindings (Down, Enter) did not see
    /// a keyboard that came after the window's.
    @Test func theKeyboardIsOnTheFirstRowAtEveryOpenOverAFocusedWindow() throws {
        let setup = try DaemonTests.Setup(bubbles: "per-kind")
        let desktop = try PopupOnSway(setup)
        let (user, wayland) = (desktop.user, desktop.wayland)
        // The terminal has the keyboard.
        #expect(
            waitUntil(timeout: 45) {
                _ = user.output("/usr/bin/wtype", ["-s", "200", "before", "-k", "Return"], environment: wayland)
                return desktop.typedText().contains("before")
            }, "foot has the keyboard")
        setup.sandbox.control("/_sandbox/statuses", [("count", "4")])
        _ = try setup.startWithTray()
        _ = try PopupDaemonTests.items(setup, "posts")
        let read = { PopupDesktop.read(environment: setup.environment) }
        let item = "org.kde.StatusNotifierItem-\(setup.daemon?.processIdentifier ?? 0)-1"
        let activate = {
            _ = setup.bus.gdbus(["call", "--dest", item, "--object-path", "/StatusNotifierItem", "--method", "org.kde.StatusNotifierItem.Activate", "0", "0"])
        }
        let key = { (name: String) in _ = user.output("/usr/bin/wtype", ["-s", "200", "-k", name], environment: wayland) }

        let opens = Int(ProcessInfo.processInfo.environment["WEIBO_NOTIFIER_SWAY_OPENS"] ?? "") ?? 5
        for open in 1...max(opens, 1) {
            activate()
            // What a screen reader says: the focused list item, named with its sentence (who,
            // when: what).
            #expect(
                waitUntil(timeout: 20) { read().rows?.first.map { $0.focused && $0.name.contains(": ") } == true }, "open \(open): \(read())")
            key("Escape")
            #expect(waitUntil { read().window == nil }, "open \(open): Esc closes it")
        }
        _ = user.output("/usr/bin/wtype", ["-s", "200", "after", "-k", "Return"], environment: wayland)
        #expect(waitUntil(timeout: 10) { desktop.typedText().contains("after") }, "the keyboard back at the terminal: \(desktop.typedText())")
    }

    /// Replies typed in the popup on sway, over a focused terminal (10; the X11 ones:
    /// `PopupWindowTests.searchShortcutsAndAReplyFromTheKeyboard`): Ctrl+Enter on a comment
    /// opens the reply entry, the words and Enter are typed as keys, and the reply reaches the
    /// sandbox; the entry closes and the rows stay. Each try is one wtype, one virtual
    /// keyboard whose keymap comes before its keys.
    @Test func repliesTypedInThePopupReachWeibo() throws {
        let setup = try DaemonTests.Setup(bubbles: "per-kind")
        let desktop = try PopupOnSway(setup)
        let (user, wayland) = (desktop.user, desktop.wayland)
        setup.sandbox.control("/_sandbox/comments", [("count", "3")])
        try setup.start()
        defer { setup.stop() }
        _ = try PopupDaemonTests.items(setup, "comments")
        let read = { PopupDesktop.read(environment: setup.environment) }
        _ = setup.bus.gdbus([
            "call", "--dest", "io.github.WeiboNotifier", "--object-path", "/io/github/WeiboNotifier", "--method",
            "io.github.WeiboNotifier1.ShowPopup", "comments",
        ])
        #expect(waitUntil(timeout: 45) { read().rows?.count == 3 && read().rows?.first?.focused == true }, "\(read())")
        var typed = 0
        for attempt in 1...10 {
            let words = "谢谢 thanks \(attempt) from \(getpid())"
            _ = user.output(
                "/usr/bin/wtype", ["-M", "ctrl", "-k", "Return", "-m", "ctrl", "-s", "300", words, "-s", "200", "-k", "Return"], environment: wayland)
            // Sent, the entry closed, the rows and no search.
            if waitUntil({ setup.sandbox.read("/_sandbox/replies").contains(words) }),
                waitUntil({ !read().entries.contains { $0.name == "Reply" } }), read().rows?.count == 3,
                !read().entries.contains(where: { $0.name == "Search" })
            {
                typed += 1
            }
        }
        #expect(typed == 10, "\(typed) of 10 typed replies reached the sandbox with the rows intact: \(read()) \(read().entries)")
    }
}
