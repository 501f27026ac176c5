import Testing
import WeiboKit

@Suite struct MessageFormatTests {
    @Test(arguments: [
        ("%d new posts", ["3"], "3 new posts"),
        ("cannot read %s: %s", ["/tmp/x", "No such file"], "cannot read /tmp/x: No such file"),
        // A translation may put the arguments in another order.
        ("%2$s 读取 %1$s 失败", ["/tmp/x", "昨天"], "昨天 读取 /tmp/x 失败"),
        ("100%% done", [], "100% done"),
        ("%s%%", ["50"], "50%"),
        // Left alone: what is not a placeholder, and a missing argument is empty.
        ("50% off %x", [], "50% off %x"),
        ("%s and %s", ["one"], "one and "),
        ("no placeholders", ["unused"], "no placeholders"),
        ("trailing %", [], "trailing %"),
        ("微博 %s · 刚刚", ["8"], "微博 8 · 刚刚"),
    ])
    func fillsPlaceholders(_ template: String, _ arguments: [String], _ expected: String) {
        #expect(MessageFormat.format(template, arguments) == expected)
    }

    @Test func withoutACatalogMessagesAreTheirEnglishIds() {
        let localizer = Localizer()
        #expect(localizer.language == .english)
        #expect(localizer.tr("via %s", "Android") == "via Android")
        #expect(localizer.trn("%d new post", "%d new posts", 1, 1) == "1 new post")
        #expect(localizer.trn("%d new post", "%d new posts", 0, 0) == "0 new posts")
        #expect(localizer.trn("%d new post", "%d new posts", 2, 2) == "2 new posts")
    }

    /// Found by fuzzing (Fuzz/corpus/messageformat/crash-long-position): a long run of digits
    /// overflowed the position and trapped.
    @Test func aLongPositionIsNoCrash() {
        #expect(MessageFormat.format("%99999999999999999999s and %1$s", ["a"]) == "%99999999999999999999s and a")
        #expect(MessageFormat.format("%99999999999999999999$s and %1$s", ["a"]) == " and a")
    }

    /// Found by fuzzing (Fuzz/corpus/markup/crash-control-characters): control characters made
    /// escaped text that Pango (GMarkup) refuses, blanking a bar's or a bubble's whole text.
    @Test func markupLeavesOutWhatItCannotHold() {
        #expect(Markup.escaped(";\u{1}\u{0}a&b\tc\nd\u{FFFE}") == ";a&amp;b\tc\nd")
    }
}
