import Testing
import WeiboKit
import WeiboTestSupport

/// A keyring's refusal in words: KWallet's missing encryption named with the package for the
/// KWallet that runs, anything else in the keyring's own words.
@Suite struct KeyringRefusalTests {
    static let kwalletMessage = "createDLGroup failed: maybe libqca-ossl is missing"
    static let qt6 = "install libqca-qt6-plugins, then log out and in again (KWallet loads its plugins at its start)"
    static let both =
        "install libqca-qt6-plugins (KWallet 6) or libqca-qt5-2-plugins (KWallet 5), then log out and in again (KWallet loads its plugins at its start)"

    static let cases: [(name: String, message: String, provider: String?, packages: [String]?, fix: String?)] = [
        ("KWallet 6", kwalletMessage, "kwalletd6", ["libqca-qt6-plugins"], qt6),
        (
            "KWallet 5", kwalletMessage, "kwalletd5", ["libqca-qt5-2-plugins"],
            "install libqca-qt5-2-plugins, then log out and in again (KWallet loads its plugins at its start)"
        ),
        ("KWallet, its program unknown", kwalletMessage, nil, ["libqca-qt6-plugins", "libqca-qt5-2-plugins"], both),
        ("another program saying the same", kwalletMessage, "ksecretd", ["libqca-qt6-plugins", "libqca-qt5-2-plugins"], both),
        ("GNOME Keyring's NoSession", "The session does not exist", "gnome-keyring-daemon", nil, nil),
        ("no collection", "No such object path '/org/freedesktop/secrets/aliases/default'", "keepassxc", nil, nil),
    ]

    @Test(arguments: cases.indices)
    func eachRefusalSaysWhyAndWhatToDo(_ index: Int) {
        let example = Self.cases[index]
        let refusal = KeyringRefusal(message: example.message, provider: example.provider)
        let localizer = Localizer()
        if let packages = example.packages {
            guard case .cannotEncrypt(let named) = refusal else {
                Issue.record("\(example.name): \(refusal)")
                return
            }
            #expect(named.map(\.name) == packages, "\(example.name)")
            #expect(refusal.why(localizer) == "KWallet cannot encrypt the session a secret travels in: its QCA plugins are missing")
        } else {
            #expect(refusal == .other(example.message), "\(example.name)")
            #expect(refusal.why(localizer) == "the keyring: " + example.message, "\(example.name)")
        }
        #expect(refusal.fix(localizer) == example.fix, "\(example.name)")
        #expect(refusal.text(localizer) == (example.fix.map { refusal.why(localizer) + "; " + $0 } ?? refusal.why(localizer)), "\(example.name)")
    }

    /// Beside "Logged in as …": only KWallet's missing encryption, with the file the token went to.
    @Test(arguments: cases.indices)
    func aLoginSaysOnlyWhatTheUserCanMend(_ index: Int) {
        let example = Self.cases[index]
        let refusal = KeyringRefusal(message: example.message, provider: example.provider)
        let note = refusal.loginNote(file: "/home/u/.config/weibo-notifier/accounts.json", Localizer())
        if example.packages == nil {
            #expect(note == nil, "\(example.name)")
        } else {
            #expect(
                note
                    == "The keyring did not keep the token: \(refusal.text(Localizer())). It is kept in /home/u/.config/weibo-notifier/accounts.json, readable by you only.",
                "\(example.name)")
        }
    }

    @Test func chineseSaysItInChinese() {
        let refusal = KeyringRefusal(message: Self.kwalletMessage, provider: "kwalletd6")
        let words = refusal.text(Localizer.testing(.chinese))
        #expect(words.contains("libqca-qt6-plugins") && words.contains("KWallet") && !words.contains("install"), "\(words)")
    }
}
