import Foundation
import Testing
import WeiboTestSupport

/// `make install` and `make deb` install nothing: a missing build package is named, and only
/// `make deps` may run apt-get or sudo.
@Suite(.endToEnd) struct PackagingTests {
    func make(_ arguments: [String]) -> (status: Int32, output: String) {
        toolRun("/usr/bin/make", ["--no-print-directory", "-C", FixtureFiles.packageRoot().path] + arguments)
    }

    /// The man page and the unit say what the program does today: a bubble per kind, a click
    /// marks only its kind, the package installs the unit.
    @Test func theManPageAndTheUnitSayWhatItDoesToday() throws {
        let root = FixtureFiles.packageRoot().path
        let manPage = try String(contentsOfFile: root + "/packaging/weibo-notifier.1", encoding: .utf8)
        let description = manPage.components(separatedBy: ".SH DESCRIPTION").last?.components(separatedBy: ".SH COMMANDS").first ?? ""
        #expect(description.contains("one per kind") && description.contains("counts only its kind as seen"), "\(description)")
        #expect(!description.contains("one desktop\nnotification") && !description.contains("everything is cleared"))
        let unit = try String(contentsOfFile: root + "/packaging/weibo-notifier.service", encoding: .utf8)
        #expect(!unit.contains("cp weibo-notifier.service") && unit.contains("The package"), "\(unit)")
    }

    /// The daemon sends its bubbles through libnotify (on a thread of its own) and links no GTK.
    @Test func theDaemonLinksLibnotifyAndNoGTK() throws {
        let libraries = toolOutput("/usr/bin/ldd", [CommandRunner.executable.path])
        #expect(libraries.contains("libnotify.so.4"), "\(libraries)")
        #expect(!libraries.contains("libgtk") && !libraries.contains("libgdk-3"), "\(libraries)")
        // The popup, a process of its own, is where GTK is.
        let popup = CommandRunner.executable.deletingLastPathComponent().appendingPathComponent("weibo-notifier-popup").path
        let popupLibraries = toolOutput("/usr/bin/ldd", [popup])
        #expect(popupLibraries.contains("libgtk-3.so.0") && popupLibraries.contains("libgtk-layer-shell.so.0"), "\(popupLibraries)")
    }

    /// The settings window is a process of its own too (GTK 3 and libhandy), with its own menu
    /// entry; the popup has a hidden one (its window's name and icon in GNOME); every entry
    /// passes desktop-file-validate and is installed.
    @Test func theSettingsWindowHasItsEntryAndItsLibraries() throws {
        let settings = CommandRunner.executable.deletingLastPathComponent().appendingPathComponent("weibo-notifier-settings").path
        let libraries = toolOutput("/usr/bin/ldd", [settings])
        #expect(libraries.contains("libgtk-3.so.0") && libraries.contains("libhandy-1.so.0"), "\(libraries)")
        let root = FixtureFiles.packageRoot().path
        let entries = ["io.github.WeiboNotifier.desktop", "io.github.WeiboNotifier.Settings.desktop", "io.github.WeiboNotifier.Popup.desktop"]
        for entry in entries {
            let validated = toolRun("/usr/bin/desktop-file-validate", [root + "/packaging/" + entry])
            #expect(validated.status == 0 && validated.output.isEmpty, "\(entry): \(validated.output)")
        }
        let popupEntry = try String(contentsOfFile: root + "/packaging/io.github.WeiboNotifier.Popup.desktop", encoding: .utf8)
        #expect(popupEntry.contains("\nNoDisplay=true\n") && popupEntry.contains("\nStartupWMClass=weibo-notifier-popup\n"))
        let planned = make(["-n", "install", "DESTDIR=/nonexistent"]).output
        #expect(planned.contains("/bin/weibo-notifier-settings") && planned.contains("io.github.WeiboNotifier.Popup.desktop"))
    }

    /// The release is SwiftPM's plain release build with the toolchain's own linker: no
    /// toolset, linker script, link order or private library, and no file of the project
    /// rewrites what the toolchain made. A distribution's -Wl, LDFLAGS reach the link; any other
    /// kind of flag is refused with a message that says why.
    @Test func theReleaseIsThePlainReleaseBuild() throws {
        let planned = make(["-n", "release", "LDFLAGS=-Wl,-z,relro -Wl,-z,now"]).output
        let builds = planned.split(separator: "\n").filter { $0.contains(" build ") }
        #expect(builds.count == 1 && builds[0].contains("build -c release --static-swift-stdlib"), "\(planned)")
        #expect(planned.contains("-Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now"), "\(planned)")
        for trick in ["--toolset", "-function-sections", "symbol-ordering", "-Xlinker -T", "ld.lld", "libstdc++", "-O"] {
            #expect(!planned.contains(trick), "\(trick) in \(planned)")
        }
        // The one frontend option: zeros for the incremental code generation's hash, which
        // hashes the object's path (two builds in two folders are then the same).
        #expect(planned.components(separatedBy: "-Xfrontend").count == 2 && planned.contains("-disable-incremental-llvm-codegen"))
        let refused = make(["-n", "release", "LDFLAGS=-static"])
        #expect(refused.status != 0 && refused.output.contains("LDFLAGS: -static is not a -Wl, option"), "\(refused.output)")
        let root = FixtureFiles.packageRoot().path
        let scripts = try FileManager.default.contentsOfDirectory(atPath: root + "/Scripts")
        #expect(!scripts.contains { $0.hasPrefix("split") || $0.hasPrefix("linkorder") }, "\(scripts)")
    }

    /// debian/ builds through the Makefile (so the .deb holds what `make install` installs) with
    /// the toolchain's flags and SwiftPM's caches inside the build tree.
    @Test func theDebianPackageBuildsThroughTheMakefile() throws {
        let root = FixtureFiles.packageRoot().path
        let rules = try String(contentsOfFile: root + "/debian/rules", encoding: .utf8)
        #expect(rules.contains("$(MAKE) release") && rules.contains("$(MAKE) install"), "\(rules)")
        #expect(rules.contains("include /usr/share/dpkg/buildflags.mk") && rules.contains("--cache-path"), "\(rules)")
        let control = try String(contentsOfFile: root + "/debian/control", encoding: .utf8)
        #expect(control.contains("swiftlang (>= 6.0.3)") && control.contains("${shlibs:Depends}"), "\(control)")
    }

    @Test func aMissingBuildPackageIsNamedNotInstalled() throws {
        let result = make(["build-deps", "BUILD_PACKAGES=pkgconf weibo-notifier-no-such-package"])
        #expect(result.status != 0)
        #expect(result.output.contains("missing Debian packages: weibo-notifier-no-such-package (make deps"), "\(result.output)")
    }

    @Test(arguments: ["install", "release"])
    func onlyDepsInstalls(_ target: String) throws {
        // What make would run, without running it.
        let planned = make(["-n", target, "DESTDIR=/nonexistent"]).output
        // The advice names apt-get; no command runs it (`apt-get update`, `install -y`) or sudo.
        #expect(!planned.contains("apt-get update") && !planned.contains("install -y") && !planned.contains("sudo"), "\(planned)")
        #expect(planned.contains("dpkg-query"), "the build packages are checked")
    }

    @Test func theDepsTargetIsWhereInstallingHappens() throws {
        #expect(make(["-n", "deps"]).output.contains("Scripts/install-packages.sh"))
    }

    /// `make deps` waits for another apt, saying so, then installs; an apt that fails for
    /// another reason fails at once, with its words. apt-get here is a stand-in first on PATH,
    /// whose `update` finds the lists' lock held once, as the real one says it.
    @Test(.enabled(if: getuid() == 0, "runs apt-get itself, not through sudo"))
    func anotherAptIsWaitedForAndSaid() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apt-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stub = """
            #!/bin/sh
            echo "$*" >> "$STUB/calls"
            [ "$1" = update ] || exit 0
            [ -z "$APT_FAILS" ] || { echo "E: $APT_FAILS" >&2; exit 100; }
            [ -e "$STUB/waited" ] && exit 0
            touch "$STUB/waited"
            echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (unattended-upgr)" >&2
            exit 100

            """
        try writeScript(stub, to: folder + "/apt-get")
        let script = FixtureFiles.packageRoot().appendingPathComponent("Scripts/install-packages.sh").path
        let path = folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let packages = ["pkgconf", "weibo-notifier-no-such-package"]

        let waited = toolRun("/bin/bash", [script] + packages, environment: ["PATH": path, "STUB": folder])
        #expect(waited.status == 0, "\(waited.output)")
        #expect(waited.output.contains("Installing: weibo-notifier-no-such-package\n"), "only what is missing: \(waited.output)")
        #expect(
            waited.output.contains("Another apt is at work (process 4242, unattended-upgr): waiting for it to finish, up to 300 s"),
            "\(waited.output)")
        #expect(!waited.output.contains("E: Could not get lock"), "the lock's error is not printed as a failure: \(waited.output)")
        let calls = try String(contentsOfFile: folder + "/calls", encoding: .utf8)
        #expect(calls == "update -qq\nupdate -qq\ninstall -y -qq weibo-notifier-no-such-package\n", "\(calls)")

        let failed = toolRun("/bin/bash", [script] + packages, environment: ["PATH": path, "STUB": folder, "APT_FAILS": "Failed to fetch"])
        #expect(failed.status != 0)
        #expect(failed.output.contains("E: Failed to fetch") && !failed.output.contains("waiting"), "\(failed.output)")
    }

    /// A newcomer's `make demo` installs what the build and the notifier need, not the tests'
    /// desktops (about 1,000 packages), and waits for another apt's lock instead of failing.
    @Test func theDemoInstallsOnlyWhatItNeeds() throws {
        let planned = make(["-n", "demo"]).output
        #expect(planned.contains("libgtk-3-dev") && planned.contains("glib-networking"), "\(planned)")
        #expect(!planned.contains("gnome-shell") && !planned.contains("sway") && !planned.contains("xvfb"), "\(planned)")
        #expect(planned.contains("Scripts/install-packages.sh"), "the packages installed by the script that waits for another apt: \(planned)")
    }
}
