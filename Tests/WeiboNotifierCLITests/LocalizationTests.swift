import Foundation
import Testing
import WeiboTestSupport

/// The program speaks the user's language throughout: help, errors, bubbles, summary, tray.
@Suite(.endToEnd) struct LocalizationTests {
    /// The program's own table of commands.
    static let commands = (try? CommandRunner.commandNames()) ?? []

    /// The options a help text names (`--width`, `-h`).
    static func options(_ text: String) -> Set<Substring> {
        Set(text.split(whereSeparator: { " \n,[]|=（）()，：；、。".contains($0) }).filter { $0.hasPrefix("-") && $0.count > 1 })
    }

    @Test(arguments: [nil] + commands)
    func helpIsChineseUnderAChineseLocaleAndEnglishOtherwise(_ command: String?) throws {
        let arguments = command.map { [$0, "--help"] } ?? ["--help"]
        let chinese = try CommandRunner.run(arguments, environment: ["LANG": "zh_CN.UTF-8"])
        let english = try CommandRunner.run(arguments, environment: ["LANG": "C"])
        #expect(chinese.status == 0 && english.status == 0)
        #expect(english.standardOutput.contains("Usage:"))
        #expect(chinese.standardOutput.contains("用法：") && !chinese.standardOutput.contains("Usage:"), "\(chinese.standardOutput)")
        #expect(Self.options(chinese.standardOutput) == Self.options(english.standardOutput), "the same options in both")
    }

    /// Whether this machine's gettext reads `LANGUAGE` when the locale is `C.UTF-8`.
    static let glibcFollowsLanguageInCUTF8: Bool = {
        let catalogs = FixtureFiles.packageRoot().path + "/.build/locale"
        let said = toolOutput("/usr/bin/env", ["-i", "LANG=C.UTF-8", "LANGUAGE=zh_CN", "TEXTDOMAINDIR=\(catalogs)", "gettext", "-d", "weibo-notifier", "Quit"])
        return said.contains("退出")
    }()

    @Test(
        arguments: [
            (["LANG": "zh_CN.UTF-8"], true),
            // A locale this machine never generated: UTF-8 and the language through LANGUAGE.
            (["LANG": "zh_CN"], true),
            // LANGUAGE in C.UTF-8: as gettext(1) does on this machine (glibc 2.41 ignores it).
            (["LANG": "C.UTF-8", "LANGUAGE": "zh_CN"], glibcFollowsLanguageInCUTF8),
            (["LANG": "zh_CN.UTF-8", "LC_ALL": "C"], false),
            (["LANG": "zh_TW.UTF-8"], false),
            ([:], false),
        ] as [([String: String], Bool)])
    func errorsFollowTheLocale(_ environment: [String: String], _ chinese: Bool) throws {
        let result = try CommandRunner.run(["timeline", "--width", "5"], environment: environment)
        #expect(result.status == 64)
        let expected =
            chinese
            ? "weibo-notifier timeline：--width 需要 20 到 1000 之间的整数，而不是“5”\n请运行 'weibo-notifier timeline --help' 查看帮助。\n"
            : "weibo-notifier timeline: --width takes a whole number from 20 to 1000, not '5'\nTry 'weibo-notifier timeline --help'.\n"
        #expect(result.standardError == expected)
    }

    @Test func aBrokenFileIsExplainedInChinese() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("weibo-notifier-\(UUID().uuidString).json")
        try Data(#"{"statuses": {"id": "x"}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CommandRunner.run(["timeline", "--file", file.path], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("weibo-notifier：\(file.path) 不是首页时间线的应答：在 statuses："), "\(result.standardError)")
        // One status that cannot be read is counted, not the page refused.
        try Data(#"{"statuses": [{"id": "x"}]}"#.utf8).write(to: file)
        let one = try CommandRunner.run(["timeline", "--file", file.path], environment: ["LANG": "zh_CN.UTF-8"])
        #expect(one.status == 0)
        #expect(one.standardError == "weibo-notifier：1 条微博无法读取\n")
    }

    @Test func theDaemonSpeaksChinese() throws {
        let setup = try DaemonTests.Setup()
        setup.extraEnvironment = ["LANG": "zh_CN.UTF-8"]
        let watcher = try setup.bus.startTrayWatcher()
        defer { watcher.stop(SIGKILL) }
        setup.sandbox.control("/_sandbox/statuses", [("count", "2")])
        try setup.startWithOneBubble("/_sandbox/counts", [("cmt", "1")])
        let bubble = try #require(setup.bus.notifications().first)
        #expect(bubble.summary == "微博")
        #expect(bubble.body == "2 条新微博 · 1 条新评论")
        #expect(bubble.actions == ["default", "查看", "mark-read", "全部已读", "open-weibo", "打开微博"])

        let item = "org.kde.StatusNotifierItem-\(setup.daemon?.processIdentifier ?? 0)-1"
        #expect(waitUntil { setup.bus.registeredTrayItems().contains(item) })
        let layout = setup.bus.gdbus(["call", "-d", item, "-o", "/MenuBar", "-m", "com.canonical.dbusmenu.GetLayout", "--", "0", "-1", "[]"])
        for label in ["查看最新微博", "全部已读", "立即检查", "打开微博", "暂停通知", "1 小时", "直到明天", "恢复", "退出"] {
            #expect(layout.contains("'label': <'\(label)'>"), "\(label)")
        }
        let tooltip = setup.bus.gdbus([
            "call", "-d", item, "-o", "/StatusNotifierItem", "-m", "org.freedesktop.DBus.Properties.Get",
            "org.kde.StatusNotifierItem", "ToolTip",
        ])
        #expect(tooltip.contains("2 条新微博"), "\(tooltip)")

        let status = try CommandRunner.run(["status"], environment: setup.bus.environment.merging(["LANG": "zh_CN.UTF-8"]) { $1 })
        #expect(status.lines.first?.hasPrefix("正在运行（pid") == true, "\(status.lines)")
        #expect(status.lines.first?.hasSuffix("状态 正常") == true, "the state in Chinese too: \(status.lines)")
        #expect(status.lines.last == "未读：2 条新微博 · 1 条新评论")

        // A failed check: `status` words its kind in its own language, whatever the daemon's.
        setup.sandbox.control("/_sandbox/faults", [("kind", "html502")])
        #expect(setup.bus.checkNow())
        #expect(waitUntil { setup.bus.daemonStatus()["state"] == "'offline'" })
        let english = try CommandRunner.run(["status"], environment: setup.bus.environment.merging(["LANG": "C"]) { $1 })
        #expect(english.lines.first?.hasSuffix("state offline") == true, "\(english.lines)")
        #expect(english.lines.contains { $0.hasPrefix("last error: Weibo could not be reached, or answered badly (") }, "\(english.lines)")
        let chinese = try CommandRunner.run(["status"], environment: setup.bus.environment.merging(["LANG": "zh_CN.UTF-8"]) { $1 })
        #expect(chinese.lines.first?.hasSuffix("状态 离线") == true, "\(chinese.lines)")
        #expect(chinese.lines.contains { $0.contains("无法连接微博，或微博的回应有误") }, "\(chinese.lines)")
        #expect(setup.bus.checkNow())
        #expect(waitUntil { setup.bus.daemonStatus()["state"] == "'ok'" })

        setup.bus.invokeAction(id: setup.bus.id(ofNotification: 0), key: "default")
        #expect(waitUntil { setup.bus.notifications().count == 2 })
        let summary = try #require(setup.bus.notifications().last)
        #expect(summary.summary == "最新 2 条微博")
        #expect(summary.actions == ["open-weibo", "打开微博"])
        #expect(setup.stop() == 0)
    }
}
