import Foundation
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboTestSupport

/// The Chinese catalog through glibc's gettext, as the program reads it.
@Suite struct GettextCatalogTests {
    let chinese = Localizer.testing(.chinese)
    let english = Localizer.testing(.english)

    @Test func theChineseCatalogIsCompiledAndItsLocaleExists() {
        #expect(
            chinese.language == .chinese,
            "no Chinese: `make test` compiles po/zh_CN.po into .build/locale and `make deps` generates zh_CN.UTF-8")
    }

    static let phrases: [Localizer.Phrase] =
        [
            .justNow, .minutesAgo(5), .hoursAgo(3), .yesterday(at: "12:00"), .postedFrom("iPhone"), .repostButton,
            .commentButton, .likeButton, .unavailableRetweet, .pictures(3), .pictureMark, .nothingUnread, .appName,
            .showTimeline, .markAllRead, .openWeibo, .newestPosts(4), .summaryFailed("x"), .loginExpiredOnDesktop, .notLoggedInOnDesktop, .morePosts(2),
            .loginExpiresSoon(days: 0), .loginExpiresSoon(days: 3), .whileAway("x"), .checkedAt("12:00"),
            .offlineSince("12:00"), .offline, .loginNeeded, .doNotDisturb, .rateLimited,
        ] + UnreadCounter.allCases.flatMap { [Localizer.Phrase.unread($0, 1), .unread($0, 2)] }

    @Test(arguments: phrases)
    func everyPhraseHasItsChineseWords(_ phrase: Localizer.Phrase) {
        let text = chinese.text(phrase)
        #expect(text != english.text(phrase))
        #expect(text.unicodeScalars.contains { $0.value >= 0x3000 }, "\(text)")
    }

    /// The tray menu's items and the daemon's login words come from the one presenter, in
    /// Chinese too.
    @Test func theTraysAndTheLoginsWordsHaveTheirChinese() {
        let tray: [Localizer.TrayPhrase] = [
            .timeline, .checkNow, .logInFirst, .logInAfterExpiry, .settingsWindow, .pauseNotifications, .pauseForAnHour, .pauseUntilTomorrow,
            .resume, .quit,
        ]
        let login: [Localizer.LoginOutcome] = [.loggedIn(as: "王五"), .notLoggedIn(because: "x"), .noTerminal(run: "weibo-notifier login")]
        for text in tray.map({ (chinese.text($0), english.text($0)) }) + login.map({ (chinese.text($0), english.text($0)) }) {
            #expect(text.0 != text.1 && text.0.unicodeScalars.contains { $0.value >= 0x3000 }, "\(text)")
        }
        #expect(Set(tray.map { english.text($0) }).count == tray.count)
    }

    @Test func pluralsPlaceholdersAndTheirOrder() {
        #expect(chinese.text(.unread(.status, 1)) == "1 条新微博")
        #expect(chinese.text(.unread(.status, 3)) == "3 条新微博")
        #expect(english.text(.unread(.status, 1)) == "1 new post")
        #expect(english.text(.newestPosts(1)) == "The newest post")
        #expect(chinese.text(.newestPosts(1)) == "最新 1 条微博")
        // The translation puts the request before the error name.
        let error = APIError(code: 21327, error: "expired_token", request: "/2/remind/unread_count.json")
        #expect(error.explanation(chinese) == "微博对 /2/remind/unread_count.json 返回 expired_token（21327）：登录已失效；请重新运行 `weibo-notifier login`")
        #expect(error.explanation(english).hasPrefix("Weibo answered expired_token (21327) for /2/remind/unread_count.json:"))
        // A picture mark keeps its width in every language: the grid is drawn with it.
        #expect(DisplayWidth.of(chinese.text(.pictureMark)) == DisplayWidth.of(english.text(.pictureMark)))
    }

    /// What a broken document says, made in WeiboKit without a catalog, said in Chinese later.
    @Test(arguments: [
        (#"{"status": true}"#, "应答格式错误：在 status：应为整数或数字字符串"),
        (#"{"status": 1,"#, "应答格式错误：不是有效的 JSON（第 1 行第 14 列：文档意外结束）"),
        (#"{"status": 1} x"#, "应答格式错误：不是有效的 JSON（第 1 行第 15 列：文档后面有多余的内容）"),
        ("", "应答格式错误：应答为空"),
    ])
    func decodingProblemsAreSaidInChinese(_ json: String, _ expected: String) {
        do {
            _ = try WeiboJSON.decode(UnreadCounts.self, from: Array(json.utf8))
            Issue.record("decoded \(json)")
        } catch {
            #expect(error.explanation(chinese) == expected)
            #expect(!error.explanation(english).contains { $0.unicodeScalars.contains { $0.value >= 0x3000 } }, "\(error.explanation(english))")
        }
    }

    @Test(
        arguments: [
            ([:], nil), (["LANG": "C"], nil), (["LANG": "POSIX"], nil), (["LANG": "C.UTF-8"], nil),
            (["LANG": "zh_CN.UTF-8"], "zh_CN"), (["LANG": "zh_CN.GB18030@latin"], "zh_CN"),
            (["LANG": "zh_CN.UTF-8", "LC_ALL": "C"], nil), (["LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_TW.UTF-8"], "zh_TW"),
            (["LANG": "zh_CN.UTF-8", "LC_ALL": ""], "zh_CN"),
        ] as [([String: String], String?)])
    func theLanguageAskedForWhenTheLocaleIsMissing(_ environment: [String: String], _ language: String?) {
        #expect(Gettext.requestedLanguage(environment) == language)
    }

    /// Every `tr`/`trn` literal in the sources has a Chinese translation whose placeholders match.
    @Test func everyMessageOfTheSourcesIsTranslated() throws {
        let root = FixtureFiles.packageRoot().path
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("weibo-notifier-\(UUID().uuidString).pot").path
        defer { try? FileManager.default.removeItem(atPath: template) }
        let extract = toolRun("/usr/bin/python3", [root + "/Scripts/update-messages.py", "--pot", template])
        #expect(extract.status == 0, "\(extract.output)")
        let compare = toolRun("/usr/bin/msgcmp", [root + "/po/zh_CN.po", template])
        #expect(compare.status == 0, "untranslated: \(compare.output)")
        let check = toolRun("/usr/bin/msgfmt", ["--check", "--statistics", "-o", "/dev/null", root + "/po/zh_CN.po"])
        #expect(check.status == 0 && !check.output.contains("untranslated") && !check.output.contains("fuzzy"), "\(check.output)")
    }
}
