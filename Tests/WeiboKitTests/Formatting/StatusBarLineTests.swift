import Foundation
import Testing
import WeiboKit
import WeiboTestSupport

@Suite struct StatusBarLineTests {
    let unread = UnreadCounts(status: 3, cmt: 2, dm: 1)

    func line(_ format: StatusBarLine.Format, _ state: StatusBarLine.State = .unread, language: Language = .english) -> String {
        StatusBarLine(format: format, localizer: Localizer.testing(language)).line(unread: state == .unread ? unread : UnreadCounts(), state: state)
    }

    @Test func everyFormat() throws {
        #expect(line(.plain) == "Weibo 6")
        #expect(line(.polybar) == "Weibo 6")
        #expect(line(.plain, language: .chinese) == "微博 6")
        #expect(line(.plain, .offline) == "Weibo offline")
        #expect(line(.plain, .loginExpired) == "Weibo login needed")

        let waybar = try #require(try JSONSerialization.jsonObject(with: Data(line(.waybar).utf8)) as? [String: String])
        #expect(waybar == ["text": "Weibo 6", "tooltip": "3 new posts\n2 comments\n1 message", "class": "unread", "alt": "unread"])
        let none = try #require(try JSONSerialization.jsonObject(with: Data(line(.waybar, .none).utf8)) as? [String: String])
        #expect(none["class"] == "none" && none["tooltip"] == "Nothing new")

        let block = try #require(try JSONSerialization.jsonObject(with: Data(line(.i3blocks).utf8)) as? [String: Any])
        #expect(block["full_text"] as? String == "Weibo 6")
        #expect(block["short_text"] as? String == "6")
        #expect(block["color"] as? String == "#FF8200")
        #expect(block["urgent"] as? Bool == true, "a direct message is urgent")
        let expired = try #require(try JSONSerialization.jsonObject(with: Data(line(.i3blocks, .loginExpired).utf8)) as? [String: Any])
        #expect(expired["color"] as? String == "#FF0000" && expired["urgent"] as? Bool == false)

        let json = try #require(try JSONSerialization.jsonObject(with: Data(line(.json).utf8)) as? [String: Any])
        #expect(json["total"] as? Int == 6 && json["status"] as? Int == 3 && json["dm"] as? Int == 1 && json["state"] as? String == "unread")
    }

    @Test func hideZeroLeavesTheTextEmptyAtZeroOnly() throws {
        var lines = StatusBarLine(format: .waybar, localizer: Localizer())
        lines.hideZero = true
        let zero = try #require(try JSONSerialization.jsonObject(with: Data(lines.line(unread: UnreadCounts(), state: .none).utf8)) as? [String: String])
        #expect(zero["text"] == "" && zero["class"] == "none")
        #expect(lines.line(unread: UnreadCounts(), state: .offline).contains("Weibo offline"), "a state still shows")
        lines.format = .plain
        #expect(lines.line(unread: UnreadCounts(), state: .none) == "")
        #expect(lines.line(unread: unread, state: .unread) == "Weibo 6")
    }

    @Test func theJSONLineListsEachAccount() throws {
        let accounts = [
            StatusBarLine.AccountCounts(uid: "5712659759", screenName: "小明 \"x\"", unread: UnreadCounts(status: 2)),
            StatusBarLine.AccountCounts(uid: "5713659762", screenName: "", unread: UnreadCounts(dm: 1)),
        ]
        let text = StatusBarLine(format: .json, localizer: Localizer()).line(unread: UnreadCounts(status: 2, dm: 1), state: .unread, accounts: accounts)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let each = try #require(json["accounts"] as? [[String: Any]])
        #expect(each.count == 2)
        #expect(each[0]["uid"] as? String == "5712659759" && each[0]["screen_name"] as? String == "小明 \"x\"" && each[0]["total"] as? Int == 2)
        #expect(each[1]["dm"] as? Int == 1 && each[1]["total"] as? Int == 1)
        #expect(json["total"] as? Int == 3)
        let alone = StatusBarLine(format: .json, localizer: Localizer()).line(unread: UnreadCounts(), state: .none)
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
    }
}
