import Testing
import WeiboKit

/// A status bar's clicks: what each button asks of the notifier, and i3blocks' click lines.
@Suite struct StatusBarClickTests {
    @Test(arguments: [
        (#"{"name":"weibo","instance":"","button":1,"x":1700,"y":10}"#, StatusBarClick.openPopup),
        (#"{"button":2}"#, .checkNow),
        (#"{"name":"weibo","button":3,"modifiers":["Shift"]}"#, .markRead),
    ])
    func aButtonAsksItsRequest(_ line: String, _ click: StatusBarClick) {
        #expect(StatusBarClick(i3blocksLine: line) == click)
    }

    @Test(arguments: [
        #"{"name":"weibo","button":4}"#, #"{"button":5}"#, #"{"button":"1"}"#, #"{"button":1.5}"#, #"{"name":"weibo"}"#, "[1]", "button 1", "",
        #"{"button":99999999999999999999999}"#,
    ])
    func anythingElseAsksNothing(_ line: String) {
        #expect(StatusBarClick(i3blocksLine: line) == nil)
    }

    @Test func theRequestsAreTheNotifiersMethods() {
        #expect(StatusBarClick.openPopup.method.name == "ShowPopup" && StatusBarClick.openPopup.method.argument == "posts")
        #expect(StatusBarClick.checkNow.method.name == "CheckNow" && StatusBarClick.checkNow.method.argument == nil)
        #expect(StatusBarClick.markRead.method.name == "MarkRead")
        #expect(StatusBarClick(i3blocksLine: #"{"button":1,"x":"#) == nil, "cut off")
        #expect(StatusBarClick(i3blocksLine: "{\"button\":1,\"pad\":\"" + String(repeating: "x", count: 5000) + "\"}") == nil, "too long")
    }
}
