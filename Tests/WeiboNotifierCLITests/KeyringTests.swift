import Foundation
import Glibc
import Testing
import WeiboKit
import WeiboPlatform
import WeiboSandbox
import WeiboTestSupport

/// The token in a real keyring (gnome-keyring-daemon on the private bus): kept there and in no
/// file, moved there from the file, and a locked keyring is a wait, not an expired login.
@Suite(.serialized, .endToEnd) struct KeyringTests {
    typealias Setup = DaemonTests.Setup

    /// Every file under `folder` that holds `text`.
    func files(under folder: String, containing text: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var found: [String] = []
        while let name = enumerator?.nextObject() as? String {
            let path = folder + "/" + name
            if let data = FileManager.default.contents(atPath: path), String(decoding: data, as: UTF8.self).contains(text) { found.append(path) }
        }
        return found
    }

    @Test func theTokenGoesToTheKeyringAndInNoFile() throws {
        let bus = try PrivateSessionBus()
        let sandbox = try SandboxProcess()
        let home = AccountCommandsTests.Home()
        let keyring = try bus.startKeyring(home: home.folder + "/keyring", unlocked: true)
        defer { keyring.stop(SIGKILL) }
        let environment = home.environment.merging(bus.environment) { $1 }.merging(["LANG": "C"]) { $1 }
        let login = try CommandRunner.run(
            ["login", "--token-stdin", "--uid", "5712659759", "--api-base", sandbox.baseURL], input: Data((sandbox.token + "\n").utf8),
            environment: environment)
        #expect(login.status == 0, "\(login.standardError)")
        #expect(login.standardOutput.contains("The token is kept in your keyring."))
        #expect(bus.keyringLookup(uid: "5712659759", apiBase: sandbox.baseURL) == sandbox.token)
        let account = try String(contentsOfFile: home.accountFile, encoding: .utf8)
        #expect(account.contains("\"token_in\":\"keyring\""))
        #expect(files(under: home.folder + "/config", containing: sandbox.token).isEmpty, "in no file under the XDG folders")
        #expect(files(under: home.folder + "/state", containing: sandbox.token).isEmpty)
        let unread = try CommandRunner.run(["unread", "--api-base", sandbox.baseURL], environment: environment)
        #expect(unread.status == 0, "the token is read back from the keyring: \(unread.standardError)")
        let doctor = try CommandRunner.run(["doctor", "--api-base", sandbox.baseURL], environment: environment)
        #expect(doctor.standardOutput.contains("the token is kept in the keyring"), "\(doctor.standardOutput)")
        #expect(doctor.standardOutput.contains("✓ keyring (Secret Service): gnome-keyring-daemon"), "the provider named: \(doctor.standardOutput)")
        let logout = try CommandRunner.run(["logout", "--api-base", sandbox.baseURL], environment: environment)
        #expect(logout.status == 0)
        #expect(bus.keyringLookup(uid: "5712659759", apiBase: sandbox.baseURL).isEmpty, "logout clears the keyring")
    }

    /// Round 4: with the token in a keyring and none running in the session, the wait once
    /// said "waiting for the keyring to be unlocked", with an Unlock button that could do
    /// nothing. Now it says none runs, and its button logs in again.
    @Test func withNoKeyringAtAllItSaysSoAndOffersALogin() throws {
        let setup = try Setup()
        let saved = try String(contentsOfFile: setup.home.accountFile, encoding: .utf8)
        let inKeyring = saved.replacingOccurrences(of: "\"access_token\":\"\(setup.sandbox.token)\"", with: "\"token_in\":\"keyring\"")
        #expect(inKeyring != saved)
        try inKeyring.write(toFile: setup.home.accountFile, atomically: true, encoding: .utf8)
        chmod(setup.home.accountFile, 0o600)
        try setup.start(waitForPoll: false)
        defer { setup.stop() }
        #expect(waitUntil(timeout: 20) { setup.bus.daemonStatus()["state"] == "'waiting-for-keyring'" }, "\(setup.bus.daemonStatus())")
        let words = "Your Weibo login is kept in a keyring, and none runs in this session: checks start once one does, or log in again to keep it in a file"
        #expect(waitUntil { setup.bus.notifications().contains { $0.body == words } }, "\(setup.bus.notifications().map(\.body))")
        let bubble = setup.bus.notifications().first { $0.body == words }
        #expect(
            bubble?.actions.contains("Log in to Weibo again") == true || bubble?.actions.contains { $0.hasPrefix("Log in") } == true, "\(bubble?.actions ?? [])"
        )
        #expect(bubble?.actions.contains("Unlock…") == false)
        #expect(!setup.bus.notifications().contains { $0.body.contains("Unlock your keyring") })
    }

    /// With `token_store = file` the keyring is never used, so libsecret is never loaded, even
    /// when a Secret Service starts while the daemon runs (it was, at once).
    @Test func withTheTokenInTheFileLibsecretIsNeverLoaded() throws {
        let setup = try Setup()
        try "[weibo]\ntoken_store=file\n[notifier]\nbubbles=single\n".write(toFile: setup.home.configFile, atomically: true, encoding: .utf8)
        setup.extraEnvironment["G_MESSAGES_DEBUG"] = "weibo-notifier"
        let log = setup.home.folder + "/daemon.log"
        try setup.start(errorLog: log)
        let keyring = try setup.bus.startKeyring(home: setup.home.folder + "/keyring", unlocked: true)
        defer { keyring.stop(SIGKILL) }
        let pid = try #require(setup.daemon?.processIdentifier)
        #expect(setup.bus.checkNow())
        #expect(setup.bus.daemonStatus()["state"] == "'ok'")
        let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
        #expect(!maps.contains("libsecret"), "libsecret is mapped: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        #expect(setup.stop() == 0)
    }

    @Test func aTokenInTheFileMovesToTheKeyringAndALockedKeyringIsAWait() throws {
        let setup = try Setup()
        try setup.configure("")
        try "[weibo]\ntoken_store=file\n[notifier]\nbubbles=single\n".write(toFile: setup.home.configFile, atomically: true, encoding: .utf8)
        let login = try setup.home.run(
            ["login", "--token-stdin", "--uid", "5712659759", "--api-base", setup.sandbox.baseURL], input: setup.sandbox.token + "\n")
        #expect(login.standardOutput.contains("The token is kept in "), "\(login.standardOutput)")
        #expect(try String(contentsOfFile: setup.home.accountFile, encoding: .utf8).contains(setup.sandbox.token))
        try setup.configure("")  // token_store back to auto
        var keyring = try setup.bus.startKeyring(home: setup.home.folder + "/keyring", unlocked: true)
        try setup.start()
        #expect(
            waitUntil { (try? String(contentsOfFile: setup.home.accountFile, encoding: .utf8))?.contains("\"token_in\":\"keyring\"") == true },
            "moved at the first start where a keyring runs")
        #expect(setup.bus.keyringLookup(uid: "5712659759", apiBase: setup.sandbox.baseURL) == setup.sandbox.token)
        #expect(setup.bus.daemonStatus()["state"] == "'ok'")
        #expect(setup.stop() == 0)

        // The keyring restarts locked: waiting, not an expired login.
        kill(keyring.processIdentifier, SIGKILL)
        keyring.waitUntilExit()
        keyring = try setup.bus.startKeyring(home: setup.home.folder + "/keyring", unlocked: false)
        defer { keyring.stop(SIGKILL) }
        // No GLib CRITICAL on the way (a locked keyring gave g_task_return_error's).
        setup.extraEnvironment["G_DEBUG"] = "fatal-criticals"
        setup.extraEnvironment["G_MESSAGES_DEBUG"] = "weibo-notifier"
        let log = setup.home.folder + "/daemon.log"
        try setup.start(waitForPoll: false, errorLog: log)
        #expect(waitUntil(timeout: 45) { setup.bus.daemonStatus()["state"] == "'waiting-for-keyring'" }, "\(setup.bus.daemonStatus())")
        #expect(setup.bus.notifications().filter { $0.body.contains("login has expired") }.isEmpty, "no error bubble")
        // One bubble asks to unlock it, with the button that brings the keyring's password window.
        #expect(waitUntil { setup.bus.notifications().contains { $0.body == "Unlock your keyring to check Weibo" } })
        let asked = setup.bus.notifications().indices.filter { setup.bus.notifications()[$0].body == "Unlock your keyring to check Weibo" }
        #expect(asked.count == 1)
        #expect(asked.first.map { setup.bus.notifications()[$0].actions } == ["unlock-keyring", "Unlock…"])

        // The button asks the keyring, which waits for its password window (no prompter here).
        setup.bus.invokeAction(id: setup.bus.id(ofNotification: asked.first ?? 0), key: "unlock-keyring")
        #expect(waitUntil(timeout: 5) { setup.bus.daemonStatus()["state"] == "'waiting-for-keyring'" }, "still waiting, still answering")

        // Unlocked (here: the keyring starts again, unlocked): followed at once, not at the next check (20 s).
        kill(keyring.processIdentifier, SIGKILL)
        keyring.waitUntilExit()
        keyring = try setup.bus.startKeyring(home: setup.home.folder + "/keyring", unlocked: true)
        #expect(
            waitUntil(timeout: 8) { setup.bus.daemonStatus()["state"] == "'ok'" },
            "\(setup.bus.daemonStatus()): \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        #expect(
            (try? String(contentsOfFile: log, encoding: .utf8))?.contains("the keyring changed: the login is read again") == true,
            "followed on the bus, not found at a later read")
        // Its bubble has nothing more to ask: closed.
        let unlockID = asked.first.map { setup.bus.id(ofNotification: $0) } ?? 0
        #expect(waitUntil { setup.bus.closedIDs().contains(unlockID) }, "\(setup.bus.closedIDs()) lack \(unlockID)")
        #expect(setup.stop() == 0, "the notifier ran to the end without a CRITICAL: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }

    /// A keyring slow to answer as the session starts (here gnome-keyring stopped as the
    /// notifier starts, so that its first read runs out of its 5 s): the login is read again
    /// 5 s later, not a check (60 s) later, and the checks start.
    @Test func aKeyringSlowAtTheStartIsReadAgainSoon() throws {
        let setup = try Setup()
        let keyring = try setup.bus.startKeyring(home: setup.home.folder + "/keyring", unlocked: true)
        defer { keyring.stop(SIGKILL) }
        let login = try CommandRunner.run(
            ["login", "--token-stdin", "--uid", "5712659759", "--api-base", setup.sandbox.baseURL],
            input: Data((setup.sandbox.token + "\n").utf8), environment: setup.environment)
        #expect(login.standardOutput.contains("The token is kept in your keyring."), "\(login.standardOutput)\(login.standardError)")
        kill(keyring.processIdentifier, SIGSTOP)
        setup.extraEnvironment["G_MESSAGES_DEBUG"] = "weibo-notifier"
        let log = setup.home.folder + "/daemon.log"
        try setup.start(waitForPoll: false, errorLog: log, interval: 60)
        #expect(waitUntil(timeout: 20) { setup.bus.daemonStatus()["state"] == "'waiting-for-keyring'" }, "\(setup.bus.daemonStatus())")
        kill(keyring.processIdentifier, SIGCONT)
        let answering = Timestamp.now
        #expect(
            waitUntil(timeout: 30) { setup.bus.daemonStatus()["state"] == "'ok'" },
            "\(setup.bus.daemonStatus()): \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        let seconds = Timestamp.now.seconds(since: answering)
        print("a keyring slow at the start: checks began \(String(format: "%.1f", seconds)) s after it answered")
        #expect(seconds < 20, "read again at the next check, not soon: \(seconds) s")
        #expect(setup.stop() == 0)
    }

    @Test func theGuidesAppSecretGoesToTheKeyringAndIsNotAskedForAgain() throws {
        let bus = try PrivateSessionBus()
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0", "--auto-approve"])
        let home = AccountCommandsTests.Home()
        let keyring = try bus.startKeyring(home: home.folder + "/keyring", unlocked: true)
        defer { keyring.stop(SIGKILL) }
        var environment = home.environment.merging(bus.environment) { $1 }.merging(["LANG": "C"]) { $1 }
        environment["BROWSER"] = try LoginTests.browser(in: home)
        let port = try LoopbackPort.free()
        let answers = "\(SandboxAPI.appKey)\n\(SandboxAPI.appSecret)\nhttp://127.0.0.1:\(port)/callback\n"
        let first = try CommandRunner.run(["login", "--api-base", sandbox.baseURL], input: Data(answers.utf8), environment: environment)
        #expect(first.status == 0, "\(first.standardOutput)\(first.standardError)")
        #expect(first.standardOutput.contains("the app secret in your keyring"))
        #expect(bus.keyringLookup(["app-key", SandboxAPI.appKey]) == SandboxAPI.appSecret)
        #expect(files(under: home.folder + "/config", containing: SandboxAPI.appSecret).isEmpty, "the secret in no file")

        #expect(try CommandRunner.run(["logout", "--api-base", sandbox.baseURL], environment: environment).status == 0)
        let again = try CommandRunner.run(["login", "--api-base", sandbox.baseURL], input: Data(), environment: environment)
        #expect(again.status == 0, "\(again.standardOutput)\(again.standardError)")
        #expect(!again.standardOutput.contains("App Key: "), "no guide the second time")
        #expect(again.standardOutput.contains("Logged in as uid 5712659759"))
    }
}
