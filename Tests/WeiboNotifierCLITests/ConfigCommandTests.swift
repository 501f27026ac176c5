import Foundation
import Glibc
import Testing
import WeiboKit
import WeiboTestSupport

/// `weibo-notifier config`: one key changed, the rest of the file as the user wrote it, a bad
/// value refused with its rule, and the running notifier applying a change at once.
@Suite(.endToEnd) struct ConfigCommandTests {
    typealias Home = AccountCommandsTests.Home

    static let written = """
        # Mine: checks every two minutes.
        [notifier]
        interval = 120
        # the night
        #quiet_hours=
        colour=red

        [weibo]
        app_key=12345

        """

    @Test func setGetAndUnsetChangeOneLineAndABadValueChangesNothing() throws {
        let home = Home()
        try FileManager.default.createDirectory(atPath: home.folder + "/config/weibo-notifier", withIntermediateDirectories: true)
        try Self.written.write(toFile: home.configFile, atomically: true, encoding: .utf8)
        let file = { try String(contentsOfFile: home.configFile, encoding: .utf8) }

        let set = try home.run(["config", "set", "interval", "45"])
        #expect(set.status == 0, "\(set.standardError)")
        #expect(set.standardOutput == "notifier.interval = 45 (applies at once)\n")
        #expect(try file() == Self.written.replacingOccurrences(of: "interval = 120", with: "interval=45"), "only that line changed")
        #expect(fileMode(of: home.configFile) == 0o600)
        #expect(try home.run(["config", "get", "notifier.interval"]).standardOutput == "45\n")

        let quiet = try home.run(["config", "set", "quiet_hours", "22:00-07:00"])
        #expect(quiet.status == 0)
        let afterQuiet = try file()
        #expect(afterQuiet.contains("#quiet_hours=\nquiet_hours=22:00-07:00\ncolour=red\n"), "after its commented line: \(afterQuiet)")

        // Refused: the rule is said, the file is not touched.
        let before = try file()
        for (arguments, said) in [
            (["config", "set", "interval", "soon"], "notifier.interval: 'soon' is not a whole number of seconds (30 to 86400 seconds)"),
            (["config", "set", "interval", "10"], "10 s is too often; 30 s or more"),
            (["config", "set", "bubbles", "sometimes"], "'sometimes' is not one of: per-kind, single"),
            (["config", "set", "colour", "blue"], "no setting 'colour'; the keys are app_key,"),
            (["config", "set", "app_secret", "s3cret"], "not taken on the command line"),
            (["config", "set", "interval"], "set needs a key and a value"),
            (["config", "frobnicate"], "'frobnicate' is not list, get, set or unset"),
            // A line break inside a value would start a setting of the value's making.
            (["config", "set", "app_key", "9\r\n[notifier]\r\ninterval=31"], "a control character (U+000D) is not allowed in a setting"),
            (["config", "set", "tls_ca_file", "/etc/ssl/ca.pem\r\n[notifier]\r\nquiet_hours=00:00-23:59"], "a control character (U+000D)"),
        ] {
            let refused = try home.run(arguments)
            #expect(refused.status == 64, "\(arguments)")
            #expect(refused.standardError.contains(said), "\(arguments): \(refused.standardError)")
            #expect(try file() == before, "\(arguments) left the file as it was")
        }

        // A pasted value's line break at its end goes, and is not written.
        #expect(try home.run(["config", "set", "app_key", "2975361648\r\n"]).status == 0)
        let pasted = try file()
        #expect(pasted.contains("\napp_key=2975361648\n"), "no raw CR: \(pasted)")

        let unset = try home.run(["config", "unset", "interval"])
        #expect(unset.status == 0)
        #expect(unset.standardOutput.contains("notifier.interval is no longer set in \(home.configFile): 60 (the default)"), "\(unset.standardOutput)")
        let afterUnset = try file()
        #expect(!afterUnset.contains("interval=") && afterUnset.hasPrefix("# Mine: checks every two minutes.\n[notifier]\n# the night\n"))

        let list = try home.run(["config", "list"])
        #expect(list.status == 0)
        let lines = list.standardOutput.split(separator: "\n").map { String($0) }
        #expect(lines.count == SettingsTable.all.count)
        #expect(lines.contains { $0.hasPrefix("notifier.interval = 60 ") && $0.hasSuffix("# the default") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("weibo.app_key = 2975361648 ") && $0.hasSuffix("# from \(home.configFile)") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("notifier.quiet_hours = 22:00-07:00 ") })
    }

    /// A file with bad values: each is said (doctor gives the fix), the rest applies, and `config
    /// set` still mends it.
    @Test func badValuesAreSaidEachAndMendedWithSet() throws {
        let home = Home()
        try FileManager.default.createDirectory(atPath: home.folder + "/config/weibo-notifier", withIntermediateDirectories: true)
        let longSecret = String(repeating: "s", count: 5000)
        try "[notifier]\ninterval=often\nbubbles=sometimes\n[weibo]\napp_secret=\(longSecret)\n".write(
            toFile: home.configFile, atomically: true, encoding: .utf8)
        let doctor = try home.run(["doctor"])
        #expect(doctor.standardOutput.contains("weibo-notifier login (it asks for it), or config unset app_secret"), "a secret is never typed")
        #expect(!doctor.standardOutput.contains(longSecret), "nor shown")
        #expect(
            doctor.standardOutput.contains("[notifier] interval: 'often' is not a whole number of seconds; its default applies"), "\(doctor.standardOutput)")
        #expect(doctor.standardOutput.contains("weibo-notifier config set bubbles VALUE, or config unset bubbles"))
        // The same findings as data (what the settings window reads): each bad value's fix
        // names its setting; not logged in, the login; the exit status the same.
        let json = try home.run(["doctor", "--json"])
        #expect(json.status == doctor.status && json.status == 1)
        let findings = try #require(SetupFinding.read(json: json.standardOutput), "\(json.standardOutput)")
        #expect(findings.map(\.terminalLines).joined(separator: "\n") + "\n" == doctor.standardOutput, "the terminal's lines are the same findings")
        #expect(
            findings.contains {
                $0.level == .missing
                    && $0.fix == SetupFix(.correctSetting, terminal: "weibo-notifier config set bubbles VALUE, or config unset bubbles", setting: "bubbles")
            })
        #expect(findings.contains { $0.level == .missing && $0.what == "not logged in" && $0.fix?.action == .logIn }, "\(findings)")
        let get = try home.run(["config", "get", "interval"])
        #expect(get.status == 0 && get.standardOutput == "60\n" && get.standardError.contains("[notifier] interval: 'often'"))
        #expect(try home.run(["config", "set", "interval", "90"]).status == 0)
        #expect(try home.run(["config", "unset", "bubbles"]).status == 0)
        #expect(try home.run(["config", "unset", "app_secret"]).status == 0)
        let now = try home.run(["config", "get", "interval"])
        #expect(now.standardOutput == "90\n" && now.standardError.isEmpty, "\(now.standardError)")
    }

    /// `config set` reaches the running notifier without a restart: `GetStatus` shows the new interval.
    @Test func theRunningNotifierAppliesAChangeAtOnce() throws {
        let setup = try DaemonTests.Setup()
        try setup.start(interval: nil)
        defer { setup.stop() }
        #expect(setup.bus.daemonStatus()["interval"] == "60", "\(setup.bus.daemonStatus())")
        let set = try CommandRunner.run(["config", "set", "interval", "45"], environment: setup.environment)
        #expect(set.status == 0, "\(set.standardError)")
        #expect(waitUntil { setup.bus.daemonStatus()["interval"] == "45" }, "\(setup.bus.daemonStatus())")
        // The file is watched through GIO's local file system: gvfs's module (where gvfs is
        // installed, as with GNOME) was loaded for it before, 450 KiB for a file of this machine.
        // (libproxy 0.5, Debian 13's, loads it anyway to read its own files when the first
        // request asks GIO for a proxy: then it tells nothing about the watch.)
        let pid = try #require(setup.daemon?.processIdentifier)
        let maps = toolOutput("/bin/cat", ["/proc/\(pid)/maps"])
        #expect(maps.contains("libpxbackend") || !maps.contains("gvfs"))
        // A bad value written by hand: the notifier keeps running with that key's default.
        try String(contentsOfFile: setup.home.configFile, encoding: .utf8).replacingOccurrences(of: "interval=45", with: "interval=often")
            .write(toFile: setup.home.configFile, atomically: true, encoding: .utf8)
        #expect(waitUntil { setup.bus.daemonStatus()["interval"] == "60" }, "\(setup.bus.daemonStatus())")
        #expect(setup.daemon?.isRunning == true)
    }

    /// Round 4, defect 3: a configuration linked from a dotfiles folder stays a link when
    /// `config set` writes it (the folder's file is written), and the running notifier sees
    /// edits made to that file by hand.
    @Test func aConfigurationLinkedFromDotfilesStaysALinkAndIsWatched() throws {
        let setup = try DaemonTests.Setup()
        let dotfiles = setup.home.folder + "/dotfiles"
        try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
        let target = dotfiles + "/weibo-notifier.conf"
        #expect(rename(setup.home.configFile, target) == 0)
        #expect(symlink("../../dotfiles/weibo-notifier.conf", setup.home.configFile) == 0, "a relative link, as dotfiles managers make")
        try setup.start(interval: nil)
        defer { setup.stop() }
        #expect(setup.bus.daemonStatus()["interval"] == "60", "\(setup.bus.daemonStatus())")

        let set = try CommandRunner.run(["config", "set", "interval", "45"], environment: setup.environment)
        #expect(set.status == 0, "\(set.standardError)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: setup.home.configFile)) == "../../dotfiles/weibo-notifier.conf", "still a link")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("interval=45"))
        #expect(fileMode(of: target) == 0o600)
        #expect(waitUntil { setup.bus.daemonStatus()["interval"] == "45" }, "\(setup.bus.daemonStatus())")

        // Edited in the dotfiles folder (an editor's save: a new file renamed over it).
        try String(contentsOfFile: target, encoding: .utf8).replacingOccurrences(of: "interval=45", with: "interval=50")
            .write(toFile: target, atomically: true, encoding: .utf8)
        #expect(waitUntil { setup.bus.daemonStatus()["interval"] == "50" }, "\(setup.bus.daemonStatus())")
    }
}
