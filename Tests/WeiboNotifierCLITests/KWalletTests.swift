import Foundation
import Glibc
import Testing
import WeiboKit
import WeiboPlatform
import WeiboTestSupport

private let kwalletIsInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/kwalletd6")

/// KDE's wallet as the Secret Service: kwalletd6 started as pam_kwallet starts it at a Plasma
/// login (`Tests/Support/kwallet-pam-login.py`: the wallet opened with the login's key, no
/// dialog). Debian 13's `make test-trixie-desktops` has it; where kwalletd6 is missing (Debian
/// 12's `make test`) the suite says so and is left out.
@Suite(.serialized, .enabled(if: kwalletIsInstalled, "needs kwalletd6 (make test-trixie-desktops installs it)"))
struct KWalletTests {
    /// A login keeps the token in the wallet and in no file; `unread` and the notifier read it
    /// back; `doctor` names kwalletd6; a logout clears it. How long the store and the reads took
    /// is printed (a first try with KWallet stalled 5 s at the first store).
    @Test func theTokenGoesToKWalletAndComesBack() throws {
        let bus = try PrivateSessionBus()
        let sandbox = try SandboxProcess()
        let home = AccountCommandsTests.Home()
        let helper = FixtureFiles.packageRoot().appendingPathComponent("Tests/Support/kwallet-pam-login.py").path
        let wallet = try startProgram("/usr/bin/python3", [helper, home.folder + "/kwallet"], environment: bus.environment)
        defer { wallet.stop(SIGKILL) }
        try #require(waitUntil(timeout: 30) { bus.hasOwner("org.freedesktop.secrets") }, "kwalletd6 on the bus")
        let environment = home.environment.merging(bus.environment) { $1 }.merging(["LANG": "C"]) { $1 }

        var started = Timestamp.now
        let login = try CommandRunner.run(
            ["login", "--token-stdin", "--uid", "5712659759", "--api-base", sandbox.baseURL], input: Data((sandbox.token + "\n").utf8),
            environment: environment)
        let stored = Timestamp.now.seconds(since: started)
        #expect(login.status == 0, "\(login.standardError)")
        #expect(login.standardOutput.contains("The token is kept in your keyring."), "\(login.standardOutput)")
        #expect(bus.keyringLookup(uid: "5712659759", apiBase: sandbox.baseURL) == sandbox.token)
        #expect(try String(contentsOfFile: home.accountFile, encoding: .utf8).contains("\"token_in\":\"keyring\""))

        started = Timestamp.now
        let unread = try CommandRunner.run(["unread", "--api-base", sandbox.baseURL], environment: environment)
        let read = Timestamp.now.seconds(since: started)
        #expect(unread.status == 0, "the token read back from the wallet: \(unread.standardError)")
        let doctor = try CommandRunner.run(["doctor", "--api-base", sandbox.baseURL], environment: environment)
        #expect(doctor.standardOutput.contains("✓ keyring (Secret Service): kwalletd6"), "the provider named: \(doctor.standardOutput)")

        let daemon = try startProgram(CommandRunner.executable.path, ["run", "--api-base", sandbox.baseURL], environment: environment)
        defer { daemon.stop() }
        #expect(waitUntil(timeout: 20) { bus.daemonStatus()["state"] == "'ok'" }, "the notifier checks with it: \(bus.daemonStatus())")
        daemon.stop()

        #expect(try CommandRunner.run(["logout", "--api-base", sandbox.baseURL], environment: environment).status == 0)
        #expect(bus.keyringLookup(uid: "5712659759", apiBase: sandbox.baseURL).isEmpty, "logout clears the wallet")
        print("KWallet: a login with its store \(Int(stored * 1000)) ms, unread with its read \(Int(read * 1000)) ms")
    }
}
