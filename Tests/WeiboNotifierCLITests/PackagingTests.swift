import Foundation
import Testing
import WeiboTestSupport

/// `make install` and `make deb` install nothing: a missing build package is named, and only
/// `make deps` may run apt-get or sudo.
@Suite struct PackagingTests {
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

    /// The release cuts the standard library's one code section at its functions
    /// (Scripts/split-text.py): it can on this toolchain, each instruction and relocation of the
    /// result is held to the original, and a changed byte is caught.
    @Test func theStandardLibraryIsCutAndTheCutChecked() throws {
        let root = FixtureFiles.packageRoot().path
        let swift = toolOutput("/bin/sh", ["-c", "readlink -f \"$(command -v swift)\""]).trimmingCharacters(in: .whitespacesAndNewlines)
        let archive = URL(fileURLWithPath: swift).deletingLastPathComponent().appendingPathComponent("../lib/swift_static/linux/libswiftCore.a").path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weibo-notifier-split-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let extracted = toolRun("/usr/bin/ar", ["x", "--output=\(folder)", archive, "Swift.o"])
        try #require(extracted.status == 0, "\(archive): \(extracted.output)")
        let cut = toolRun("/usr/bin/python3", [root + "/Scripts/split-text.py", folder + "/Swift.o", folder + "/cut.o"])
        #expect(cut.status == 0 && cut.output.contains("pieces") && cut.output.contains("as they were"), "\(cut.output)")
        // One byte of the cut file's code changed: the check finds it.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/cut.o")))
        let code = try #require(Self.sectionOffset(named: ".text.split.100", in: folder + "/cut.o"))
        bytes[code + 1] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/changed.o"))
        let check = toolRun("/usr/bin/python3", [root + "/Scripts/split-text.py", "--check", folder + "/Swift.o", folder + "/changed.o"])
        #expect(check.status == 1 && check.output.contains(".text.split.100+0x1: other bytes"), "\(check.output)")
    }

    /// Where the contents of the ELF section `name` start in the object file at `path`
    /// (readelf's section table: name, type, address, offset, …).
    static func sectionOffset(named name: String, in path: String) -> Int? {
        let table = toolOutput("/usr/bin/readelf", ["-SW", path])
        for line in table.split(separator: "\n") {
            let columns = line.split(separator: "]", maxSplits: 1).last?.split(separator: " ") ?? []
            if columns.count > 3, columns[0] == name { return Int(columns[3], radix: 16) }
        }
        return nil
    }

    @Test func aMissingBuildPackageIsNamedNotInstalled() throws {
        let result = make(["build-deps", "BUILD_PACKAGES=pkg-config weibo-notifier-no-such-package"])
        #expect(result.status != 0)
        #expect(result.output.contains("missing Debian packages: weibo-notifier-no-such-package (make deps"), "\(result.output)")
    }

    @Test(arguments: ["install", "deb", "release"])
    func onlyDepsInstalls(_ target: String) throws {
        // What make would run, without running it.
        let planned = make(["-n", target, "DESTDIR=/nonexistent"]).output
        // The advice names apt-get; no command runs it (`apt-get update`, `install -y`) or sudo.
        #expect(!planned.contains("apt-get update") && !planned.contains("install -y") && !planned.contains("sudo"), "\(planned)")
        #expect(planned.contains("dpkg-query"), "the build packages are checked")
    }

    @Test func theDepsTargetIsWhereInstallingHappens() throws {
        #expect(make(["-n", "deps"]).output.contains("apt-get install -y"))
    }
}
