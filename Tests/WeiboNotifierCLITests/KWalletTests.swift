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
@Suite(.serialized, .endToEnd, .enabled(if: kwalletIsInstalled, "needs kwalletd6 (make test-trixie-desktops installs it)"))
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

        let log = home.folder + "/daemon.log"
        let daemon = try startProgram(
            CommandRunner.executable.path, ["run", "--api-base", sandbox.baseURL],
            environment: environment.merging(["G_MESSAGES_DEBUG": "weibo-notifier"]) { $1 }, errorLog: log)
        defer { daemon.stop() }
        #expect(
            waitUntil(timeout: 20) { bus.daemonStatus()["state"] == "'ok'" },
            "the notifier checks with it: \(bus.daemonStatus()); its log:\n\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        daemon.stop()

        #expect(try CommandRunner.run(["logout", "--api-base", sandbox.baseURL], environment: environment).status == 0)
        #expect(bus.keyringLookup(uid: "5712659759", apiBase: sandbox.baseURL).isEmpty, "logout clears the wallet")
        print("KWallet: a login with its store \(Int(stored * 1000)) ms, unread with its read \(Int(read * 1000)) ms")
    }

    /// KWallet without the QCA plugins of its Qt (`libqca-qt6-plugins`, a Recommends that a
    /// minimal install leaves out; here its folder is hidden from kwalletd6 by a private mount)
    /// refuses every session. `login` says why, what to install and where the token went, and
    /// keeps it in the file; `doctor` says the same; `unread` reads it from the file.
    @Test func kWalletWithoutItsEncryptionIsNamedWithThePackage() throws {
        let plugins = try #require(
            ["/usr/lib/x86_64-linux-gnu/qca-qt6/crypto", "/usr/lib/aarch64-linux-gnu/qca-qt6/crypto"].first {
                FileManager.default.fileExists(atPath: $0)
            }, "libqca-qt6-plugins installed")
        let bus = try PrivateSessionBus()
        let sandbox = try SandboxProcess()
        let home = AccountCommandsTests.Home()
        let helper = FixtureFiles.packageRoot().appendingPathComponent("Tests/Support/kwallet-pam-login.py").path
        // A mount namespace of its own, private: in a chroot (Scripts/in-chroot.sh), where / is no
        // mount point and unshare cannot make it private, the chroot's namespace is private
        // already. unshare and sh exec in turn: the process stopped below is kwalletd6 itself.
        let hidden = #"/usr/bin/mount -t tmpfs none "$1" && exec /usr/bin/python3 "$2" "$3""#
        let script = """
            propagation=unchanged; /usr/bin/mountpoint -q / && propagation=private
            exec /usr/bin/unshare --mount --propagation $propagation /bin/sh -c '\(hidden)' sh "$@"
            """
        let wallet = try startProgram("/bin/sh", ["-c", script, "sh", plugins, helper, home.folder + "/kwallet"], environment: bus.environment)
        defer { wallet.stop(SIGKILL) }
        try #require(waitUntil(timeout: 30) { bus.hasOwner("org.freedesktop.secrets") }, "kwalletd6 on the bus")
        let environment = home.environment.merging(bus.environment) { $1 }.merging(["LANG": "C"]) { $1 }

        let login = try CommandRunner.run(
            ["login", "--token-stdin", "--uid", "5712659759", "--api-base", sandbox.baseURL], input: Data((sandbox.token + "\n").utf8),
            environment: environment)
        #expect(login.status == 0, "\(login.standardError)")
        #expect(
            login.standardError.contains(
                "warning: KWallet cannot encrypt the session a secret travels in: its QCA plugins are missing; install libqca-qt6-plugins, then log out and in again"
            ), "\(login.standardError)")
        #expect(login.standardError.contains("the token is kept in \(home.accountFile) instead"), "\(login.standardError)")
        #expect(login.standardOutput.contains("The token is kept in \(home.accountFile), readable by you only."), "\(login.standardOutput)")
        #expect(try String(contentsOfFile: home.accountFile, encoding: .utf8).contains(sandbox.token), "the token in the file")

        let doctor = try CommandRunner.run(["doctor", "--api-base", sandbox.baseURL], environment: environment)
        #expect(doctor.standardOutput.contains("KWallet cannot encrypt the session a secret travels in"), "\(doctor.standardOutput)")
        #expect(
            doctor.standardOutput.contains("install libqca-qt6-plugins, then log out and in again"), "the package to install: \(doctor.standardOutput)")
        #expect(!doctor.standardOutput.contains("moves it to the keyring"), "no move promised that cannot happen: \(doctor.standardOutput)")
        let unread = try CommandRunner.run(["unread", "--api-base", sandbox.baseURL], environment: environment)
        #expect(unread.status == 0, "the token read from the file: \(unread.standardError)")
    }
}
