import Foundation
import Glibc
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboSandbox
import WeiboTestSupport

/// `weibo-notifier run` on a private session bus, with dbusmock's notification server and the
/// sandbox. Polls are triggered with `CheckNow` and awaited, never slept for.
@Suite(.serialized, .endToEnd) struct DaemonTests {
    typealias Home = AccountCommandsTests.Home

    /// Everything one daemon test needs: bus, sandbox, a logged-in home and the daemon.
    final class Setup {
        let bus: PrivateSessionBus
        let sandbox: SandboxProcess
        let home = Home()
        var daemon: Process?

        /// `bubbles`: the configuration's `bubbles` (the tests written for one bubble for all say
        /// `single`; `per-kind` is the default a user gets).
        /// `tls`: the sandbox serves HTTPS, and everything run here trusts its CA (`SSL_CERT_FILE`).
        /// `loggedIn`: false for a first run (no account); `sandbox`: more of the sandbox's options.
        init(
            notificationServer: Bool = true, bubbles: String = "single", capabilities: String? = nil, tls: Bool = false, loggedIn: Bool = true,
            sandbox options: [String] = []
        ) throws {
            bus = try PrivateSessionBus(notificationServer: notificationServer, capabilities: capabilities)
            sandbox = try SandboxProcess(arguments: ["--new-status-every", "0"] + (tls ? ["--tls"] : []) + options)
            if let caFile = sandbox.caFile { extraEnvironment["SSL_CERT_FILE"] = caFile }
            self.bubbles = bubbles
            try FileManager.default.createDirectory(atPath: home.folder + "/config/weibo-notifier", withIntermediateDirectories: true)
            try configure("")
            guard loggedIn else { return }
            let login = try CommandRunner.run(
                ["login", "--token-stdin", "--uid", "5712659759", "--api-base", sandbox.baseURL], input: Data((sandbox.token + "\n").utf8),
                environment: home.environment.merging(["LANG": "C"]) { $1 }.merging(extraEnvironment) { $1 })
            guard login.status == 0 else { throw PrivateSessionBus.Failure(description: "login failed: \(login.standardError)") }
        }

        var extraEnvironment: [String: String] = [:]
        private var bubbles = "single"

        /// The account file as after a login with a Secret Service: the token in the keyring
        /// only (`"token_in":"keyring"`), so that every start asks the keyring for it.
        func tokenInKeyringOnly() throws {
            let file = home.folder + "/config/weibo-notifier/accounts.json"
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let moved = text.replacingOccurrences(of: #""access_token"\s*:\s*"[^"]*",?"#, with: #""token_in":"keyring","#, options: .regularExpression)
            guard moved != text else { throw PrivateSessionBus.Failure(description: "no token in \(text)") }
            try moved.write(toFile: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
        }

        /// Writes the configuration: `bubbles` and the given `[notifier]` lines.
        func configure(_ notifierLines: String) throws {
            try "[notifier]\nbubbles=\(bubbles)\n\(notifierLines)".write(toFile: home.configFile, atomically: true, encoding: .utf8)
        }

        var environment: [String: String] {
            ProcessInfo.processInfo.environment.merging(home.environment) { $1 }.merging(bus.environment) { $1 }
                .merging(["LANG": "C"]) { $1 }.merging(extraEnvironment) { $1 }
        }

        /// Starts the daemon (under `wrapper`, such as valgrind, when given) and waits for its first poll.
        /// `errorLog`: a file for its standard error (dropped otherwise).
        /// `interval`: `--interval` (nil: the configuration's).
        /// Starts the notifier with the sandbox's news of `control` waiting, and waits for its one
        /// bubble; the bubble's id.
        @discardableResult
        func startWithOneBubble(_ control: String, _ parameters: [(String, String)]) throws -> UInt32 {
            sandbox.control(control, parameters)
            try start()
            #expect(waitUntil { self.bus.notifications().count == 1 }, "one bubble: \(bus.notifications())")
            return bus.id(ofNotification: 0)
        }

        func start(
            _ extra: [String] = [], waitForPoll: Bool = true, wrapper: [String] = [], pollTimeout: Double = 15, errorLog: String? = nil,
            interval: Int? = 20
        ) throws {
            let process = Process()
            let command =
                [CommandRunner.executable.path, "run", "--api-base", sandbox.baseURL] + (interval.map { ["--interval", String($0)] } ?? []) + extra
            process.executableURL = URL(fileURLWithPath: wrapper.first ?? command[0])
            process.arguments = Array((wrapper + command).dropFirst())
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try errorLog.map(logFile) ?? FileHandle.nullDevice
            try process.run()
            daemon = process
            guard !waitForPoll || waitUntil(timeout: pollTimeout, { self.bus.daemonPolls() >= 1 }) else {
                throw PrivateSessionBus.Failure(description: "the daemon did not poll")
            }
        }

        /// SIGTERM; the exit status.
        @discardableResult
        func stop() -> Int32 {
            guard let daemon else { return -1 }
            if daemon.isRunning {
                kill(daemon.processIdentifier, SIGTERM)
                daemon.waitUntilExit()
            }
            self.daemon = nil
            return daemon.terminationStatus
        }

        /// A panel's tray watcher (Debian's status-notifier-watcher), ended with the setup.
        private var trayWatcher: Process?

        func startTrayWatcher() throws {
            trayWatcher = try bus.startTrayWatcher()
        }

        /// Starts the daemon (as `start`) with a tray watcher first; the tray item's bus name,
        /// once it registered.
        func startWithTray(_ extra: [String] = []) throws -> String {
            try startTrayWatcher()
            try start(extra)
            let item = "org.kde.StatusNotifierItem-\(daemon?.processIdentifier ?? 0)-1"
            guard waitUntil({ self.bus.registeredTrayItems().contains(item) }) else {
                throw PrivateSessionBus.Failure(description: "the tray item did not register: \(bus.registeredTrayItems())")
            }
            return item
        }

        deinit {
            stop()
            // SIGKILL: helpers inherit the test runner's blocked SIGTERM.
            if let trayWatcher, trayWatcher.isRunning {
                kill(trayWatcher.processIdentifier, SIGKILL)
                trayWatcher.waitUntilExit()
            }
        }
    }

    @Test func firstPollNotifiesRisingReplacesUnchangedSendsNothing() throws {
        let setup = try Setup()
        setup.sandbox.control("/_sandbox/statuses", [("count", "3")])
        try setup.startWithOneBubble("/_sandbox/counts", [("cmt", "2"), ("mention_status", "1")])
        let first = try #require(setup.bus.notifications().first)
        #expect(first.appName == "Weibo Notifier")
        #expect(first.summary == "Weibo")
        #expect(first.body == "3 new posts · 2 comments · 1 mention")
        #expect(first.replacesID == 0)
        #expect(first.actions == ["default", "Show", "mark-read", "Mark all read", "open-weibo", "Open Weibo"])
        #expect(first.hints["category"] == "'im.received'")
        #expect(first.hints["desktop-entry"] == "'io.github.WeiboNotifier'")
        #expect(first.hints["urgency"] == "0x01")

        #expect(setup.bus.checkNow())
        #expect(setup.bus.notifications().count == 1, "unchanged counts send nothing")

        setup.sandbox.control("/_sandbox/counts", [("dm", "1")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { setup.bus.notifications().count == 2 })
        let second = try #require(setup.bus.notifications().last)
        #expect(second.replacesID != 0 && second.replacesID == setup.bus.id(ofNotification: 0), "replaced in place")
        #expect(second.body == "3 new posts · 2 comments · 1 mention · 1 new private message")
        #expect(setup.bus.daemonStatus()["total"] == "7")
        #expect(setup.bus.closedIDs().isEmpty)
        // It quits: its bubble closes with it (in GNOME's list a click on it would reach no one).
        #expect(setup.stop() == 0)
        #expect(setup.bus.closedIDs() == [setup.bus.id(ofNotification: 0)])
    }

    @Test func aClickShowsTheSummaryAndClearsEverything() throws {
        let setup = try Setup()
        let id = try setup.startWithOneBubble("/_sandbox/statuses", [("count", "2")])
        #expect(id != 0)
        setup.bus.invokeAction(id: id, key: "default")
        #expect(
            waitUntil { setup.bus.notifications().count == 2 && setup.bus.closedIDs() == [id] },
            "\(setup.bus.notifications().map(\.summary)) closed \(setup.bus.closedIDs()) id \(id)")
        let summary = try #require(setup.bus.notifications().last)
        #expect(summary.summary == "The newest 2 posts")
        #expect(summary.replacesID == 0, "the summary is a second notification")
        #expect(summary.hints["transient"] == nil, "kept in the server's history")
        #expect(summary.actions == ["open-weibo", "Open Weibo"])
        #expect(summary.body.split(separator: "\n").count == 2, "a line per post: \(summary.body)")
        #expect(setup.bus.daemonStatus()["total"] == "0")

        // The next poll does not notify again.
        #expect(setup.bus.checkNow())
        #expect(setup.bus.notifications().count == 2)
    }

    /// A server whose click signal comes before the daemon has the bubble's id (the signal
    /// on the daemon's connection, the id on the notification thread's): the click is kept
    /// until the id arrives, then followed. The server here clicks its first bubble before it
    /// even answers Notify.
    @Test func aClickBeforeTheBubblesIdArrivesIsFollowed() throws {
        let setup = try Setup()
        #expect(setup.bus.signalBeforeNotifyAnswers("if ret == 1:\n    self.EmitSignal('', 'ActionInvoked', 'us', [ret, 'default'])"))
        setup.sandbox.control("/_sandbox/statuses", [("count", "2")])
        try setup.start()
        #expect(
            waitUntil { setup.bus.notifications().count == 2 }, "\(setup.bus.notifications().map(\.summary)) closed \(setup.bus.closedIDs())")
        #expect(setup.bus.notifications().last?.summary == "The newest 2 posts")
        #expect(waitUntil { setup.bus.daemonStatus()["total"] == "0" })
    }

    @Test func refreshAndMarkReadFromTheCommandLine() throws {
        let setup = try Setup()
        try setup.startWithOneBubble("/_sandbox/counts", [("cmt", "3")])
        let refresh = try CommandRunner.run(["refresh"], environment: setup.environment)
        #expect(refresh.status == 0)
        #expect(waitUntil { setup.bus.closedIDs().count == 1 })
        #expect(setup.bus.daemonStatus()["total"] == "0")
        setup.sandbox.control("/_sandbox/counts", [("dm", "1")])
        #expect(setup.bus.checkNow())
        #expect(setup.bus.daemonStatus()["total"] == "1")
        #expect(try CommandRunner.run(["mark-read"], environment: setup.environment).status == 0)
        #expect(setup.bus.daemonStatus()["total"] == "0")
        let status = try CommandRunner.run(["status"], environment: setup.environment)
        #expect(status.lines.last == "unread: Nothing new")
    }

    /// Bug: `refresh` during an HTTP 500 said "Marked as seen." and was applied later to newer
    /// posts, which were never shown.
    @Test func aRefreshThatCannotCheckSaysSoAndMarksNothing() throws {
        let setup = try Setup()
        try setup.startWithOneBubble("/_sandbox/counts", [("cmt", "1")])
        setup.sandbox.control("/_sandbox/faults", [("kind", "html502")])
        let refresh = try CommandRunner.run(["refresh"], environment: setup.environment)
        #expect(refresh.status == 69)
        #expect(refresh.standardError.contains("could not check Weibo (HTTP 502"), "\(refresh.standardError)")
        #expect(refresh.standardError.contains("nothing was marked as seen"))
        #expect(!refresh.standardOutput.contains("Marked as seen"))
        #expect(setup.bus.daemonStatus()["total"] == "1")
        setup.sandbox.control("/_sandbox/statuses", [("count", "2")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { setup.bus.notifications().last?.body == "2 new posts · 1 comment" }, "posts after it are shown")
    }

    /// Bug: after a restart the bubble left on screen was orphaned: never updated or closed, its
    /// buttons dead, and the next rise opened a second one.
    @Test func aRestartTakesOverTheBubbleOnScreen() throws {
        let setup = try Setup()
        let id = try setup.startWithOneBubble("/_sandbox/counts", [("dm", "1")])
        // The server's answer comes back from the notification thread, then the state is saved.
        let stateFile = setup.home.folder + "/state/weibo-notifier/state-5712659759.json"
        let state = { (try? String(contentsOfFile: stateFile, encoding: .utf8)) ?? "" }
        #expect(waitUntil { state().contains("\"all\":{\"id\":\(id),\"shown\"") }, "saved as soon as it changed: \(state())")
        let old = try #require(setup.daemon)
        kill(old.processIdentifier, SIGKILL)
        old.waitUntilExit()
        setup.daemon = nil
        try setup.start()
        #expect(setup.bus.notifications().count == 1, "the saved state knows the bubble was shown")
        // A click on the old bubble is honoured by the new process.
        setup.sandbox.control("/_sandbox/statuses", [("count", "1")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { setup.bus.notifications().count == 2 })
        let replaced = try #require(setup.bus.notifications().last)
        #expect(replaced.replacesID == id, "the rise replaces the old bubble in place")

        // Killed again: a button of the bubble on screen is honoured by the next process.
        let second = try #require(setup.daemon)
        kill(second.processIdentifier, SIGKILL)
        second.waitUntilExit()
        setup.daemon = nil
        try setup.start()
        #expect(setup.bus.daemonStatus()["total"] == "2")
        setup.bus.invokeAction(id: id, key: "mark-read")
        #expect(waitUntil { setup.bus.daemonStatus()["total"] == "0" })
        #expect(waitUntil { setup.bus.closedIDs().contains(id) }, "and it closes that bubble")
    }

    /// Bug: every SIGHUP started a poll.
    @Test func signalsToReloadDoNotPoll() throws {
        let setup = try Setup()
        try setup.start()
        let daemon = try #require(setup.daemon)
        for _ in 0..<50 { kill(daemon.processIdentifier, SIGHUP) }
        // A check asked for afterwards is the only one.
        #expect(setup.bus.checkNow())
        #expect(setup.bus.daemonPolls() == 2, "\(setup.bus.daemonPolls()) polls")
    }

    @Test func countsChangedIsSignalled() throws {
        let setup = try Setup()
        try setup.start()
        let log = setup.home.folder + "/monitor.log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let monitor = Process()
        // Line-buffered, or the signals would wait in gdbus's buffer until it exits.
        monitor.executableURL = URL(fileURLWithPath: "/usr/bin/stdbuf")
        monitor.arguments = ["-oL", "/usr/bin/gdbus", "monitor", "--session", "--dest", "io.github.WeiboNotifier"]
        monitor.environment = setup.environment
        monitor.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        monitor.standardError = FileHandle.nullDevice
        try monitor.run()
        defer { monitor.stop(SIGKILL) }
        // gdbus monitor says whose signals it watches once its match rule is in place.
        #expect(waitUntil { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("is owned by") })
        setup.sandbox.control("/_sandbox/counts", [("dm", "2")])
        #expect(setup.bus.checkNow())
        #expect(
            waitUntil {
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                return text.contains("io.github.WeiboNotifier1.CountsChanged") && text.contains("'dm': 2") && text.contains("'total': 2")
            }, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }

    /// Runs `weibo-notifier watch` with its output in a file; returns the process and the file.
    func watch(_ setup: Setup, _ arguments: [String]) throws -> (Process, String) {
        let log = setup.home.folder + "/watch-\(UUID().uuidString).out"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["watch", "--api-base", setup.sandbox.baseURL] + arguments
        process.environment = setup.environment
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, log)
    }

    func lines(_ file: String) -> [String] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func watchFollowsTheDaemonAndThenPollsByItself() throws {
        let setup = try Setup()
        try setup.start()
        let (process, log) = try watch(setup, ["--format", "waybar", "--interval", "1"])
        #expect(waitUntil { self.lines(log).count == 1 })
        #expect(lines(log).first == "{\"text\":\"Weibo 0\",\"tooltip\":\"Nothing new\",\"class\":[\"none\"],\"alt\":\"none\"}")
        setup.sandbox.control("/_sandbox/counts", [("cmt", "2")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { self.lines(log).last?.contains("\"text\":\"Weibo 2\"") == true }, "\(lines(log))")
        #expect(lines(log).count == 2, "one line per change")

        // A pause is a state too, announced by StateChanged and read from GetStatus.
        #expect(setup.bus.callDaemon("Pause", seconds: 3600))
        #expect(
            waitUntil { self.lines(log).last?.contains("\"class\":[\"paused\",\"unread\"],\"alt\":\"paused\"") == true },
            "\(lines(log)) \(setup.bus.daemonStatus())")
        #expect(setup.bus.callDaemon("Resume"))
        #expect(waitUntil { self.lines(log).last?.contains("\"alt\":\"unread\"") == true }, "\(lines(log))")

        // Failed checks keep the count: stale after the third, never offline (the network is there).
        for failure in 1...3 {
            setup.sandbox.control("/_sandbox/faults", [("kind", "http500")])
            #expect(setup.bus.checkNow())
            #expect(setup.bus.daemonStatus()["failures"] == "\(failure)")
        }
        #expect(waitUntil { self.lines(log).last?.contains("\"class\":[\"stale\",\"unread\"],\"alt\":\"stale\"") == true }, "\(lines(log))")
        #expect(lines(log).allSatisfy { $0.contains("\"text\":\"Weibo 0\"") || $0.contains("\"text\":\"Weibo 2\"") }, "\(lines(log))")
        #expect(!lines(log).contains { $0.contains("offline") })
        #expect(setup.bus.checkNow())
        #expect(waitUntil { self.lines(log).last?.contains("\"alt\":\"unread\"") == true }, "\(lines(log))")

        // The daemon goes away: watch checks by itself.
        #expect(setup.stop() == 0)
        setup.sandbox.control("/_sandbox/counts", [("dm", "1")])
        #expect(waitUntil { self.lines(log).last?.contains("\"text\":\"Weibo 3\"") == true }, "\(lines(log))")

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func watchEndsWhenTheBarClosesThePipe() throws {
        let setup = try Setup()
        let script = "\"$0\" watch --format i3blocks --api-base \"$1\" | head -n 1; echo \"status ${PIPESTATUS[0]}\""
        let text = toolOutput("/bin/bash", ["-c", script, CommandRunner.executable.path, setup.sandbox.baseURL], environment: setup.environment)
        #expect(text.hasPrefix("{\"full_text\":\"Weibo 0\""))
        #expect(text.hasSuffix("status 0\n"), "\(text)")
    }

    @Test func watchTakesATemplateAndColoursOnlyWhenAsked() throws {
        let setup = try Setup()
        func firstLine(_ options: String) -> String {
            let script = "\"$0\" watch --api-base \"$1\" \(options) | head -n 1"
            return toolOutput("/bin/bash", ["-c", script, CommandRunner.executable.path, setup.sandbox.baseURL], environment: setup.environment)
        }
        #expect(
            firstLine("--format i3blocks --text '{icon} {total}' --color-zero '#FFFFFF'")
                == "{\"full_text\":\"🔔 0\",\"short_text\":\"0\",\"color\":\"#FFFFFF\",\"urgent\":false}\n")
        #expect(firstLine("--format i3blocks") == "{\"full_text\":\"Weibo 0\",\"short_text\":\"0\",\"urgent\":false}\n", "no colour at zero")
        #expect(firstLine("--format polybar --polybar-colors --hide-zero") == "\n", "an empty line at zero")
        let unknown = try CommandRunner.run(["watch", "--text", "{totl}"], environment: setup.environment)
        #expect(unknown.status == 64 && unknown.standardError.contains("unknown placeholder {totl}"), "\(unknown.standardError)")
        let colour = try CommandRunner.run(["watch", "--color-zero", "white"], environment: setup.environment)
        #expect(colour.status == 64 && colour.standardError.contains("#FFFFFF"), "\(colour.standardError)")
    }

    @Test func theDockBadgeFollowsTheCounts() throws {
        let setup = try Setup()
        setup.sandbox.control("/_sandbox/counts", [("mention_status", "2")])
        let monitor = try setup.bus.monitor("interface='com.canonical.Unity.LauncherEntry'")
        try setup.start()
        let text = { monitor.text }
        #expect(waitUntil { text().contains("member=Update") && text().contains("int64 2") }, "\(text())")
        #expect(text().contains("string \"application://io.github.WeiboNotifier.desktop\""))
        #expect(text().contains("string \"urgent\" variant boolean true"))
        #expect(try CommandRunner.run(["mark-read"], environment: setup.environment).status == 0)
        #expect(waitUntil { text().contains("int64 0") })
        #expect(text().contains("string \"count-visible\" variant boolean false"))
    }

    /// On KDE Plasma the tray folds a `Passive` item into its hidden items, which its users
    /// expect of an icon with nothing to say: Passive at zero there, NeedsAttention with news.
    @Test func onPlasmaTheTrayItemIsPassiveAtZero() throws {
        let setup = try Setup()
        setup.extraEnvironment["XDG_CURRENT_DESKTOP"] = "KDE"
        let watcher = try setup.bus.startTrayWatcher()
        defer { watcher.stop(SIGKILL) }
        try setup.start()
        defer { setup.stop() }
        let item = "org.kde.StatusNotifierItem-\(setup.daemon?.processIdentifier ?? 0)-1"
        func properties() -> String {
            setup.bus.gdbus(["call", "-d", item, "-o", "/StatusNotifierItem", "-m", "org.freedesktop.DBus.Properties.GetAll", "org.kde.StatusNotifierItem"])
        }
        #expect(waitUntil { properties().contains("'Status': <'Passive'>") }, "\(properties())")
        setup.sandbox.control("/_sandbox/counts", [("dm", "1")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { properties().contains("'Status': <'NeedsAttention'>") }, "\(properties())")
    }

    @Test func theTrayIconRegistersFollowsTheCountsAndHasAMenu() throws {
        let setup = try Setup()
        var watcher = try setup.bus.startTrayWatcher()
        defer { watcher.stop(SIGKILL) }
        setup.sandbox.control("/_sandbox/counts", [("dm", "1")])
        try setup.start()
        let item = "org.kde.StatusNotifierItem-\(setup.daemon?.processIdentifier ?? 0)-1"
        #expect(waitUntil { setup.bus.registeredTrayItems().contains(item) }, "\(setup.bus.registeredTrayItems())")

        func properties() -> String {
            setup.bus.gdbus(["call", "-d", item, "-o", "/StatusNotifierItem", "-m", "org.freedesktop.DBus.Properties.GetAll", "org.kde.StatusNotifierItem"])
        }
        #expect(waitUntil { properties().contains("'Status': <'NeedsAttention'>") })
        let unread = properties()
        #expect(unread.contains("'Category': <'Communications'>"))
        #expect(unread.contains("'ItemIsMenu': <false>"))
        #expect(unread.contains("'IconName': <'io.github.WeiboNotifier-unread'>"))
        #expect(unread.contains("'Menu': <objectpath '/MenuBar'>"))
        #expect(unread.contains("1 new private message\\nchecked "))
        #expect(unread.contains("/Resources/icons'>"), "an uninstalled build points at its own icons")

        // The menu, and a click on "Mark all read".
        let layout = setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.GetLayout", "--", "0", "-1", "[]"])
        for label in [
            "Show timeline", "Mark all read", "Check now", "Open Weibo", "Hot search", "Pause notifications", "For 1 hour", "Until tomorrow", "Resume", "Quit",
        ] {
            #expect(layout.contains("'label': <'\(label)'>"), "\(label)")
        }
        // The first line, greyed out, says the counts (for trays without tooltips, GNOME's).
        let headline = setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.GetGroupProperties", "--", "[14]", "[]"])
        #expect(headline.contains("'label': <'1 new private message'>") && headline.contains("'enabled': <false>"), "\(headline)")
        // doctor finds the icon in the tray's list.
        let doctor = try CommandRunner.run(
            ["doctor", "--api-base", setup.sandbox.baseURL],
            environment: setup.home.environment.merging(setup.bus.environment) { $1 }.merging(["LANG": "C"]) { $1 })
        #expect(doctor.standardOutput.contains("tray (StatusNotifierWatcher) shows the notifier's icon"), "\(doctor.standardOutput)")
        _ = setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.Event", "--", "2", "clicked", "<0>", "0"])
        #expect(waitUntil { setup.bus.daemonStatus()["total"] == "0" })
        // At zero the icon stays (XFCE's and waybar's trays remove a Passive one).
        #expect(waitUntil { properties().contains("'Status': <'Active'>") && properties().contains("'IconName': <'io.github.WeiboNotifier'>") })

        // Pause from the menu, and resume; a middle click checks now.
        func pauseItems() -> String {
            setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.GetGroupProperties", "--", "[7, 8, 9]", "[]"])
        }
        #expect(pauseItems().contains("'toggle-type': <'radio'>") && !pauseItems().contains("'toggle-state': <1>"), "\(pauseItems())")
        _ = setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.Event", "--", "7", "clicked", "<0>", "0"])
        #expect(waitUntil { setup.bus.daemonStatus()["quiet"] == "true" })
        #expect(
            waitUntil {
                // libdbusmenu leaves out what is a default (enabled, visible), in no set order.
                let item7 = pauseItems().components(separatedBy: "(7, {").dropFirst().first?.components(separatedBy: "})").first ?? ""
                return ["'toggle-type': <'radio'>", "'toggle-state': <1>", "'label': <'For 1 hour'>"].allSatisfy(item7.contains)
            }, "\(pauseItems())")
        #expect(waitUntil { properties().contains("notifications paused until ") }, "the tooltip says until when")
        _ = setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.Event", "--", "9", "clicked", "<0>", "0"])
        #expect(waitUntil { setup.bus.daemonStatus()["quiet"] == "false" })
        #expect(waitUntil { !pauseItems().contains("'toggle-state': <1>") }, "none checked after Resume")
        let polls = setup.bus.daemonPolls()
        _ = setup.bus.gdbus(["call", "-d", item, "-o", "/StatusNotifierItem", "-m", "org.kde.StatusNotifierItem.SecondaryActivate", "0", "0"])
        #expect(waitUntil { setup.bus.daemonPolls() > polls })

        // A left click shows the summary.
        setup.sandbox.control("/_sandbox/statuses", [("count", "1")])
        _ = setup.bus.gdbus(["call", "-d", item, "-o", "/StatusNotifierItem", "-m", "org.kde.StatusNotifierItem.Activate", "0", "0"])
        #expect(waitUntil { setup.bus.notifications().contains { $0.summary == "The newest post" } })

        // An expired login changes the look and the tooltip.
        setup.sandbox.control("/_sandbox/faults", [("kind", "expired_token")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { properties().contains("'IconName': <'io.github.WeiboNotifier-login-expired'>") })
        #expect(properties().contains("'Status': <'NeedsAttention'>"))
        #expect(properties().contains("'AttentionIconName': <'io.github.WeiboNotifier-login-expired'>"), "never drawn as unread")
        #expect(properties().contains("'Weibo', 'Your Weibo login has expired: “Log in to Weibo again” logs in anew\\n"), "the first line says the state")
        let logIn = setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.GetGroupProperties", "--", "[12]", "[]"])
        #expect(logIn.contains("'label': <'Log in to Weibo again…'>") && !logIn.contains("'enabled': <false>"), "\(logIn)")
        let checkNow = setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.GetGroupProperties", "--", "[3]", "[]"])
        #expect(checkNow.contains("'enabled': <false>"), "no check can run without a login: \(checkNow)")
        // Offline: a fault of the transport kind.
        let login = try setup.home.run(
            ["login", "--token-stdin", "--uid", "5712659759", "--api-base", setup.sandbox.baseURL], input: setup.sandbox.token + "\n")
        #expect(login.status == 0)
        #expect(waitUntil { setup.bus.daemonStatus()["state"] == "'ok'" })
        setup.sandbox.control("/_sandbox/faults", [("kind", "html502")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { properties().contains("'IconName': <'io.github.WeiboNotifier-offline'>") })
        // The network is up (the monitor says so): Weibo is not answering, not "offline".
        #expect(properties().contains("no usable answer from Weibo since "), "\(properties())")

        // The panel restarts: the icon registers again.
        kill(watcher.processIdentifier, SIGKILL)
        watcher.waitUntilExit()
        watcher = try setup.bus.startTrayWatcher()
        #expect(waitUntil { setup.bus.registeredTrayItems().contains(item) }, "registered again")

        // Quit from the menu ends the daemon cleanly.
        _ = setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.Event", "--", "11", "clicked", "<0>", "0"])
        let daemon = try #require(setup.daemon)
        #expect(waitUntil { !daemon.isRunning })
        #expect(daemon.terminationStatus == 0)
    }

    /// The menu's enabled states follow the notifier, announced as the dbusmenu spec says:
    /// `ItemsPropertiesUpdated(a(ia{sv}), a(ias))` (it was declared `a(ia{s})`).
    @Test func theTrayMenuAnnouncesWhatItEnables() throws {
        let setup = try Setup()
        let item = try setup.startWithTray()
        func resumeEnabled() -> String {
            setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.GetGroupProperties", "--", "[9]", "[]"])
        }
        #expect(resumeEnabled().contains("'enabled': <false>"), "Resume is greyed out while nothing is paused")
        let introspection = setup.bus.gdbus(["introspect", "-d", item, "-o", "/MenuBar"])
        #expect(introspection.contains("a(ia{sv}) updatedProps") && introspection.contains("a(ias) removedProps"), "\(introspection)")

        // A host reads the layout first; libdbusmenu announces changes of what it has shown.
        _ = setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.GetLayout", "--", "0", "-1", "[]"])
        let monitor = try setup.bus.monitor("interface='com.canonical.dbusmenu'")
        let text = { monitor.text }
        #expect(setup.bus.callDaemon("Pause", seconds: 600))
        #expect(
            waitUntil {
                // libdbusmenu announces a property back at its default (enabled) as removed.
                text().contains("member=ItemsPropertiesUpdated") && text().contains("struct { int32 9 array [ string \"enabled\" ] }")
            },
            "\(text())")
        #expect(!resumeEnabled().contains("'enabled': <false>"))
        #expect(setup.bus.callDaemon("Resume"))
        #expect(waitUntil { resumeEnabled().contains("'enabled': <false>") })
    }

    @Test func itKeepsGoingWithoutANotificationServerAndShowsTheBubbleWhenOneIsBack() throws {
        let setup = try Setup()
        try setup.start()
        setup.bus.stopNotificationServer()
        setup.sandbox.control("/_sandbox/counts", [("cmt", "1")])
        #expect(setup.bus.checkNow())
        #expect(setup.daemon?.isRunning == true)
        #expect(setup.bus.daemonStatus()["state"] == "'ok'")
        #expect(setup.bus.daemonStatus()["total"] == "1")
        try setup.bus.startNotificationServer()
        #expect(setup.bus.checkNow())
        #expect(waitUntil { setup.bus.notifications().last?.body == "1 comment" }, "the bubble no server took is shown now")
    }

    @Test func aCorruptStateFileIsReplaced() throws {
        let setup = try Setup()
        let state = setup.home.folder + "/state/weibo-notifier/state-5712659759.json"
        try FileManager.default.createDirectory(atPath: setup.home.folder + "/state/weibo-notifier", withIntermediateDirectories: true)
        try "{\"baseline\": [not json".write(toFile: state, atomically: true, encoding: .utf8)
        setup.sandbox.control("/_sandbox/counts", [("follower", "2")])
        try setup.start()
        #expect(waitUntil { setup.bus.notifications().last?.body == "2 new followers" })
        let saved = try Data(contentsOf: URL(fileURLWithPath: state))
        #expect((try? JSONDecoder().decode(UnreadState.self, from: saved)) != nil, "replaced by a valid state")
    }

    /// Over HTTPS, trusting the sandbox's CA; then with another CA, refused with a clear error
    /// while the daemon keeps running.
    @Test func overTLSAndAWrongCertificateIsRefused() throws {
        let setup = try Setup(tls: true)
        #expect(setup.sandbox.baseURL.hasPrefix("https://"))
        try setup.start()
        setup.sandbox.control("/_sandbox/counts", [("cmt", "2")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { setup.bus.notifications().last?.body == "2 comments" }, "\(setup.bus.notifications().map(\.body)) \(setup.bus.daemonStatus())")
        #expect(setup.stop() == 0)

        setup.extraEnvironment["SSL_CERT_FILE"] = try SandboxHarness.certificate.get().certificateFile
        try setup.start(waitForPoll: false)
        #expect(waitUntil { setup.bus.daemonPolls() >= 1 })
        let status = setup.bus.daemonStatus()
        #expect(status["last-error"]?.contains("secure connection to 127.0.0.1 failed") == true, "\(status)")
        #expect(setup.daemon?.isRunning == true)
        #expect(setup.bus.checkNow(), "it keeps answering and checking")
    }

    @Test func faultsLeaveItRunningAndItRecovers() throws {
        let setup = try Setup()
        try setup.start()
        // Every fault's error is the client's tests' business, and what a failure means the
        // core's: one from Weibo and one from the transport prove the wiring.
        for kind in ["http500", "truncated"] {
            setup.sandbox.control("/_sandbox/faults", [("kind", kind)])
            #expect(setup.bus.checkNow(), "\(kind)")
            let status = setup.bus.daemonStatus()
            #expect(status["state"] == "'offline'", "\(kind)")
            #expect(status["last-error"]?.isEmpty == false)
            #expect(status["last-error"]?.contains(setup.sandbox.token) == false)
        }
        setup.sandbox.control("/_sandbox/counts", [("follower", "1")])
        #expect(setup.bus.checkNow())
        #expect(setup.bus.daemonStatus()["state"] == "'ok'")
        #expect(waitUntil { setup.bus.notifications().last?.body == "1 new follower" })
    }

    /// Weibo's rate limit: the daemon asks when it resets and waits until then, not one interval.
    @Test func aRateLimitWaitsForWeibosResetTime() throws {
        let setup = try Setup()
        try setup.start()
        setup.sandbox.control("/_sandbox/faults", [("kind", "rate_limit")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { setup.bus.daemonStatus()["state"] == "'rate-limited'" })
        // The sandbox's window started with the first request: its reset is nearly an hour away.
        #expect(
            waitUntil {
                let next = setup.bus.daemonStatus()["next-poll"].flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
                return next - Int(Timestamp.now.secondsSince1970) > 3000
            }, "next poll at the reset time, not after the 20 s interval: \(setup.bus.daemonStatus())")
        #expect(setup.bus.daemonStatus()["last-error"]?.contains("10023") == true)
        // Asked by the user, it checks at once, and recovers.
        #expect(setup.bus.checkNow())
        #expect(setup.bus.daemonStatus()["state"] == "'ok'")
    }

    @Test func anExpiredLoginStopsPollingUntilANewLogin() throws {
        let setup = try Setup()
        try setup.start()
        setup.sandbox.control("/_sandbox/faults", [("kind", "expired_token")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { setup.bus.notifications().contains { $0.body == "Your Weibo login has expired: “Log in to Weibo again” logs in anew" } })
        let status = setup.bus.daemonStatus()
        #expect(status["state"] == "'login-expired'")
        #expect(status["next-poll"] == "0", "no polling until a new login")
        let polls = setup.bus.daemonPolls()
        setup.bus.callDaemon("CheckNow")
        #expect(setup.bus.daemonPolls() == polls)

        // A new login: the account file changes and polling resumes by itself.
        let login = try setup.home.run(
            ["login", "--token-stdin", "--uid", "5712659759", "--api-base", setup.sandbox.baseURL], input: setup.sandbox.token + "\n")
        #expect(login.status == 0)
        #expect(waitUntil { setup.bus.daemonStatus()["state"] == "'ok'" })
        #expect(setup.bus.notifications().filter { $0.body.hasPrefix("Your Weibo login has expired") }.count == 1, "one bubble only")
        // That bubble is closed now (the server's ids count up from 1 for each new one).
        let shown = setup.bus.notifications()
        let index = try #require(shown.firstIndex { $0.body.hasPrefix("Your Weibo login has expired") })
        let id = UInt32(shown[...index].filter { $0.replacesID == 0 }.count)
        #expect(waitUntil { setup.bus.closedIDs().contains(id) }, "closed \(setup.bus.closedIDs()), the login's bubble \(id)")
    }

    @Test func oneInstancePerSessionAndReplace() throws {
        let setup = try Setup()
        try setup.start()
        let second = try CommandRunner.run(["run", "--api-base", setup.sandbox.baseURL, "--interval", "20"], environment: setup.environment)
        #expect(second.status == 1)
        #expect(second.standardError.contains("already running (pid \(setup.daemon?.processIdentifier ?? 0))"))

        let status = try CommandRunner.run(["status"], environment: setup.environment)
        #expect(status.status == 0)
        #expect(status.lines.first == "running (pid \(setup.daemon?.processIdentifier ?? 0)), state ok")

        let old = try #require(setup.daemon)
        try setup.start(["--replace"])
        #expect(waitUntil { !old.isRunning }, "the replaced daemon exits")
        #expect(old.terminationStatus == 0)
    }

    /// Round 4: two sessions of one user, each with a session bus of its own, ran two
    /// notifiers on the same account: every check twice, one state file written by both. The
    /// second finds the user's lock held and says so; the lock goes with the first.
    @Test func oneInstancePerUserAcrossSessions() throws {
        let setup = try Setup()
        try setup.start()
        let otherSession = try PrivateSessionBus()
        let environment = setup.environment.merging(otherSession.environment) { $1 }
        let second = try CommandRunner.run(["run", "--api-base", setup.sandbox.baseURL, "--interval", "20"], environment: environment)
        #expect(second.status == 69, "\(second.standardError)")
        #expect(second.standardError.contains("already running in another session (pid \(setup.daemon?.processIdentifier ?? 0))"), "\(second.standardError)")
        #expect(setup.bus.daemonPolls() == 1, "the first goes on alone")
        #expect(setup.stop() == 0)
        let lock = try DaemonLock.take(setup.home.folder + "/state/weibo-notifier/daemon.lock")
        withExtendedLifetime(lock) {}
    }

    @Test func sighupReadsTheConfigurationAgain() throws {
        let setup = try Setup()
        setup.sandbox.control("/_sandbox/statuses", [("count", "2")])
        try setup.start()
        #expect(waitUntil { setup.bus.notifications().last?.body == "2 new posts" })
        try setup.configure("notify=cmt;dm\ncount_only=status\n")
        kill(try #require(setup.daemon).processIdentifier, SIGHUP)
        // Posts no longer raise a bubble: the new settings apply at once, without a check.
        #expect(waitUntil { setup.bus.closedIDs().count == 1 }, "a reload applies at once")
        #expect(setup.bus.daemonPolls() == 1, "reading the configuration again does not poll")
        setup.sandbox.control("/_sandbox/counts", [("cmt", "1")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { setup.bus.notifications().last?.body == "1 comment" }, "\(setup.bus.notifications().map(\.body))")
    }

    @Test func itWaitsForTheNotificationServerAtStart() throws {
        let setup = try Setup(notificationServer: false)
        setup.sandbox.control("/_sandbox/counts", [("dm", "1")])
        try setup.start(waitForPoll: false)
        #expect(waitUntil { setup.bus.hasOwner("io.github.WeiboNotifier") })
        #expect(setup.bus.daemonPolls() == 0, "no poll before a notification server is there (or 30 s passed)")
        try setup.bus.startNotificationServer()
        #expect(waitUntil { setup.bus.notifications().last?.body == "1 new private message" })
    }

    @Test func commandsSayClearlyWhenNoDaemonRuns() throws {
        let bus = try PrivateSessionBus(notificationServer: false)
        let env = bus.environment
        for command in ["status", "refresh", "mark-read"] {
            let result = try CommandRunner.run([command], environment: env)
            #expect(result.status == 69)
            #expect(result.standardError.contains("no weibo-notifier daemon is running; start it with: weibo-notifier run"))
        }
        let noBus = try CommandRunner.run(["run"], environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "DISPLAY": ""])
        #expect(noBus.status == 69)
        #expect(noBus.standardError.contains("no D-Bus session bus"))
    }
}
