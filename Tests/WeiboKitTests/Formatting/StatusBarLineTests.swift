import Foundation
import Testing
import WeiboKit
import WeiboTestSupport

@Suite struct StatusBarLineTests {
    let unread = UnreadCounts(status: 3, cmt: 2, dm: 1)

    func line(_ format: StatusBarLine.Format, _ states: [StatusBarLine.State] = [.urgent, .unread], language: Language = .english) -> String {
        let counts = states.contains(.unread) ? unread : UnreadCounts()
        return StatusBarLine(format: format, localizer: Localizer.testing(language)).line(unread: counts, states: states)
    }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func everyFormat() throws {
        #expect(line(.plain) == "Weibo 6")
        #expect(line(.polybar) == "Weibo 6", "no colour tags unless asked")
        #expect(line(.plain, language: .chinese) == "微博 6")
        #expect(line(.plain, [.offline]) == "Weibo offline")
        #expect(line(.plain, [.loginNeeded]) == "Weibo login needed")

        let waybar = try object(line(.waybar))
        #expect(waybar["text"] as? String == "Weibo 6")
        #expect(waybar["tooltip"] as? String == "3 new posts\n2 comments\n1 new private message")
        #expect(waybar["class"] as? [String] == ["urgent", "unread"])
        #expect(waybar["alt"] as? String == "urgent")
        #expect(waybar["percentage"] == nil)
        let none = try object(line(.waybar, [.none]))
        #expect(none["class"] as? [String] == ["none"] && none["tooltip"] as? String == "Nothing new")

        let block = try object(line(.i3blocks))
        #expect(block["full_text"] as? String == "Weibo 6")
        #expect(block["short_text"] as? String == "6")
        #expect(block["color"] as? String == "#FF8200")
        #expect(block["urgent"] as? Bool == true, "a direct message is urgent")
        let expired = try object(line(.i3blocks, [.loginNeeded]))
        #expect(expired["color"] as? String == "#FF0000" && expired["urgent"] as? Bool == false)
        let zero = try object(line(.i3blocks, [.none]))
        #expect(zero["color"] == nil, "no hard-coded colour at zero: the bar's own shows")

        let json = try object(line(.json))
        #expect(json["total"] as? Int == 6 && json["status"] as? Int == 3 && json["dm"] as? Int == 1)
        #expect(json["state"] as? String == "urgent" && json["states"] as? [String] == ["urgent", "unread"])
    }

    /// The states for what the notifier says: the main one first, then every other that holds.
    @Test(arguments: [
        (UnreadCounts(), NotifierStatus(phase: .ok), ["none"]),
        (UnreadCounts(status: 2), NotifierStatus(phase: .ok), ["unread"]),
        (UnreadCounts(status: 2, mentionStatus: 1), NotifierStatus(phase: .ok), ["urgent", "unread"]),
        (UnreadCounts(status: 2), NotifierStatus(phase: .ok, paused: true), ["paused", "unread"]),
        (UnreadCounts(), NotifierStatus(phase: .ok, quiet: true, doNotDisturb: true), ["dnd", "quiet"]),
        // One failed check keeps the count as it was; three make it stale.
        (UnreadCounts(status: 2), NotifierStatus(phase: .offline, failuresInARow: 1), ["unread"]),
        (UnreadCounts(status: 2), NotifierStatus(phase: .offline, failuresInARow: 3), ["stale", "unread"]),
        // Offline only when the network monitor says so.
        (UnreadCounts(status: 2), NotifierStatus(phase: .offline, failuresInARow: 1, networkAvailable: false), ["offline", "unread"]),
        (UnreadCounts(dm: 1), NotifierStatus(phase: .rateLimited, failuresInARow: 1), ["rate-limited", "unread", "urgent"]),
        (UnreadCounts(), NotifierStatus(phase: .loginExpired), ["login-needed"]),
        (UnreadCounts(), NotifierStatus(phase: .notLoggedIn), ["login-needed"]),
        (UnreadCounts(), NotifierStatus(phase: .waitingForKeyring), ["stale"]),
    ])
    func statesFollowTheNotifier(_ unread: UnreadCounts, _ status: NotifierStatus, _ expected: [String]) {
        let states = UnreadPresenter(localizer: Localizer()).barStates(unread, status: status)
        #expect(states.map(\.rawValue) == expected)
    }

    @Test func aStaleOrRateLimitedCountStillShows() throws {
        let lines = StatusBarLine(format: .waybar, localizer: Localizer())
        let stale = try object(lines.line(unread: UnreadCounts(status: 2), states: [.stale, .unread]))
        #expect(stale["text"] as? String == "Weibo 2" && stale["alt"] as? String == "stale")
        let limited = try object(lines.line(unread: UnreadCounts(status: 2), states: [.rateLimited, .unread]))
        #expect(limited["text"] as? String == "Weibo 2" && limited["class"] as? [String] == ["rate-limited", "unread"])
        var block = lines
        block.format = .i3blocks
        #expect(try object(block.line(unread: UnreadCounts(status: 2), states: [.stale, .unread]))["color"] as? String == "#888888")
    }

    @Test func hideZeroLeavesTheTextEmptyAtZeroOnly() throws {
        var lines = StatusBarLine(format: .waybar, localizer: Localizer())
        lines.hideZero = true
        let zero = try object(lines.line(unread: UnreadCounts(), states: [.none]))
        #expect(zero["text"] as? String == "" && zero["class"] as? [String] == ["none"])
        #expect(try object(lines.line(unread: UnreadCounts(), states: [.paused]))["text"] as? String == "", "a pause at zero hides too")
        #expect(lines.line(unread: UnreadCounts(), states: [.offline]).contains("Weibo offline"), "a state that needs the user still shows")
        for format in [StatusBarLine.Format.plain, .polybar] {
            lines.format = format
            #expect(lines.line(unread: UnreadCounts(), states: [.none]) == "")
            #expect(lines.line(unread: unread, states: [.unread]) == "Weibo 6")
        }
        lines.format = .i3blocks
        #expect(try object(lines.line(unread: UnreadCounts(), states: [.none]))["full_text"] as? String == "")
    }

    @Test(arguments: [
        ("{icon} {total}", [StatusBarLine.State.urgent, .unread], "🔔 6"),
        ("{posts}/{comments}/{mentions}/{messages}/{followers}", [.unread], "3/2/1/1/4"),
        ("{icon}", [.paused], "🔕"),
        ("{icon} {total}", [.stale, .unread], "⚠ 6"),
        ("微博 {total} 条", [.unread], "微博 6 条"),
    ])
    func theTextTemplate(_ template: String, _ states: [StatusBarLine.State], _ expected: String) {
        var lines = StatusBarLine(format: .plain, localizer: Localizer())
        lines.template = template
        let counts = states == [.paused] ? UnreadCounts() : UnreadCounts(status: 3, follower: 4, cmt: 2, dm: 1, mentionStatus: 1)
        let total = UnreadPresenter(localizer: Localizer()).total(counts)
        #expect(lines.line(unread: counts, states: states) == expected.replacingOccurrences(of: "6", with: String(total)))
    }

    /// A bar reads one line per update: a newline in the template (or a carriage return) is a
    /// space in every format, never a second line.
    @Test(arguments: [StatusBarLine.Format.plain, .polybar, .waybar, .i3blocks])
    func aTemplatesNewlineGivesOneLine(_ format: StatusBarLine.Format) {
        var lines = StatusBarLine(format: format, localizer: Localizer())
        lines.template = "Weibo\n{total}\r\nnew"
        let line = lines.line(unread: UnreadCounts(status: 2), states: [.unread])
        #expect(!line.contains("\n") && !line.contains("\r") && !line.contains("\\n"), "\(line)")
        #expect(line.contains("Weibo 2 new"), "\(line)")
    }

    @Test func unknownPlaceholdersAreFound() {
        #expect(StatusBarLine.unknownPlaceholder(in: "Weibo {total} {icon}") == nil)
        #expect(StatusBarLine.unknownPlaceholder(in: "{totl}") == "totl")
        #expect(StatusBarLine.unknownPlaceholder(in: "a { b") == nil)
    }

    @Test func coloursOnlyWhenAsked() throws {
        var lines = StatusBarLine(format: .polybar, localizer: Localizer())
        lines.polybarColors = true
        #expect(lines.line(unread: unread, states: [.unread]) == "%{F#FF8200}Weibo 6%{F-}")
        #expect(lines.line(unread: UnreadCounts(), states: [.loginNeeded]) == "%{F#FF0000}Weibo login needed%{F-}")
        #expect(lines.line(unread: UnreadCounts(), states: [.none]) == "Weibo 0", "no colour at zero")
        lines.format = .i3blocks
        lines.zeroColor = "#FFFFFF"
        #expect(try object(lines.line(unread: UnreadCounts(), states: [.none]))["color"] as? String == "#FFFFFF")
    }

    @Test func theJSONLineListsEachAccount() throws {
        let accounts = [
            StatusBarLine.AccountCounts(uid: "5712659759", screenName: "小明 \"x\"", unread: UnreadCounts(status: 2)),
            StatusBarLine.AccountCounts(uid: "5713659762", screenName: "", unread: UnreadCounts(dm: 1)),
        ]
        let text = StatusBarLine(format: .json, localizer: Localizer()).line(unread: UnreadCounts(status: 2, dm: 1), states: [.unread], accounts: accounts)
        let json = try object(text)
        let each = try #require(json["accounts"] as? [[String: Any]])
        #expect(each.count == 2)
        #expect(each[0]["uid"] as? String == "5712659759" && each[0]["screen_name"] as? String == "小明 \"x\"" && each[0]["total"] as? Int == 2)
        #expect(each[1]["dm"] as? Int == 1 && each[1]["total"] as? Int == 1)
        #expect(json["total"] as? Int == 3)
        let alone = StatusBarLine(format: .json, localizer: Localizer()).line(unread: UnreadCounts(), states: [.none])
        #expect(alone.hasSuffix(",\"accounts\":[]}"), "always there, empty when checking by itself")
    }

    @Test func hostileTextIsEscapedForEachTarget() throws {
        let hostile = "a & b <span color='red'>x</span> %{F#f00}red%{F-} \"quote\" \\ \n\u{1}"
        #expect(StatusBarLine.pangoEscaped(hostile).contains("&amp; b &lt;span color='red'&gt;x&lt;/span&gt;"))
        #expect(!StatusBarLine.pangoEscaped(hostile).contains("<"))
        #expect(StatusBarLine.polybarEscaped(hostile).contains("%%{F#f00}red%%{F-}"))
        let literal = StatusBarLine.jsonString(hostile)
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        #expect(decoded == [hostile], "the JSON string reads back as the text")
        #expect(!literal.contains("\n"), "one line")
        var lines = StatusBarLine(format: .waybar, localizer: Localizer())
        lines.template = "<b>{total}</b> & %{F#f00}"
        #expect(try object(lines.line(unread: unread, states: [.unread]))["text"] as? String == "&lt;b&gt;6&lt;/b&gt; &amp; %{F#f00}")
        lines.format = .polybar
        #expect(lines.line(unread: unread, states: [.unread]) == "<b>6</b> & %%{F#f00}")
    }
}
