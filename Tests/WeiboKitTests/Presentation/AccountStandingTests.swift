import Testing
import WeiboKit
import WeiboTestSupport

/// The Account page's words for one account and its "Log in again…", in each state: from the
/// saved login and what the running notifier says.
@Suite struct AccountStandingTests {
    static let now = TestTime.date(2026, 12, 1, 12, 0)
    static let running = AccountStanding.Notifier(phase: .ok, isThisAccount: true)

    static let cases: [(name: String, ends: Timestamp?, notifier: AccountStanding.Notifier?, state: AccountStanding.State, words: String)] = [
        ("logged in", TestTime.date(2031, 12, 4, 9, 30), running, .loggedIn, "uid 42 · the login runs out on 2031-12-04 09:30 · its token in the keyring"),
        ("no end given", nil, running, .loggedIn, "uid 42 · its token in the keyring"),
        (
            "runs out in 3 days", TestTime.date(2026, 12, 4, 13, 0), running, .expiresSoon(days: 3),
            "uid 42 · the login runs out on 2026-12-04 13:00 · its token in the keyring"
        ),
        (
            "expired by its date", TestTime.date(2026, 11, 30, 8, 0), running, .expiredByDate,
            "uid 42 · the login ran out on 2026-11-30 08:00 · its token in the keyring"
        ),
        (
            "rejected by Weibo before its date", TestTime.date(2031, 12, 4, 9, 30), .init(phase: .loginExpired, isThisAccount: true), .rejected,
            "uid 42 · Weibo no longer accepts this login · its token in the keyring"
        ),
        (
            "another account rejected", TestTime.date(2031, 12, 4, 9, 30), .init(phase: .loginExpired, isThisAccount: false), .loggedIn,
            "uid 42 · the login runs out on 2031-12-04 09:30 · its token in the keyring"
        ),
        (
            "offline", TestTime.date(2031, 12, 4, 9, 30), .init(phase: .offline, isThisAccount: true), .offline,
            "uid 42 · the login runs out on 2031-12-04 09:30 · unchecked: Weibo cannot be reached · its token in the keyring"
        ),
        (
            "the notifier not running", TestTime.date(2031, 12, 4, 9, 30), nil, .notRunning,
            "uid 42 · the login runs out on 2031-12-04 09:30 · unchecked: the notifier is not running · its token in the keyring"
        ),
        (
            "expired and not running", TestTime.date(2026, 11, 30, 8, 0), nil, .expiredByDate,
            "uid 42 · the login ran out on 2026-11-30 08:00 · its token in the keyring"
        ),
    ]

    @Test(arguments: cases.indices)
    func eachStateHasItsWordsAndOffer(_ index: Int) {
        let example = Self.cases[index]
        let standing = AccountStanding(
            uid: 42, expiresAt: example.ends, inKeyring: true, notifier: example.notifier, now: Self.now, zone: TestTime.zone, localizer: Localizer())
        #expect(standing.state == example.state, "\(example.name)")
        #expect(standing.words == example.words, "\(example.name)")
        let offered: Bool
        switch example.state {
        case .expiresSoon, .expiredByDate, .rejected: offered = true
        default: offered = false
        }
        #expect(standing.offersLogInAgain == offered, "\(example.name)")
    }

    @Test func theFileAndChineseHaveTheirWords() {
        let rejected = AccountStanding(
            uid: 42, expiresAt: nil, inKeyring: false, notifier: .init(phase: .loginExpired, isThisAccount: true), now: Self.now, zone: TestTime.zone,
            localizer: Localizer.testing(.chinese))
        #expect(rejected.words.hasPrefix("uid 42 · 微博") || rejected.words.contains("微博"), "\(rejected.words)")
        let english = AccountStanding(uid: 42, expiresAt: nil, inKeyring: false, notifier: nil, now: Self.now, zone: TestTime.zone, localizer: Localizer())
        #expect(english.words.hasSuffix("its token in the account file (0600)"))
    }
}
