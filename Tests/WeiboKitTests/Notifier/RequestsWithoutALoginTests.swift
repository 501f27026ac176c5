import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// What the user asks for when no check can be made (no login, an expired one, a locked
/// keyring), and before the notifier has the account's state at all.
@Suite struct RequestsWithoutALoginTests {
    /// A refresh that could not check marks nothing and says why (it marked everything and
    /// answered success).
    @Test(arguments: [
        (Login.none, "not logged in"),
        (.missing(reason: "the account file is not valid"), "the account file is not valid"),
        (.waitingForKeyring, "waiting for the keyring"),
    ])
    func aRefreshThatCannotCheckMarksNothingAndSaysWhy(_ login: Login, _ why: String) {
        var driver = NotifierDriver()
        driver.start(counts: UnreadCounts(cmt: 2, dm: 1))
        driver.send(.loginChanged(login, at: driver.now))
        let effects = driver.send(.refreshRequested(RequestID(2), at: driver.now))
        #expect(effects.contains(.finishRequest(RequestID(2), failure: why)), "\(effects)")
        #expect(!effects.contains(.finishRequest(RequestID(2), failure: nil)))
        #expect(!effects.closes)
        #expect(driver.notifier.state.baseline == UnreadCounts(), "nothing marked")
    }

    /// The login runs out as the refresh asks: one answer, a failure, and nothing marked.
    @Test func aRefreshWhoseLoginRunsOutMarksNothing() {
        var driver = NotifierDriver()
        driver.start(login: .valid(expiresAt: driver.now.adding(90)), counts: UnreadCounts(dm: 1))
        driver.advance(120)
        let effects = driver.send(.refreshRequested(RequestID(3), at: driver.now))
        let answers = effects.filter { if case .finishRequest = $0 { true } else { false } }
        #expect(answers == [.finishRequest(RequestID(3), failure: "the login expired")])
        #expect(driver.notifier.unread == UnreadCounts(dm: 1))
    }

    /// A tray or D-Bus `Pause`, a `Refresh`, a `MarkRead` in the first moments, before the saved
    /// state and the login are read: they wait for them, and then act on the loaded state
    /// (a pause was saved over an empty state and lost; a refresh answered "done").
    @Test func requestsBeforeTheStartWaitForIt() throws {
        var driver = NotifierDriver()
        #expect(driver.send(.pauseRequested(seconds: 3600, at: driver.now)).isEmpty)
        #expect(driver.send(.refreshRequested(RequestID(1), at: driver.now)).isEmpty, "not answered yet")
        var saved = UnreadState()
        saved.baseline = UnreadCounts(cmt: 5)
        let started = driver.send(.started(saved, login: driver.validLogin, at: driver.now.adding(1)))
        #expect(started.startsPoll)
        let paused = try #require(driver.notifier.state.pausedUntil)
        #expect(paused == driver.now.adding(3600), "the pause counts from when it was asked")
        #expect(driver.notifier.state.baseline == UnreadCounts(cmt: 5), "the saved state, not an empty one")
        #expect(started.contains { if case .save(let state) = $0 { state.pausedUntil == paused } else { false } }, "saved with the pause")
        let answered = driver.send(.pollSucceeded(UnreadCounts(cmt: 7), at: driver.now))
        #expect(answered.contains(.finishRequest(RequestID(1), failure: nil)), "answered after its check")
    }
}
