import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// A token in a locked keyring: one bubble asks to unlock it, with the button that brings the
/// keyring's password window; the looks at each check raise no second one; whatever the keyring
/// answers next closes it.
@Suite struct KeyringWaitTests {
    static func unlockBubbles(_ effects: [NotifierEffect]) -> [Bubble] {
        effects.compactMap { if case .showTransient(let bubble) = $0, bubble.replacesTag == "keyring-locked" { bubble } else { nil } }
    }

    static func keyringClosed(_ effects: [NotifierEffect]) -> Bool {
        effects.contains(.closeTransient(tag: "keyring-locked"))
    }

    @Test func aLockedKeyringAtStartAsksOnceWithItsButton() throws {
        var driver = NotifierDriver()
        let started = driver.start(login: .waitingForKeyring, counts: nil)
        let bubbles = Self.unlockBubbles(started)
        try #require(bubbles.count == 1)
        #expect(bubbles[0].body == "Unlock your keyring to check Weibo")
        #expect(bubbles[0].actions.map(\.key) == ["unlock-keyring"])
        #expect(bubbles[0].actions.map(\.label) == ["Unlock…"])
        #expect(!bubbles[0].isTransient, "it stays in the desktop's list until the keyring answers")
        // The button: the login read again, the keyring's own window allowed.
        #expect(driver.send(.actionInvoked(.unlockKeyring, kind: .all, at: driver.now)) == [.unlockKeyring])
    }

    /// Each row: what the keyring said at the next reads; whether a second bubble came, and
    /// whether the first was closed at the end.
    @Test(
        arguments: [
            ("still locked at every check", [Login.waitingForKeyring, .waitingForKeyring], false, false),
            ("unlocked: the login is read", [.waitingForKeyring, .valid(expiresAt: TestTime.now.adding(86_400 * 30))], false, true),
            ("the token was gone", [.missing(reason: "gone")], false, true),
            ("logged out meanwhile", [Login.none], false, true),
        ] as [(String, [Login], Bool, Bool)])
    func laterReads(_ name: String, _ reads: [Login], _ asksAgain: Bool, _ closes: Bool) {
        var driver = NotifierDriver()
        driver.start(login: .waitingForKeyring, counts: nil)
        var later: [NotifierEffect] = []
        for login in reads {
            driver.advance(60)
            later += driver.send(.pollTimerFired(at: driver.now))
            later += driver.send(.loginChanged(login, at: driver.now))
        }
        #expect(!Self.unlockBubbles(later).isEmpty == asksAgain, "\(name)")
        #expect(Self.keyringClosed(later) == closes, "\(name)")
    }

    @Test func aKeyringThatLocksAgainAsksAgain() {
        var driver = NotifierDriver()
        driver.start(login: .waitingForKeyring, counts: nil)
        driver.send(.loginChanged(driver.validLogin, at: driver.now))
        #expect(Self.unlockBubbles(driver.send(.loginChanged(.waitingForKeyring, at: driver.now))).count == 1)
    }

    /// The keyring that did not answer (slow as the session starts, or locked) is read again
    /// 5 s later, then 10, 20, 40, then at each check (60 s); read at last, a later wait starts
    /// over at 5 s. Each row: the interval, and the gaps between the reads.
    @Test(arguments: [(60, [5.0, 10, 20, 40, 60, 60]), (300, [5, 10, 20, 40, 80, 160, 300, 300]), (2, [5, 5, 5])])
    func theKeyringIsReadAgainSoonThenAtEachCheck(_ interval: Int, _ gaps: [Double]) {
        var driver = NotifierDriver(settings: NotifierSettings(interval: interval))
        var effects = driver.start(login: .waitingForKeyring, counts: nil)
        var seen: [Double] = []
        for _ in gaps {
            guard let at = Self.plannedRead(effects) else { break }
            seen.append(at.seconds(since: driver.now))
            driver.advance(at.seconds(since: driver.now))
            #expect(driver.send(.pollTimerFired(at: driver.now)) == [.readLoginAgain])
            effects = driver.send(.loginChanged(.waitingForKeyring, at: driver.now))
        }
        #expect(seen == gaps)
        driver.send(.loginChanged(driver.validLogin, at: driver.now))
        let again = driver.send(.loginChanged(.waitingForKeyring, at: driver.now))
        #expect(Self.plannedRead(again).map { $0.seconds(since: driver.now) } == 5, "\(again)")
    }

    static func plannedRead(_ effects: [NotifierEffect]) -> Timestamp? {
        effects.compactMap { if case .schedulePoll(let at?) = $0 { at } else { nil } }.last
    }
}
