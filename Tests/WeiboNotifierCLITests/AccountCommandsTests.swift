import Foundation
import Glibc
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboSandbox
import WeiboTestSupport

/// The commands that talk to Weibo, against `weibo-notifier sandbox` in a process of its own,
/// with configuration and account in a temporary folder.
@Suite(.endToEnd) struct AccountCommandsTests {
    /// A temporary XDG home for one test.
    final class Home {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wn-cli-\(UUID().uuidString)").path
        var environment: [String: String] { ["XDG_CONFIG_HOME": folder + "/config", "XDG_STATE_HOME": folder + "/state", "HOME": folder] }
        var accountFile: String { folder + "/config/weibo-notifier/accounts.json" }
        var configFile: String { folder + "/config/weibo-notifier/config" }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        func run(_ arguments: [String], input: String? = nil, language: String = "C") throws -> CommandRunner.Result {
            var environment = self.environment
            environment["LANG"] = language
            return try CommandRunner.run(arguments, input: input.map { Data($0.utf8) }, environment: environment)
        }
    }

    @Test func twoTerminalSession() throws {
        let sandbox = try SandboxProcess()
        let home = Home()
        let api = ["--api-base", sandbox.baseURL]

        let before = try home.run(["unread"] + api)
        #expect(before.status == 77)
        #expect(before.standardError.contains("not logged in; run: weibo-notifier login"))

        let login = try home.run(["login", "--token-stdin", "--uid", "5712659759"] + api, input: sandbox.token + "\n")
        #expect(login.status == 0, "\(login.standardError)")
        #expect(login.standardOutput.contains("Logged in as uid 5712659759"))
        #expect(fileMode(of: home.accountFile) == 0o600)
        #expect(fileMode(of: home.configFile) == 0o600, "the documented default configuration is written on first use")

        let account = try home.run(["account"])
        #expect(account.status == 0)
        #expect(account.lines.first == "uid 5712659759")
        #expect(account.lines.last?.hasSuffix("days left)") == true)

        #expect(try home.run(["unread"] + api).standardOutput == "Nothing new\n")
        #expect(sandbox.control("/_sandbox/statuses", [("count", "3")]) == 200)
        #expect(sandbox.control("/_sandbox/counts", [("cmt", "2"), ("dm", "1")]) == 200)
        #expect(try home.run(["unread"] + api).lines == ["3 new posts", "2 comments", "1 new private message"])
        #expect(try home.run(["unread"] + api, language: "zh_CN.UTF-8").lines == ["3 条新微博", "2 条新评论", "1 条新私信"])
        let json = try home.run(["unread", "--json"] + api)
        #expect(json.standardOutput == "{\"status\":3,\"cmt\":2,\"mention_status\":0,\"mention_cmt\":0,\"dm\":1,\"follower\":0,\"msgbox\":0,\"total\":6}\n")

        let timeline = try home.run(["timeline", "--count", "5", "--width", "50"] + api)
        #expect(timeline.status == 0)
        #expect(timeline.lines.filter { $0 == String(repeating: "─", count: 50) }.count == 4)
        #expect(timeline.lines.allSatisfy { DisplayWidth.of($0) <= 50 })

        let logout = try home.run(["logout"] + api)
        #expect(logout.status == 0)
        #expect(!FileManager.default.fileExists(atPath: home.accountFile))
        // The token was revoked on the server's side too.
        let again = try home.run(["login", "--token-stdin", "--uid", "5712659759"] + api, input: sandbox.token + "\n")
        #expect(again.status == 77)
        #expect(again.standardError.contains("invalid_access_token (21332)"))

        for result in [before, login, account, json, timeline, logout, again] {
            #expect(!result.standardOutput.contains(sandbox.token) && !result.standardError.contains(sandbox.token))
        }
        #expect(sandbox.stop() == 0, "SIGTERM ends the sandbox cleanly")
    }

    @Test func browserLoginRoundTrip() throws {
        let sandbox = try SandboxProcess()
        let home = Home()
        try FileManager.default.createDirectory(atPath: home.folder + "/config/weibo-notifier", withIntermediateDirectories: true)
        try "[weibo]\napp_key=\(SandboxAPI.appKey)\napp_secret=\(SandboxAPI.appSecret)\n"
            .write(toFile: home.configFile, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["login", "--no-browser", "--api-base", sandbox.baseURL]
        process.environment = home.environment.merging(["LANG": "C"]) { $1 }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()

        // Read up to the prompt, then approve as the user would in the browser.
        var text = output.fileHandleForReading.text(until: "Then paste")
        let url = try #require(
            text.split(separator: " ").first { $0.hasPrefix(sandbox.baseURL + "/oauth2/authorize?") }.map {
                String($0).trimmingCharacters(in: .whitespacesAndNewlines)
            })
        let query = String(url[url.index(after: try #require(url.firstIndex(of: "?")))...])
        var fields = FormEncoding.decode(query).map { ($0.key, $0.value) }
        fields.append(("action", "approve"))
        let location: String? = MainContext.withOwnContext {
            var outcome: Result<HTTPResponse, HTTPError>?
            HTTPClient(totalTimeout: 5).send(HTTPRequest(.post, sandbox.baseURL + "/oauth2/authorize", parameters: fields)) { outcome = $0 }
            MainContext.run(timeout: 10) { outcome != nil }
            return try? outcome?.get().headers["location"]
        }
        let redirected = try #require(location)
        #expect(redirected.hasPrefix("https://api.weibo.com/oauth2/default.html?code="))
        input.fileHandleForWriting.send(Data((redirected + "\n").utf8))
        try input.fileHandleForWriting.close()
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        text += String(decoding: rest, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("Logged in as uid 5712659759"))
        #expect(fileMode(of: home.accountFile) == 0o600)
        #expect(try home.run(["unread", "--api-base", sandbox.baseURL]).status == 0)
    }

    @Test func loginProblemsAreExplained() throws {
        let sandbox = try SandboxProcess()
        let home = Home()
        let api = ["--api-base", sandbox.baseURL]
        // Without an app key, the guide to one; nothing typed, nothing saved.
        let noAppKey = try home.run(["login", "--no-browser"] + api, input: "")
        #expect(noAppKey.status == 1)
        #expect(noAppKey.standardOutput.contains("Weibo Notifier needs an app key of your own to log in."))
        #expect(noAppKey.standardOutput.contains("http://127.0.0.1:8939/callback"))
        #expect(noAppKey.standardError.contains("no app key given"))
        let tokenArgument = try home.run(["login", "--token", "2.00abc"])
        #expect(tokenArgument.status == 64)
        #expect(tokenArgument.standardError.contains("a token is never taken from the command line; use --token-stdin"))
        let wrongUser = try home.run(["login", "--token-stdin", "--uid", "42"] + api, input: sandbox.token + "\n")
        #expect(wrongUser.status == 1)
        #expect(wrongUser.standardError.contains("the token belongs to uid 5712659759, not 42"))
        let noToken = try home.run(["login", "--token-stdin", "--uid", "42"] + api, input: "")
        #expect(noToken.standardError.contains("no token on standard input"))
    }

    @Test func faultsAndOpenFilesEndInClearMessages() throws {
        let sandbox = try SandboxProcess()
        let home = Home()
        let api = ["--api-base", sandbox.baseURL]
        #expect(try home.run(["login", "--token-stdin", "--uid", "5712659759"] + api, input: sandbox.token + "\n").status == 0)

        #expect(sandbox.control("/_sandbox/faults", [("kind", "html502")]) == 200)
        let proxy = try home.run(["unread"] + api)
        #expect(proxy.status == 69)
        #expect(proxy.standardError.contains("HTTP 502 for /2/remind/unread_count.json, not a Weibo answer (502 Bad Gateway)"))

        #expect(sandbox.control("/_sandbox/faults", [("kind", "expired_token")]) == 200)
        let expired = try home.run(["timeline"] + api)
        #expect(expired.status == 77)
        #expect(expired.standardError.contains("expired_token (21327)"))
        #expect(expired.standardError.contains("run `weibo-notifier login` again"))

        #expect(sandbox.control("/_sandbox/faults", [("kind", "rate_limit")]) == 200)
        #expect(try home.run(["timeline"] + api).status == 75)

        chmod(home.accountFile, 0o644)
        let open = try home.run(["unread"] + api)
        #expect(open.status == 77)
        #expect(open.standardError.contains("permissions 644 for \(home.accountFile) are too open"))
        #expect(open.standardError.contains("chmod 600"))
        chmod(home.accountFile, 0o600)

        let refused = try home.run(["unread", "--api-base", "http://127.0.0.1:1"])
        #expect(refused.status == 69)
        #expect(refused.standardError.contains("127.0.0.1 refused the connection"))

        try "[notifier]\ninterval=often\n".write(toFile: home.configFile, atomically: true, encoding: .utf8)
        let badConfig = try home.run(["unread"] + api)
        #expect(badConfig.status == 78)
        #expect(badConfig.standardError.contains("\(home.configFile): [notifier] interval: 'often' is not a whole number of seconds"))

        for result in [proxy, expired, open, refused, badConfig] {
            #expect(!result.standardError.contains(sandbox.token))
        }
    }

    @Test func autostartEnableDisableAndMaskTheSystemEntry() throws {
        let home = Home()
        let system = home.folder + "/etc-xdg"
        var environment = home.environment
        environment["XDG_CONFIG_DIRS"] = system
        let entry = home.folder + "/config/autostart/io.github.WeiboNotifier.desktop"
        #expect(try CommandRunner.run(["autostart", "status"], environment: environment).standardOutput == "disabled\n")
        #expect(try CommandRunner.run(["autostart", "enable"], environment: environment).status == 0)
        let text = try String(contentsOfFile: entry, encoding: .utf8)
        #expect(text.contains("Exec=weibo-notifier run") && text.contains("Name[zh_CN]=微博通知") && text.contains("Hidden=false"))
        #expect(try CommandRunner.run(["autostart", "status"], environment: environment).standardOutput == "enabled (\(entry))\n")
        #expect(try CommandRunner.run(["autostart", "disable"], environment: environment).status == 0)
        #expect(!FileManager.default.fileExists(atPath: entry), "no system entry: the user entry goes")

        // An entry installed for all users is masked with Hidden=true.
        try FileManager.default.createDirectory(atPath: system + "/autostart", withIntermediateDirectories: true)
        try "[Desktop Entry]\nType=Application\nExec=weibo-notifier run\n".write(
            toFile: system + "/autostart/io.github.WeiboNotifier.desktop", atomically: true, encoding: .utf8)
        #expect(try CommandRunner.run(["autostart", "status"], environment: environment).standardOutput.hasPrefix("enabled (\(system)"))
        #expect(try CommandRunner.run(["autostart", "disable"], environment: environment).status == 0)
        #expect(try String(contentsOfFile: entry, encoding: .utf8).contains("Hidden=true"))
        #expect(try CommandRunner.run(["autostart", "status"], environment: environment).standardOutput == "disabled (\(entry))\n")
        #expect(try CommandRunner.run(["autostart", "sometimes"], environment: environment).status == 64)
    }

    @Test func doctorSaysWhatIsMissing() throws {
        let sandbox = try SandboxProcess()
        let home = Home()
        let noBus = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus", "DISPLAY": ""]
        let before = try CommandRunner.run(["doctor", "--api-base", sandbox.baseURL], environment: home.environment.merging(noBus) { $1 })
        #expect(before.status == 1)
        #expect(before.lines.contains("✗ no D-Bus session bus"))
        #expect(before.lines.contains("✗ not logged in"))
        #expect(before.lines.contains("    → weibo-notifier login"))

        #expect(try home.run(["login", "--token-stdin", "--uid", "5712659759", "--api-base", sandbox.baseURL], input: sandbox.token + "\n").status == 0)
        let bus = try PrivateSessionBus()
        let after = try CommandRunner.run(["doctor", "--api-base", sandbox.baseURL], environment: home.environment.merging(bus.environment) { $1 })
        #expect(after.status == 0, "\(after.standardOutput)")
        #expect(after.lines.contains("✓ session bus"))
        #expect(
            after.lines.contains { $0.hasPrefix("✓ notification server ") && $0.hasSuffix("(actions, body markup, persistence)") }, "\(after.standardOutput)")
        // Without --api-base it asks the API the account logged in against (here the sandbox),
        // not Weibo's, which would refuse a sandbox's token.
        let own = try CommandRunner.run(["doctor"], environment: home.environment.merging(bus.environment) { $1 })
        #expect(own.lines.contains("✓ the account logged in against \(sandbox.baseURL): asked there"), "\(own.standardOutput)")
        #expect(own.lines.contains { $0.hasPrefix("✓ account uid 5712659759, accepted by Weibo") }, "\(own.standardOutput)")
        // A server that takes replies typed in its bubbles says so (KDE, swaync).
        let replying = try PrivateSessionBus(capabilities: CommentBubbleTests.replyCapable)
        let inline = try CommandRunner.run(["doctor", "--api-base", sandbox.baseURL], environment: home.environment.merging(replying.environment) { $1 })
        #expect(inline.lines.contains { $0.hasPrefix("✓ notification server ") && $0.contains("inline reply") }, "\(inline.standardOutput)")
        #expect(after.lines.contains { $0.hasPrefix("✓ account uid 5712659759, accepted by Weibo") })
        // No Secret Service on this bus: said, with where the token is instead.
        #expect(
            after.lines.contains("• no keyring (Secret Service) in this session: tokens are kept in \(home.accountFile) (mode 0600)"), "\(after.standardOutput)"
        )
        #expect(after.lines.contains("• the notifier is not running"))
        #expect(!after.standardOutput.contains(sandbox.token))
        // No tray on this bus: on GNOME the advice names its AppIndicator extension.
        if after.lines.contains("• no tray (StatusNotifierWatcher)") {
            let gnome = try CommandRunner.run(
                ["doctor", "--api-base", sandbox.baseURL],
                environment: home.environment.merging(bus.environment) { $1 }.merging(["XDG_CURRENT_DESKTOP": "GNOME"]) { $1 })
            #expect(gnome.standardOutput.contains("sudo apt install gnome-shell-extension-appindicator"), "\(gnome.standardOutput)")
            #expect(!after.standardOutput.contains("appindicator"))
        } else {
            Issue.record("a tray on a private bus without one: \(after.standardOutput)")
        }
    }

    @Test func aTakenPortIsReported() throws {
        let first = try SandboxProcess()
        let port = try #require(first.baseURL.split(separator: ":").last.map(String.init))
        let second = try CommandRunner.run(["sandbox", "--port", port])
        #expect(second.status == 69)
        #expect(second.standardError.contains("cannot listen on 127.0.0.1:\(port)"))
        // Bug: the server was unreffed twice, and GLib printed CRITICALs.
        #expect(!second.standardError.contains("CRITICAL"), "\(second.standardError)")
        #expect(second.standardError.split(separator: "\n").count == 1, "one clear line: \(second.standardError)")
    }
}
