import Testing
import WeiboTestSupport

@testable import WeiboKit

/// The App Secret's row: where the secret is, what the row says in both languages, and what it
/// offers; a file is only ever the user's choice.
@Suite struct SecretKeepingTests {
    @Test(arguments: [
        (SecretKeeping.none, [SecretKeeping.Offer](), false, "Not kept yet"),
        (.keyring(locked: false), [], false, "Kept in the keyring."),
        (.keyring(locked: true), [], false, "which is locked"),
        (.file("/home/u/.config/weibo-notifier/config"), [.moveToKeyring], false, "in the configuration file"),
        (.waitingForKeyring, [.cancel], true, "Waiting for the keyring"),
        (.notKept(reason: "no Secret Service", cancelled: false), [.keepInFile], false, "no Secret Service"),
        (.notKept(reason: "", cancelled: true), [], false, "cancelled"),
    ])
    func eachPlaceIsSaidWithWhatItOffers(_ keeping: SecretKeeping, _ offers: [SecretKeeping.Offer], _ waiting: Bool, _ said: String) {
        #expect(keeping.offers == offers)
        #expect(keeping.isWaiting == waiting)
        #expect(keeping.words(Localizer()).contains(said), "\(keeping.words(Localizer()))")
        let chinese = keeping.words(Localizer.testing(.chinese))
        #expect(chinese.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "translated: \(chinese)")
    }

    @Test(arguments: [
        ("s3cret", nil as Bool?, false, SecretKeeping.file("/c")),
        ("s3cret", true, false, .file("/c")),
        ("", true, false, .keyring(locked: false)),
        ("", nil, true, .keyring(locked: true)),
        ("", false, false, .none),
        ("", nil, false, .none),
    ])
    func theSecretIsFoundWhereItIs(_ fileValue: String, _ inKeyring: Bool?, _ locked: Bool, _ expected: SecretKeeping) {
        #expect(SecretKeeping.found(fileValue: fileValue, path: "/c", inKeyring: inKeyring, locked: locked) == expected)
    }

    /// Only the user's choice writes a file: no state offers it without a failure to say.
    @Test func aFileIsOfferedOnlyWhenTheKeyringCouldNot() {
        let all: [SecretKeeping] = [
            .none, .keyring(locked: false), .keyring(locked: true), .file("/c"), .waitingForKeyring, .notKept(reason: "x", cancelled: true),
        ]
        #expect(all.allSatisfy { !$0.offers.contains(.keepInFile) })
    }
}
