import Foundation
import Glibc
import Testing
import WeiboDesktop
import WeiboPlatform
import WeiboTestSupport

/// The notifier on a real notification server: Xvfb, dunst and a private bus, the sandbox,
/// `weibo-notifier run`, and a real middle click on dunst's window with xdotool. Screenshots
/// of the popup it opens go to `.build/e2e/` for people to look at.
@Suite(.serialized, .endToEnd, .enabled(if: DesktopTools.present, "needs Xvfb, dunst, xdotool and imagemagick (make deps installs them)"))
struct RealDesktopTests {
    /// A virtual X display, ended with the object.
    final class VirtualDisplay {
        /// The display's number: Xvfb picks one nobody uses and says it once it accepts clients
        /// (a number drawn at random could meet another test's display, or the socket a killed
        /// Xvfb left behind, which looked ready before any server was). `-noreset`: by default
        /// Xvfb starts over when its last client goes, refusing connections for a moment and
        /// wiping the root window's properties (the accessibility bus's address among them): a
        /// window started then said "cannot open display" and died, about one run in four.
        private(set) var number = 0
        let process = Process()
        var name: String { ":\(number)" }

        init() throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            process.arguments = ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp", "-noreset"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var said = Data()
            while !said.contains(UInt8(ascii: "\n")) {
                let more = output.fileHandleForReading.availableData
                if more.isEmpty { break }
                said.append(more)
            }
            guard let number = Int(String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw PrivateSessionBus.Failure(description: "Xvfb did not start")
            }
            self.number = number
        }

        deinit {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// dunst's history (closed notifications): app name, summary and body of each, newest first.
    static func history(_ environment: [String: String]) -> [(app: String, summary: String, body: String)] {
        let text = toolOutput("/usr/bin/dunstctl", ["history"], environment: environment)
        guard let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let lists = json["data"] as? [[[String: Any]]], let list = lists.first
        else { return [] }
        func field(_ entry: [String: Any], _ key: String) -> String { (entry[key] as? [String: Any])?["data"] as? String ?? "" }
        return list.map { (field($0, "appname"), field($0, "summary"), field($0, "body")) }
    }

    @Test(arguments: [("C", "en"), ("zh_CN.UTF-8", "zh")])
    func bubbleReplaceAndARealClick(_ language: String, _ tag: String) async throws {
        let display = try VirtualDisplay()
        let bus = try PrivateSessionBus(notificationServer: false)
        let sandbox = try SandboxProcess()
        let home = AccountCommandsTests.Home()
        var environment = ProcessInfo.processInfo.environment.merging(home.environment) { $1 }.merging(bus.environment) { $1 }
        environment["DISPLAY"] = display.name
        environment["LANG"] = language

        let dunst = try startProgram("/usr/bin/dunst", ["-config", "/etc/xdg/dunst/dunstrc"], environment: environment)
        defer { dunst.stop(SIGKILL) }
        #expect(waitUntil(timeout: 45) { bus.hasOwner("org.freedesktop.Notifications") })

        #expect(try home.run(["login", "--token-stdin", "--uid", "5712659759", "--api-base", sandbox.baseURL], input: sandbox.token + "\n").status == 0)
        sandbox.control("/_sandbox/statuses", [("count", "3")])
        // No window manager gives the focus here: the popup stays when the pointer leaves it.
        let config = home.folder + "/config/weibo-notifier/config"
        let written = (try? String(contentsOfFile: config, encoding: .utf8)) ?? ""
        try
            (written.contains("[notifier]")
            ? written.replacingOccurrences(of: "[notifier]", with: "[notifier]\npopup_close_on_focus_out=false")
            : written + "\n[notifier]\npopup_close_on_focus_out=false\n")
            .write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try startProgram(CommandRunner.executable.path, ["run", "--api-base", sandbox.baseURL, "--interval", "20"], environment: environment)
        defer { daemon.stop() }
        #expect(waitUntil(timeout: 45) { bus.daemonPolls() >= 1 })
        let displayed = { toolOutput("/usr/bin/dunstctl", ["count", "displayed"], environment: environment).trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(waitUntil { displayed() == "1" })

        // A new post: the same bubble, replaced in place (still one on screen, none closed).
        sandbox.control("/_sandbox/statuses", [("count", "1")])
        #expect(bus.checkNow())
        #expect(displayed() == "1")
        #expect(Self.history(environment).isEmpty)

        // A real middle click on dunst's window runs the bubble's default action.
        let window =
            toolOutput("/usr/bin/xdotool", ["search", "--classname", "Dunst"], environment: environment)
            .split(separator: "\n").first.map(String.init) ?? ""
        var geometry: [String: Int] = [:]
        for line in toolOutput("/usr/bin/xdotool", ["getwindowgeometry", "--shell", window], environment: environment).split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { geometry[String(parts[0])] = Int(parts[1]) }
        }
        let x = (geometry["X"] ?? 0) + 20
        let y = (geometry["Y"] ?? 0) + 10
        toolOutput("/usr/bin/xdotool", ["mousemove", String(x), String(y), "click", "2"], environment: environment)

        // The click opens the popup (the unread bubble closes when its posts are seen).
        let popup = {
            toolOutput("/usr/bin/xdotool", ["search", "--name", tag == "zh" ? "^微博$" : "^Weibo$"], environment: environment)
                .split(separator: "\n").first.map(String.init)
        }
        #expect(waitUntil(timeout: 45) { popup() != nil }, "the popup opened")

        // A screenshot of the popup for people to look at (a name of its own: the golden-image
        // test, running beside this one, leaves its popup-en.png there to compare).
        let folder = FixtureFiles.packageRoot().appendingPathComponent(".build/e2e").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try await Task.sleep(nanoseconds: 1_100_000_000)
        let shot = folder + "/dunst-click-popup-\(tag).png"
        screenshot(window: "root", to: shot, environment: environment)
        #expect(FileManager.default.fileExists(atPath: shot))

        // Esc closes it; the posts it showed for a second count as seen.
        if let window = popup() {
            toolOutput("/usr/bin/xdotool", ["mousemove", "--window", window, "100", "200"], environment: environment)
            toolOutput("/usr/bin/xdotool", ["key", "Escape"], environment: environment)
        }
        #expect(waitUntil { popup() == nil })
        #expect(waitUntil { bus.daemonStatus()["total"] == "0" }, "what the popup showed counts as seen")
        let posts = tag == "zh" ? "4 条新微博" : "4 new posts"
        #expect(
            waitUntil { Self.history(environment).contains { $0.summary == (tag == "zh" ? "微博" : "Weibo") && $0.body == posts } },
            "the unread bubble was closed: \(Self.history(environment))")
        #expect(Self.history(environment).first?.app == "Weibo Notifier")

        // dunst's own pause is the desktop's do-not-disturb: followed as it changes.
        toolOutput("/usr/bin/dunstctl", ["set-paused", "true"], environment: environment)
        #expect(waitUntil { bus.daemonStatus()["dnd"] == "true" }, "dunst's paused property")
        toolOutput("/usr/bin/dunstctl", ["set-paused", "false"], environment: environment)
        #expect(waitUntil { bus.daemonStatus()["dnd"] == "false" })
    }
}

/// Whether the real-desktop tools are installed (make deps installs them; CI always has them).
enum DesktopTools {
    static let present = ["/usr/bin/Xvfb", "/usr/bin/dunst", "/usr/bin/dunstctl", "/usr/bin/xdotool", "/usr/bin/import"]
        .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
}
