import Foundation
import Glibc
import Testing
import WeiboSandbox
import WeiboTestSupport

/// Never logged in: no error bubble; the tray, `status` and `watch` say "not logged in"; the
/// first login makes the notifier start with the session; the package enables it for nobody.
@Suite(.serialized, .endToEnd) struct FirstRunTests {
    @Test func beforeTheFirstLoginNothingIsAnError() throws {
        let bus = try PrivateSessionBus()
        let sandbox = try SandboxProcess()
        let home = AccountCommandsTests.Home()
        let environment = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }.merging(bus.environment) { $1 }
            .merging(["LANG": "C"]) { $1 }
        let watcher = try bus.startTrayWatcher()
        defer { watcher.stop(SIGKILL) }
        let daemon = try startProgram(CommandRunner.executable.path, ["run", "--api-base", sandbox.baseURL, "--interval", "20"], environment: environment)
        defer {
            if daemon.isRunning {
                kill(daemon.processIdentifier, SIGTERM)
                daemon.waitUntilExit()
            }
        }
        #expect(waitUntil { bus.daemonStatus()["state"] == "'not-logged-in'" }, "\(bus.daemonStatus())")
        #expect(bus.notifications().isEmpty, "no error bubble")
        let status = try CommandRunner.run(["status"], environment: environment)
        #expect(status.status == 77)
        #expect(status.lines.contains("Not logged in: run weibo-notifier login"), "\(status.lines)")

        let item = "org.kde.StatusNotifierItem-\(daemon.processIdentifier)-1"
        #expect(waitUntil { bus.registeredTrayItems().contains(item) })
        let tooltip = bus.gdbus([
            "call", "-d", item, "-o", "/StatusNotifierItem", "-m", "org.freedesktop.DBus.Properties.Get", "org.kde.StatusNotifierItem", "ToolTip",
        ])
        #expect(tooltip.contains("Not logged in"))
        let logIn = bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.GetGroupProperties", "--", "[12]", "[]"])
        #expect(logIn.contains("'label': <'Log in to Weibo…'>") && !logIn.contains("'enabled': <false>"), "\(logIn)")

        // A bar with no notifier to follow checks by itself: not logged in either.
        let first = toolOutput(
            "/bin/bash", ["-c", "\"$0\" watch --format json | head -n 1", CommandRunner.executable.path],
            environment: environment.merging(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]) { $1 })
        #expect(first.contains("\"state\":\"login-needed\""), "\(first)")

        // The first login: the daemon starts checking. A login to a sandbox on this machine is for
        // trying: it never makes the session's next start run a notifier (against Weibo, with the
        // sandbox's token); a first login to Weibo does (Configuration.isSandbox tells them apart).
        let login = try home.run(["login", "--token-stdin", "--uid", "5712659759", "--api-base", sandbox.baseURL], input: sandbox.token + "\n")
        #expect(login.status == 0)
        #expect(!login.standardOutput.contains("start with your desktop session"), "\(login.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: home.folder + "/config/autostart/io.github.WeiboNotifier.desktop"))
        #expect(waitUntil { bus.daemonStatus()["state"] == "'ok'" })
        // Later logins leave the user's choice alone.
        #expect(try home.run(["autostart", "enable"]).status == 0)
        let again = try home.run(["login", "--token-stdin", "--uid", "5712659759", "--api-base", sandbox.baseURL], input: sandbox.token + "\n")
        #expect(!again.standardOutput.contains("start with your desktop session"))
        #expect(FileManager.default.fileExists(atPath: home.folder + "/config/autostart/io.github.WeiboNotifier.desktop"))
    }

    @Test func theTraysLogInRunsTheBrowserLoginItselfOnALoopbackRedirect() throws {
        let bus = try PrivateSessionBus()
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0", "--auto-approve"])
        let home = AccountCommandsTests.Home()
        try FileManager.default.createDirectory(atPath: home.folder + "/config/weibo-notifier", withIntermediateDirectories: true)
        let port = try LoopbackPort.free()
        try "[weibo]\napp_key=\(SandboxAPI.appKey)\napp_secret=\(SandboxAPI.appSecret)\nredirect_uri=http://127.0.0.1:\(port)/callback\n".write(
            toFile: home.configFile, atomically: true, encoding: .utf8)
        let environment = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }.merging(bus.environment) { $1 }
            .merging(["LANG": "C", "BROWSER": try LoginTests.browser(in: home)]) { $1 }
        let watcher = try bus.startTrayWatcher()
        defer { watcher.stop(SIGKILL) }
        let daemon = try startProgram(CommandRunner.executable.path, ["run", "--api-base", sandbox.baseURL, "--interval", "20"], environment: environment)
        defer { daemon.stop() }
        #expect(waitUntil { bus.daemonStatus()["state"] == "'not-logged-in'" }, "\(bus.daemonStatus())")
        let item = "org.kde.StatusNotifierItem-\(daemon.processIdentifier)-1"
        #expect(waitUntil { bus.registeredTrayItems().contains(item) })

        // "Log in to Weibo…": the browser (curl following the redirects) comes back to the daemon's listener.
        _ = bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.Event", "--", "12", "clicked", "<0>", "0"])
        #expect(waitUntil { bus.daemonStatus()["state"] == "'ok'" }, "\(bus.daemonStatus())")
        #expect(waitUntil { bus.notifications().contains { $0.body == "Logged in as \(SandboxAPI.ownerName)" } }, "\(bus.notifications())")
        #expect(
            waitUntil { LoginTests.lastPage(home).contains("Logged in as \(SandboxAPI.ownerName): you can close this tab.") }, "\(LoginTests.lastPage(home))")
        let accounts = try CommandRunner.run(["accounts"], environment: environment)
        #expect(accounts.standardOutput.hasPrefix("* \(SandboxAPI.ownerName)  uid 5712659759"), "\(accounts.standardOutput)")
    }

    /// Without an app key the login needs the terminal's guide: it runs against the API the
    /// notifier talks to (the terminal once got `weibo-notifier login` without `--api-base`).
    @Test func theTraysLogInOpensATerminalLoginForTheSameAPI() throws {
        let bus = try PrivateSessionBus()
        let sandbox = try SandboxProcess()
        let home = AccountCommandsTests.Home()
        let tools = home.folder + "/bin"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        let recorded = home.folder + "/terminal-arguments"
        try writeScript("#!/bin/sh\nprintf '%s\\n' \"$@\" > \(recorded)\n", to: tools + "/x-terminal-emulator")
        var environment = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }.merging(bus.environment) { $1 }
        environment["LANG"] = "C"
        environment["PATH"] = tools + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        let watcher = try bus.startTrayWatcher()
        defer { watcher.stop(SIGKILL) }
        let daemon = try startProgram(CommandRunner.executable.path, ["run", "--api-base", sandbox.baseURL, "--interval", "20"], environment: environment)
        defer { daemon.stop() }
        let item = "org.kde.StatusNotifierItem-\(daemon.processIdentifier)-1"
        #expect(waitUntil { bus.registeredTrayItems().contains(item) })
        _ = bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.Event", "--", "12", "clicked", "<0>", "0"])
        // Read once written whole: the shell makes the file before printf fills it.
        let written = { ((try? String(contentsOfFile: recorded, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        #expect(waitUntil { written().last == sandbox.baseURL }, "\(written())")
        let arguments = written()
        #expect(arguments.first == "-e" && arguments.dropFirst(2) == ["login", "--api-base", sandbox.baseURL], "\(arguments)")
        #expect(arguments.dropFirst().first?.hasSuffix("weibo-notifier") == true, "\(arguments)")
    }

    @Test func thePackageAndMakeInstallEnableNoSystemAutostart() throws {
        let root = FixtureFiles.packageRoot().path
        let dryRun = Process()
        dryRun.executableURL = URL(fileURLWithPath: "/usr/bin/make")
        dryRun.arguments = ["-n", "-C", root, "install", "DESTDIR=/tmp/weibo-notifier-install-check"]
        let output = Pipe()
        dryRun.standardOutput = output
        dryRun.standardError = FileHandle.nullDevice
        try dryRun.run()
        let commands = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        dryRun.waitUntilExit()
        #expect(commands.contains("/usr/local/bin/weibo-notifier"), "the dry run lists the installation")
        #expect(!commands.contains("autostart"), "make install (and so the .deb) installs no autostart entry")
        let debian = try FileManager.default.contentsOfDirectory(atPath: root + "/debian")
        #expect(!debian.contains { $0.hasSuffix(".install") || $0.hasSuffix(".links") }, "the .deb holds what make install installs: \(debian)")
    }
}
