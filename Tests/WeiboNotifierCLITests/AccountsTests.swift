import Foundation
import Glibc
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboSandbox
import WeiboTestSupport

/// Several accounts from the command line: two sandbox users logged in side by side, chosen with
/// `--account`, logged out one at a time or all; the one-account file of earlier versions merged in.
@Suite(.endToEnd) struct AccountsTests {
    typealias Home = AccountCommandsTests.Home

    /// A new sandbox user: uid, screen name and token.
    func newUser(_ sandbox: SandboxProcess) throws -> (uid: String, name: String, token: String) {
        let body = sandbox.post("/_sandbox/users")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any], "\(body)")
        return (
            String(try #require(object["uid"] as? Int64 ?? (object["uid"] as? NSNumber)?.int64Value)),
            try #require(object["screen_name"] as? String), try #require(object["token"] as? String)
        )
    }

    @Test func twoAccountsSideBySide() throws {
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0"])
        let home = Home()
        let api = ["--api-base", sandbox.baseURL]
        let second = try newUser(sandbox)
        sandbox.control("/_sandbox/counts", [("uid", second.uid), ("dm", "3")])
        sandbox.control("/_sandbox/counts", [("status", "2")])

        let first = try home.run(["login", "--token-stdin", "--uid", "5712659759"] + api, input: sandbox.token + "\n")
        #expect(first.status == 0, "\(first.standardError)")
        #expect(!first.standardOutput.contains("one more account"))
        let added = try home.run(["login", "--token-stdin", "--uid", second.uid] + api, input: second.token + "\n")
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardOutput.contains("Added as one more account (2 in all; the default stays \(SandboxAPI.ownerName))"), "\(added.standardOutput)")

        let listed = try home.run(["accounts"])
        let lines = listed.standardOutput.split(separator: "\n")
        #expect(lines.count == 2, "\(listed.standardOutput)")
        #expect(lines.first?.hasPrefix("* \(SandboxAPI.ownerName)  uid 5712659759  valid until ") == true, "\(listed.standardOutput)")
        #expect(lines.last?.hasPrefix("  \(second.name)  uid \(second.uid)  valid until ") == true, "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains("token in \(home.accountFile)"), "no keyring on this bus: the file")
        let json = try home.run(["accounts", "--json"])
        #expect(json.standardOutput.hasPrefix("[{\"uid\":5712659759,\"screen_name\":"), "\(json.standardOutput)")
        #expect(json.standardOutput.contains("\"default\":false"))

        #expect(try home.run(["unread"] + api).standardOutput == "2 new posts\n", "the default account")
        #expect(try home.run(["unread", "--account", second.uid] + api).standardOutput == "3 new private messages\n", "by uid")
        #expect(try home.run(["unread", "--account", second.name] + api).standardOutput == "3 new private messages\n", "by screen name")
        let nobody = try home.run(["unread", "--account", "nobody"] + api)
        #expect(nobody.status == 77)
        #expect(nobody.standardError.contains("no account 'nobody' (logged in: \(SandboxAPI.ownerName), \(second.name))"), "\(nobody.standardError)")

        // A second login of the same uid replaces its token in place: still two, the order kept.
        #expect(try home.run(["login", "--token-stdin", "--uid", "5712659759"] + api, input: sandbox.token + "\n").status == 0)
        #expect(try home.run(["accounts"]).standardOutput.split(separator: "\n").count == 2)

        // Logging the default out makes the next one the default.
        let out = try home.run(["logout", SandboxAPI.ownerName] + api)
        #expect(out.standardOutput == "Logged out \(SandboxAPI.ownerName).\n", "\(out.standardOutput)\(out.standardError)")
        #expect(try home.run(["accounts"]).standardOutput.hasPrefix("* \(second.name)  uid \(second.uid)"))
        #expect(try home.run(["unread"] + api).standardOutput == "3 new private messages\n")

        // (The logout revoked the first token; a third user stands in.)
        let third = try newUser(sandbox)
        #expect(try home.run(["login", "--token-stdin", "--uid", third.uid] + api, input: third.token + "\n").status == 0)
        let all = try home.run(["logout", "--all"] + api)
        #expect(all.standardOutput == "Logged out \(second.name).\nLogged out \(third.name).\n", "\(all.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: home.accountFile))
        #expect(try home.run(["accounts"]).status == 77)
        #expect(try home.run(["logout", "--all", "x"]).status == 64)
    }

    /// One account per uid: an entry written twice (by hand, a broken sync) is used once, and
    /// named, rather than doubling every count and bubble.
    @Test func theSameUIDTwiceIsOneAccount() throws {
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0"])
        let home = Home()
        #expect(try home.run(["login", "--token-stdin", "--uid", "5712659759", "--api-base", sandbox.baseURL], input: sandbox.token + "\n").status == 0)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: home.accountFile))) as? [String: Any])
        let entries = try #require(object["accounts"] as? [Any])
        object["accounts"] = entries + entries
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: home.accountFile))
        chmod(home.accountFile, 0o600)

        let listed = try home.run(["accounts"])
        #expect(listed.standardOutput.split(separator: "\n").count == 1, "\(listed.standardOutput)")
        #expect(listed.standardError.contains("names uid 5712659759 more than once; the first entry is used"), "\(listed.standardError)")
        let json = try home.run(["accounts", "--json"])
        #expect(json.standardOutput.components(separatedBy: "\"uid\":5712659759").count == 2, "once: \(json.standardOutput)")
        let doctor = try home.run(["doctor", "--api-base", sandbox.baseURL])
        #expect(doctor.standardOutput.contains("names uid 5712659759 more than once"), "\(doctor.standardOutput)")
        #expect(try home.run(["unread", "--api-base", sandbox.baseURL]).status == 0)
    }

    /// Round 4, defect 1, from the command line: with two logins and a damaged accounts file,
    /// `logout NAME` changes nothing and `login` sets the file aside, says where and how to
    /// have it back; `accounts` and `doctor` name it until it is dealt with. Moved back, both
    /// logins are there.
    @Test func aDamagedAccountsFileCostsNoLogin() throws {
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0"])
        let home = Home()
        let api = ["--api-base", sandbox.baseURL]
        let second = try newUser(sandbox)
        #expect(try home.run(["login", "--token-stdin", "--uid", "5712659759"] + api, input: sandbox.token + "\n").status == 0)
        #expect(try home.run(["login", "--token-stdin", "--uid", second.uid] + api, input: second.token + "\n").status == 0)
        let whole = try Data(contentsOf: URL(fileURLWithPath: home.accountFile))
        let damaged = whole.prefix(whole.count - 9)
        try damaged.write(to: URL(fileURLWithPath: home.accountFile))

        let logout = try home.run(["logout", second.name] + api)
        #expect(logout.status == 77, "\(logout.standardOutput)\(logout.standardError)")
        #expect(logout.standardError.contains("is not a valid account file"), "\(logout.standardError)")
        #expect(logout.standardError.contains("nothing was logged out"), "\(logout.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: home.accountFile)) == damaged, "left as it was")
        #expect(try home.run(["logout", "--all"] + api).status == 77)
        #expect(try Data(contentsOf: URL(fileURLWithPath: home.accountFile)) == damaged)

        let third = try newUser(sandbox)
        let login = try home.run(["login", "--token-stdin", "--uid", third.uid] + api, input: third.token + "\n")
        #expect(login.status == 0, "\(login.standardError)")
        #expect(login.standardError.contains("\(home.accountFile) could not be read"), "\(login.standardError)")
        let aside = try #require(AccountStore(path: home.accountFile).setAsideFiles().first)
        #expect(login.standardError.contains("set aside as \(aside) with the logins in it"), "\(login.standardError)")
        #expect(login.standardError.contains("mv '\(aside)' '\(home.accountFile)'"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == damaged)
        #expect(try home.run(["accounts"]).standardError.contains("set aside in \(aside)"))
        #expect(try home.run(["doctor"] + api).standardOutput.contains("logins that could not be read were set aside in \(aside)"))

        // Mended and moved back: the two first logins again.
        try whole.write(to: URL(fileURLWithPath: aside))
        #expect(rename(aside, home.accountFile) == 0)
        #expect(try home.run(["accounts"]).standardOutput.split(separator: "\n").count == 2)
        #expect(try home.run(["unread", "--account", second.uid] + api).status == 0)
        for result in [logout, login] { #expect(!result.standardError.contains(second.token)) }
    }

    /// Round 4, defect 5, from the command line: a token with a line break or a quote, or
    /// 1,000 characters long, is refused before anything is sent, and one written into the
    /// accounts file makes it invalid (said, with the way out) rather than going to Weibo.
    @Test func aTokenThatIsNoTokenIsRefused() throws {
        let home = Home()
        let nowhere = ["--api-base", "http://127.0.0.1:1"]
        for token in ["2.00ab\rX-Evil: 1", "2.00\"ab\"", String(repeating: "t", count: 1000)] {
            let login = try home.run(["login", "--token-stdin", "--uid", "1"] + nowhere, input: token + "\n")
            #expect(login.status == 1, "\(login.standardError)")
            #expect(login.standardError.contains("is no token"), "\(login.standardError)")
            #expect(!login.standardError.contains("refused the connection"), "nothing sent")
        }
        try FileManager.default.createDirectory(atPath: home.folder + "/config/weibo-notifier", withIntermediateDirectories: true)
        try #"{"accounts":[{"access_token":"2.00ab\r\nX-Evil: 1","uid":1,"issued_at":1,"expires_in":9}]}"#.write(
            toFile: home.accountFile, atomically: true, encoding: .utf8)
        chmod(home.accountFile, 0o600)
        let listed = try home.run(["accounts"])
        #expect(listed.status == 77)
        #expect(listed.standardError.contains("is not a valid account file"), "\(listed.standardError)")
        #expect(listed.standardError.contains("characters no token has"), "\(listed.standardError)")
    }

    @Test func theOneAccountFileOfEarlierVersionsIsMergedIn() throws {
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0"])
        let home = Home()
        let legacy = home.folder + "/config/weibo-notifier/account"
        try FileManager.default.createDirectory(atPath: home.folder + "/config/weibo-notifier", withIntermediateDirectories: true)
        let issued = Int(Timestamp.now.secondsSince1970)
        try "{\"access_token\":\"\(sandbox.token)\",\"uid\":5712659759,\"issued_at\":\(issued),\"expires_in\":86400000}\n".write(
            toFile: legacy, atomically: true, encoding: .utf8)
        chmod(legacy, 0o600)

        let listed = try home.run(["accounts"])
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.hasPrefix("* uid 5712659759  valid until "), "\(listed.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: legacy), "read once, then removed")
        #expect(try String(contentsOfFile: home.accountFile, encoding: .utf8).contains(sandbox.token), "nothing lost")
        #expect(fileMode(of: home.accountFile) == 0o600)
        #expect(try home.run(["unread", "--api-base", sandbox.baseURL]).status == 0)
    }

    /// Round 4: with a day's interval the second account's first check waits two hours (the
    /// checks are staggered by a twelfth of it); `GetAccounts` lists it from the start, by its
    /// saved uid and name, rather than leaving it out until then.
    @Test func aSecondAccountIsListedBeforeItsFirstCheck() throws {
        let setup = try DaemonTests.Setup()
        let second = try newUser(setup.sandbox)
        let api = ["--api-base", setup.sandbox.baseURL]
        #expect(try setup.home.run(["login", "--token-stdin", "--uid", second.uid] + api, input: second.token + "\n").status == 0)
        try setup.start(interval: 86_400)
        defer { setup.stop() }
        let accounts = setup.bus.gdbus([
            "call", "-d", "io.github.WeiboNotifier", "-o", "/io/github/WeiboNotifier", "-m", "io.github.WeiboNotifier1.GetAccounts",
        ])
        #expect(accounts.contains("('5712659759', '\(SandboxAPI.ownerName)', {"), "\(accounts)")
        #expect(accounts.contains("('\(second.uid)', '\(second.name)', {"), "listed before its first check: \(accounts)")
    }

    @Test func oneDaemonFollowsEveryAccountEachWithItsBubblesAndState() throws {
        let setup = try DaemonTests.Setup()
        let second = try newUser(setup.sandbox)
        let api = ["--api-base", setup.sandbox.baseURL]
        #expect(try setup.home.run(["login", "--token-stdin", "--uid", second.uid] + api, input: second.token + "\n").status == 0)
        setup.sandbox.control("/_sandbox/counts", [("follower", "2")])
        setup.sandbox.control("/_sandbox/counts", [("uid", second.uid), ("dm", "3")])
        // The state of an earlier version (one state.json) becomes the first account's.
        let folder = setup.home.folder + "/state/weibo-notifier"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "{}".write(toFile: folder + "/state.json", atomically: true, encoding: .utf8)

        let watcher = try setup.bus.startTrayWatcher()
        defer { watcher.stop(SIGKILL) }
        try setup.start()
        let owner = SandboxAPI.ownerName
        #expect(
            waitUntil {
                Set(setup.bus.notifications().map { "\($0.summary): \($0.body)" }) == [
                    "Weibo · \(owner): 2 new followers", "Weibo · \(second.name): 3 new private messages",
                ]
            },
            "each account's bubble names it: \(setup.bus.notifications().map { "\($0.summary): \($0.body)" })")
        #expect(waitUntil { setup.bus.daemonStatus()["total"] == "5" }, "GetCounts adds them up")
        let accounts = setup.bus.gdbus([
            "call", "-d", "io.github.WeiboNotifier", "-o", "/io/github/WeiboNotifier", "-m", "io.github.WeiboNotifier1.GetAccounts",
        ])
        #expect(accounts.contains("('5712659759', '\(owner)', {") && accounts.contains("('\(second.uid)', '\(second.name)', {"), "\(accounts)")
        #expect(accounts.contains("'dm': <uint32 3>") || accounts.contains("'dm': 3"), "\(accounts)")
        #expect(FileManager.default.fileExists(atPath: folder + "/state-5712659759.json"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/state.json"), "moved, not copied")
        #expect(waitUntil { FileManager.default.fileExists(atPath: folder + "/state-\(second.uid).json") })
        let first = toolOutput("/bin/bash", ["-c", "\"$0\" watch --format json | head -n 1", CommandRunner.executable.path], environment: setup.environment)
        #expect(first.contains("\"accounts\":[{\"uid\":\"5712659759\",\"screen_name\":\"\(owner)\",\"total\":2,"), "\(first)")
        #expect(first.contains("{\"uid\":\"\(second.uid)\",\"screen_name\":\"\(second.name)\",\"total\":3,"), "\(first)")

        // The tray: a line and a submenu per account; marking one account read leaves the other's.
        let item = "org.kde.StatusNotifierItem-\(setup.daemon?.processIdentifier ?? 0)-1"
        #expect(waitUntil { setup.bus.registeredTrayItems().contains(item) })
        let tooltip = setup.bus.gdbus([
            "call", "-d", item, "-o", "/StatusNotifierItem", "-m", "org.freedesktop.DBus.Properties.Get", "org.kde.StatusNotifierItem", "ToolTip",
        ])
        #expect(tooltip.contains("\(owner): 2 new followers") && tooltip.contains("\(second.name): 3 new private messages"), "\(tooltip)")
        let layout = setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.GetLayout", "--", "0", "-1", "[]"])
        #expect(layout.contains("'label': <'\(owner)'>") && layout.contains("'label': <'\(second.name)'>"), "\(layout)")
        #expect(setup.bus.closedIDs().isEmpty)
        _ = setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.Event", "--", "112", "clicked", "<0>", "0"])
        #expect(waitUntil { setup.bus.daemonStatus()["total"] == "2" }, "only the second account marked: \(setup.bus.daemonStatus())")
        #expect(waitUntil { setup.bus.closedIDs().count == 1 }, "the second account's bubble closed, the first's stays")

        // refresh and mark-read for one account, by name or uid.
        setup.sandbox.control("/_sandbox/counts", [("uid", second.uid), ("dm", "2")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { setup.bus.daemonStatus()["total"] == "4" }, "\(setup.bus.daemonStatus())")
        let refreshed = try CommandRunner.run(["refresh", "--account", second.name], environment: setup.environment)
        #expect(refreshed.status == 0, "\(refreshed.standardError)")
        #expect(setup.bus.daemonStatus()["total"] == "2", "only the second account's counts were marked")
        #expect(try CommandRunner.run(["mark-read", "--account", "5712659759"], environment: setup.environment).status == 0)
        #expect(waitUntil { setup.bus.daemonStatus()["total"] == "0" })
        let nobody = try CommandRunner.run(["mark-read", "--account", "nobody"], environment: setup.environment)
        #expect(nobody.status == 77 && nobody.standardError.contains("no account 'nobody'"), "\(nobody.standardError)")

        // The second logs out: the first goes on alone, unnamed again.
        setup.sandbox.control("/_sandbox/counts", [("uid", second.uid), ("dm", "1")])
        #expect(try setup.home.run(["logout", second.name] + api).status == 0)
        #expect(waitUntil { setup.bus.daemonStatus()["total"] == "0" })
        #expect(
            waitUntil {
                !setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.GetLayout", "--", "0", "-1", "[]"]).contains(second.name)
            }, "its submenu gone")
        setup.sandbox.control("/_sandbox/counts", [("follower", "4")])  // the 2 were marked read
        #expect(setup.bus.checkNow())
        #expect(
            waitUntil { setup.bus.notifications().last.map { "\($0.summary): \($0.body)" } == "Weibo: 4 new followers" },
            "\(setup.bus.notifications().map { "\($0.summary): \($0.body)" })")

        // The default logs out too: nobody is logged in, and nothing is an error.
        #expect(try setup.home.run(["logout"] + api).status == 0)
        #expect(waitUntil { setup.bus.daemonStatus()["state"] == "'not-logged-in'" })
    }
}
