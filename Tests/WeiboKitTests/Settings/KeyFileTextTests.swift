import Testing
import WeiboKit

/// One key changed, every other line as the user wrote it.
@Suite struct KeyFileTextTests {
    static let written = """
        # my notes
        [weibo]
        app_key = 123   
        colour=red

        [notifier]
        # check often
        interval = 120
        #quiet_hours=
        [extras]
        x=1
        """

    @Test func aKeyWithALineIsReplacedInPlace() {
        var text = KeyFileText(Self.written)
        text.set(group: "notifier", key: "interval", value: "45")
        #expect(text.text == Self.written.replacing("interval = 120", with: "interval=45") + "\n")
    }

    @Test func aKeyWithoutOneGoesAfterItsCommentedLineOrAtTheEndOfItsGroup() {
        var text = KeyFileText(Self.written)
        text.set(group: "notifier", key: "quiet_hours", value: "22:00-07:00")
        text.set(group: "weibo", key: "token_store", value: "file")
        #expect(
            text.lines == [
                "# my notes", "[weibo]", "app_key = 123   ", "colour=red", "token_store=file", "", "[notifier]", "# check often",
                "interval = 120", "#quiet_hours=", "quiet_hours=22:00-07:00", "[extras]", "x=1",
            ])
    }

    @Test func aMissingGroupIsAddedAtTheEnd() {
        var text = KeyFileText("# nothing yet\n")
        text.set(group: "notifier", key: "bubbles", value: "single")
        #expect(text.text == "# nothing yet\n\n[notifier]\nbubbles=single\n")
        var empty = KeyFileText("")
        empty.set(group: "weibo", key: "app_key", value: "1")
        #expect(empty.text == "[weibo]\napp_key=1\n")
    }

    @Test func theLastLineOfAKeyIsTheOneChangedAndUnsetRemovesEvery() {
        var text = KeyFileText("[notifier]\ninterval=60\ninterval=90\n[weibo]\ninterval=1\n")
        text.set(group: "notifier", key: "interval", value: "45")
        #expect(text.text == "[notifier]\ninterval=60\ninterval=45\n[weibo]\ninterval=1\n", "GLib reads the last")
        let removed = text.unset(group: "notifier", key: "interval")
        #expect(removed && text.text == "[notifier]\n[weibo]\ninterval=1\n", "the other group's key stays")
        let again = text.unset(group: "notifier", key: "interval")
        #expect(!again)
    }

    /// "\r\n" is one `Character`: escaped scalar by scalar, a pasted line break cannot end the
    /// value's line and add a setting.
    @Test(arguments: [
        ("9\r\n[notifier]\r\ninterval=31", "app_key=9\\r\\n[notifier]\\r\\ninterval=31"),
        ("2975361648\r\n", "app_key=2975361648\\r\\n"),
        ("a\rquiet_hours=00:00-23:59", "app_key=a\\rquiet_hours=00:00-23:59"),
        ("\n\n", "app_key=\\n\\n"),
        ("e\u{301}\r\n", "app_key=e\u{301}\\r\\n"),
    ])
    func aLineBreakInAValueStaysInItsLine(_ value: String, _ line: String) {
        var text = KeyFileText("[weibo]\n")
        text.set(group: "weibo", key: "app_key", value: value)
        #expect(text.lines == ["[weibo]", line])
        #expect(KeyFileText(text.text).lines.count == 2, "one line for the value")
    }

    @Test func valuesAreEscapedAsGLibWritesThem() {
        var text = KeyFileText("[weibo]\n")
        text.set(group: "weibo", key: "app_key", value: " a\\b\nc\td")
        #expect(text.lines == ["[weibo]", "app_key=\\sa\\\\b\\nc\\td"])
    }

    @Test func aTranslatedKeyIsAnotherKey() {
        var text = KeyFileText("[notifier]\nname[zh_CN]=x\n")
        text.set(group: "notifier", key: "name", value: "y")
        #expect(text.lines == ["[notifier]", "name[zh_CN]=x", "name=y"])
    }
}
