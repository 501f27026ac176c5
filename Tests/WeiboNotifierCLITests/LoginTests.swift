import Foundation
import Testing
import WeiboKit
import WeiboSandbox
import WeiboTestSupport

/// Getting in as a new user does: the guide to an app key, the browser coming back to a loopback
/// address by itself (a `$BROWSER` that follows the redirects), and Weibo's refusals explained.
@Suite(.serialized, .endToEnd) struct LoginTests {
    typealias Home = AccountCommandsTests.Home

    /// A `$BROWSER` that opens the page the way a browser would: following every redirect. The
    /// last page it showed is kept in `lastPage(home)`.
    static func browser(in home: Home) throws -> String {
        let path = home.folder + "/browser.sh"
        try FileManager.default.createDirectory(atPath: home.folder, withIntermediateDirectories: true)
        try writeScript("#!/bin/sh\nexec curl -s -L -o '\(home.folder)/last-page.html' \"$1\"\n", to: path)
        return path
    }

    static func lastPage(_ home: Home) -> String {
        (try? String(contentsOfFile: home.folder + "/last-page.html", encoding: .utf8)) ?? ""
    }

    /// `login` with the guide's answers on standard input and the sandbox's app.
    func guidedLogin(_ home: Home, _ sandbox: SandboxProcess, port: Int, extra: [String] = []) throws -> CommandRunner.Result {
        var environment = home.environment
        environment["BROWSER"] = try Self.browser(in: home)
        environment["LANG"] = "C"
        let answers = "\(SandboxAPI.appKey)\n\(SandboxAPI.appSecret)\nhttp://127.0.0.1:\(port)/callback\n"
        return try CommandRunner.run(["login", "--api-base", sandbox.baseURL] + extra, input: Data(answers.utf8), environment: environment)
    }

    @Test func theGuideThenTheBrowserComesBackByItself() throws {
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0", "--auto-approve"])
        let home = Home()
        let login = try guidedLogin(home, sandbox, port: try LoopbackPort.free())
        #expect(login.status == 0, "\(login.standardOutput)\(login.standardError)")
        #expect(login.standardOutput.contains("App Key: "))
        #expect(login.standardOutput.contains("Waiting for the browser to come back"))
        #expect(!login.standardOutput.contains("paste"), "no paste")
        #expect(login.standardOutput.contains("Logged in as uid 5712659759"))
        // The browser's last page waited for the login's end and names the account.
        #expect(Self.lastPage(home).contains("Logged in as \(SandboxAPI.ownerName): you can close this tab."), "\(Self.lastPage(home))")
        #expect(Self.lastPage(home).contains("已登录为 \(SandboxAPI.ownerName)"))
        #expect(!login.standardOutput.contains(SandboxAPI.appSecret), "the secret is not echoed")
        let configuration = try String(contentsOfFile: home.configFile, encoding: .utf8)
        #expect(configuration.contains("app_key=\(SandboxAPI.appKey)") && configuration.contains("#interval=60"), "kept with its comments")
        #expect(fileMode(of: home.configFile) == 0o600)
        #expect(try home.run(["unread", "--api-base", sandbox.baseURL]).status == 0)
    }

    @Test func anotherSandboxUserLogsInWithTheSameApp() throws {
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0", "--auto-approve"])
        let home = Home()
        #expect(sandbox.control("/_sandbox/users", []) == 200)
        let second = SandboxAPI.ownerUID + 1_000_003
        #expect(sandbox.control("/_sandbox/login-as", [("uid", String(second))]) == 200)
        sandbox.control("/_sandbox/counts", [("uid", String(second)), ("dm", "3")])
        let login = try guidedLogin(home, sandbox, port: try LoopbackPort.free(), extra: ["--switch-account"])
        #expect(login.standardOutput.contains("Logged in as uid \(second)"), "\(login.standardOutput)\(login.standardError)")
        #expect(login.standardOutput.contains("forcelogin=true"))
        let unread = try home.run(["unread", "--api-base", sandbox.baseURL])
        #expect(unread.standardOutput == "3 new private messages\n", "the second user's own counters")
    }

    @Test func weibosRefusalsAreExplained() throws {
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0", "--auto-approve"])
        sandbox.control("/_sandbox/faults", [("kind", "not_test_user")])
        let testerHome = Home()
        let notTester = try guidedLogin(testerHome, sandbox, port: try LoopbackPort.free())
        #expect(notTester.status == 77)
        #expect(Self.lastPage(testerHome).contains("may not use the app yet (21321)"), "the browser says it too: \(Self.lastPage(testerHome))")
        #expect(notTester.standardError.contains("this Weibo account may not use the app yet (21321)"), "\(notTester.standardError)")
        #expect(notTester.standardError.contains("测试信息"))

        sandbox.control("/_sandbox/faults", [("kind", "redirect_mismatch")])
        let mismatchHome = Home()
        let mismatch = try guidedLogin(mismatchHome, sandbox, port: try LoopbackPort.free())
        #expect(mismatch.status == 78)
        #expect(Self.lastPage(mismatchHome).contains("21322/21323"), "\(Self.lastPage(mismatchHome))")
        #expect(mismatch.standardError.contains("is not the one registered for the app (21322)"), "\(mismatch.standardError)")

        let port = try #require(Int(sandbox.baseURL.split(separator: ":").last ?? ""))
        let taken = try guidedLogin(Home(), sandbox, port: port)
        #expect(taken.status == 69)
        #expect(taken.standardError.contains("another program uses the port"), "\(taken.standardError)")
    }
}

/// A system-wide configuration under the user's, key by key.
@Suite(.endToEnd) struct SystemConfigurationTests {
    @Test func theUsersFileOverridesTheSystemsKeyByKeyAndDoctorSaysWhere() throws {
        let home = AccountCommandsTests.Home()
        let system = home.folder + "/etc-xdg"
        try FileManager.default.createDirectory(atPath: system + "/weibo-notifier", withIntermediateDirectories: true)
        try "[weibo]\napp_key=1234567\napp_secret=from-the-system\n[notifier]\ninterval=120\n".write(
            toFile: system + "/weibo-notifier/config", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: home.folder + "/config/weibo-notifier", withIntermediateDirectories: true)
        try "[notifier]\ninterval=90\n".write(toFile: home.configFile, atomically: true, encoding: .utf8)
        var environment = home.environment
        environment["XDG_CONFIG_DIRS"] = system
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent"
        let doctor = try CommandRunner.run(["doctor", "--verbose"], environment: environment)
        #expect(doctor.standardOutput.contains("[weibo] app_key: from \(system)/weibo-notifier/config"), "\(doctor.standardOutput)")
        #expect(doctor.standardOutput.contains("[notifier] interval: from \(home.configFile)"))
        #expect(doctor.standardOutput.contains("[notifier] quiet_hours: the default"))

        // A bad system value names the system file.
        try "[notifier]\nbubbles=sometimes\n".write(toFile: system + "/weibo-notifier/config", atomically: true, encoding: .utf8)
        let bad = try CommandRunner.run(["unread"], environment: environment)
        #expect(bad.status == 78)
        #expect(bad.standardError.contains("\(system)/weibo-notifier/config: [notifier] bubbles: 'sometimes' is not one of: per-kind, single"))
    }
}
