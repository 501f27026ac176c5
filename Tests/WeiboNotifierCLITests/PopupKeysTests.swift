import Foundation
import Glibc
import Testing
import WeiboKit
import WeiboTestSupport

extension PopupWindowTests {
    /// What the keyboard does beyond the arrows, read through AT-SPI: Ctrl+F shows the search
    /// ("Search") and typing filters the rows, CJK too; Esc clears it, Esc again hides it, and
    /// a third closes the popup. F1 opens "Keyboard Shortcuts" over it. Ctrl+Enter on a comment
    /// opens the reply entry; Enter sends the reply through the notifier (the sandbox gets it),
    /// and the row says "replied". A whole comment's "Reply" button opens it too.
    @Test func searchShortcutsAndAReplyFromTheKeyboard() throws {
        let desktop = try PopupDesktop()
        let setup = desktop.setup
        setup.sandbox.control("/_sandbox/comments", [("count", "3")])
        try setup.start()
        let comments = try PopupDaemonTests.items(setup, "comments").comments
        desktop.call("ShowPopup", "comments")
        #expect(waitUntil(timeout: 45) { desktop.read().rows?.count == 3 }, "\(desktop.read())")
        desktop.pointAtPopup()
        #expect(waitUntil { desktop.read().rows?.first?.focused == true }, "\(desktop.read())")

        // No entry is made before one is used: no input method is loaded (IBus, 1.4 MiB).
        let popup = try #require(processes("weibo-notifier-popup.*--kind", having: "DISPLAY=\(desktop.display.name)").first)
        let maps = toolOutput("/bin/cat", ["/proc/\(popup)/maps"])
        #expect(!maps.contains("/immodules/") && !maps.contains("libibus"), "an input method is loaded")
        // A key that types no character starts no search; a letter starts one with it.
        desktop.key("Down")
        #expect(!desktop.read().entries.contains { $0.name == "Search" }, "\(desktop.read().entries)")
        desktop.key("q")
        #expect(waitUntil { desktop.read().entries.contains { $0.name == "Search" && $0.focused } }, "\(desktop.read().entries)")
        desktop.key("BackSpace")
        desktop.key("Escape")
        #expect(waitUntil { !desktop.read().entries.contains { $0.name == "Search" } }, "hidden: \(desktop.read().entries)")
        desktop.key("Up")

        // Search: the entry has the keyboard; the third comment's author leaves its row only.
        desktop.key("ctrl+f")
        #expect(waitUntil { desktop.read().entries.contains { $0.name == "Search" && $0.focused } }, "\(desktop.read().entries)")
        // Typed (an ASCII author, as keys), then as an input method gives CJK (a whole word).
        let script = FixtureFiles.packageRoot().appendingPathComponent("Tests/Support/atspi-popup.py").path
        let ascii = try #require(comments.first { $0.user?.screenName.allSatisfy(\.isASCII) == true }?.user?.screenName)
        toolOutput("/usr/bin/xdotool", ["type", "--delay", "20", ascii], environment: setup.environment)
        #expect(
            waitUntil { desktop.read().rows?.count == 1 && desktop.read().rows?.first?.name.hasPrefix(ascii) == true },
            "\(ascii): \(desktop.read()) \(desktop.read().entries)")
        let author = try #require(comments.last?.user?.screenName)
        #expect(toolOutput("/usr/bin/timeout", ["20", script, "settext", "Search", author], environment: setup.environment).contains("true"))
        #expect(
            waitUntil { desktop.read().rows?.count == 1 && desktop.read().rows?.first?.name.hasPrefix(author) == true },
            "\(author): \(desktop.read()) \(desktop.read().entries)")
        desktop.key("Escape")
        #expect(waitUntil { desktop.read().rows?.count == 3 }, "cleared: \(desktop.read())")
        desktop.key("Escape")
        #expect(waitUntil { !desktop.read().entries.contains { $0.name == "Search" } }, "hidden: \(desktop.read().entries)")
        #expect(desktop.read().window == "Weibo", "still open")

        // The shortcuts window, over the popup (which stays).
        desktop.key("F1")
        #expect(waitUntil { desktop.read().windows.contains("Keyboard Shortcuts") }, "\(desktop.read().windows)")
        // Esc closes it (no window manager here: the keyboard goes to it by hand).
        let shortcuts =
            toolOutput("/usr/bin/xdotool", ["search", "--onlyvisible", "--name", "^Keyboard Shortcuts$"], environment: setup.environment)
            .split(separator: "\n").first.map(String.init) ?? ""
        toolOutput("/usr/bin/xdotool", ["windowfocus", "--sync", shortcuts], environment: setup.environment)
        desktop.key("Escape")
        #expect(waitUntil { !desktop.read().windows.contains("Keyboard Shortcuts") && desktop.read().window == "Weibo" }, "\(desktop.read().windows)")

        // A reply to the first comment.
        desktop.pointAtPopup()
        #expect(waitUntil { desktop.read().rows?.first?.focused == true }, "\(desktop.read())")
        desktop.key("ctrl+Return")
        #expect(waitUntil { desktop.read().entries.contains { $0.name == "Reply" && $0.focused } }, "\(desktop.read().entries)")
        let text = "谢谢，popup reply \(getpid())"
        #expect(toolOutput("/usr/bin/timeout", ["20", script, "settext", "Reply", text], environment: setup.environment).contains("true"))
        desktop.key("Return")
        #expect(waitUntil { setup.sandbox.read("/_sandbox/replies").contains(text) }, "\(setup.sandbox.read("/_sandbox/replies"))")
        #expect(setup.sandbox.read("/_sandbox/replies").contains("\"cid\":\(comments[0].id)"), "an answer to that comment")
        #expect(waitUntil { desktop.read().rows?.first?.name.hasPrefix("replied; ") == true }, "\(desktop.read())")
        #expect(!desktop.read().entries.contains { $0.name == "Reply" }, "the entry closed: \(desktop.read().entries) \(desktop.read().labels ?? [])")

        // Replies typed key by key (they went to the search once): each reaches the sandbox,
        // the rows stay, no search starts.
        let typed = desktop.typeReplies(rows: 3)
        #expect(typed == 10, "\(typed) of 10 typed replies reached the sandbox with the rows intact: \(desktop.read().entries)")

        // The second comment made whole (Enter) has "Reply" under its text, right of the
        // avatar (10 px border, 35 px avatar, 10 px gap): a click opens the entry for it.
        func second() -> PopupDesktop.View.Row? { desktop.read().rows.flatMap { $0.count > 1 ? $0[1] : nil } }
        let compact = try #require(second())
        desktop.key("Down")
        desktop.key("Return")
        #expect(waitUntil { (second()?.height ?? 0) > compact.height }, "made whole, with its button: \(desktop.read())")
        let whole = try #require(second())
        desktop.click(x: whole.x + 10 + 35 + 10 + 12, y: whole.y + whole.height - 10 - 7)
        #expect(waitUntil { desktop.read().entries.contains { $0.name == "Reply" && $0.focused } }, "\(whole) \(desktop.read().entries)")
        #expect(toolOutput("/usr/bin/timeout", ["20", script, "settext", "Reply", text + " 2"], environment: setup.environment).contains("true"))
        desktop.key("Return")
        #expect(waitUntil { setup.sandbox.read("/_sandbox/replies").contains("\"cid\":\(comments[1].id)") }, "\(setup.sandbox.read("/_sandbox/replies"))")

        // Esc closes at last.
        desktop.key("Escape")
        #expect(waitUntil { desktop.read().window == nil })
    }
}

extension PopupWindowTests {
    /// A section seen (a second in front), then news: at the next open the new rows say "new"
    /// to a screen reader (and carry the accent bar), the ones seen before do not.
    @Test func rowsSinceTheLastLookAreMarkedNew() async throws {
        let desktop = try PopupDesktop()
        let setup = desktop.setup
        setup.sandbox.control("/_sandbox/statuses", [("count", "2")])
        try setup.start()
        desktop.call("ShowPopup", "posts")
        #expect(waitUntil(timeout: 45) { (desktop.read().rows?.count ?? 0) >= 2 }, "\(desktop.read())")
        #expect(desktop.read().rows?.allSatisfy { !$0.name.hasPrefix("new; ") } == true, "a first look marks nothing: \(desktop.read())")
        // The rule itself (a second in front) is the model's; here it is waited for once.
        try await Task.sleep(nanoseconds: 1_100_000_000)
        desktop.call("ShowPopup", "posts")
        #expect(waitUntil { desktop.read().window == nil })
        setup.sandbox.control("/_sandbox/statuses", [("count", "1")])
        #expect(setup.bus.checkNow())
        // The check's answer is in (the post counted): the notifier fetches the posts anew.
        #expect(waitUntil(timeout: 20) { setup.bus.daemonStatus()["status"] == "1" }, "\(setup.bus.daemonStatus())")
        desktop.call("ShowPopup", "posts")
        #expect(waitUntil(timeout: 45) { desktop.read().rows?.first?.name.hasPrefix("new; ") == true }, "\(desktop.read())")
        let marks = desktop.read().rows?.map { $0.name.hasPrefix("new; ") } ?? []
        #expect(marks.first == true && marks.dropFirst().allSatisfy { !$0 } && marks.count > 1, "only the news: \(desktop.read())")
        desktop.shot("popup-new-since-last-look")
    }
}
