import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// While the network monitor says offline, no check leaves: the timer goes on at the interval
/// without backoff, a check or refresh asked for hears "offline", and the network's return
/// checks at once; a reply typed meanwhile is kept for `replies --retry`. A sandbox on this
/// machine needs no network.
@Suite struct OfflineTests {
    func driver(needsNetwork: Bool = true) -> NotifierDriver {
        var settings = NotifierSettings(interval: 60)
        settings.needsNetwork = needsNetwork
        var driver = NotifierDriver(settings: settings, mode: .single)
        driver.start()
        return driver
    }

    func starts(_ effects: [NotifierEffect]) -> Int { effects.filter { $0 == .startPoll }.count }

    @Test func offlineNoCheckLeavesUntilTheNetworkIsBack() {
        var driver = driver()
        #expect(driver.send(.networkChanged(false, at: driver.now)).isEmpty)
        var requests = 0
        for _ in 0..<10 {
            driver.advance(60)
            let effects = driver.send(.pollTimerFired(at: driver.now))
            requests += starts(effects)
            #expect(effects.contains(.schedulePoll(at: driver.now.adding(60))), "the next tick a whole interval on: \(effects)")
        }
        requests += starts(driver.send(.checkRequested(at: driver.now)))
        let refresh = driver.send(.refreshRequested(RequestID(3), at: driver.now))
        requests += starts(refresh)
        #expect(refresh.contains(.finishRequest(RequestID(3), failure: "offline")), "\(refresh)")
        let items = driver.send(.itemsRequested(.posts, count: 20, at: driver.now))
        #expect(!items.contains { if case .fetchPopupItems = $0 { true } else { false } }, "the popup's posts wait too: \(items)")
        #expect(items.contains { if case .answerPopupItems(.posts, let answer) = $0 { answer.failure?.kind == .transient } else { false } })
        #expect(requests == 0, "ten minutes offline, no request")
        #expect(driver.notifier.status(at: driver.now).phase == .offline)
        driver.advance(5)
        #expect(starts(driver.send(.networkChanged(true, at: driver.now))) == 1, "back: a check at once")
    }

    @Test func aReplyTypedOfflineIsKeptWithoutSpendingACall() {
        var driver = driver()
        driver.send(.networkChanged(false, at: driver.now))
        let reply = ReplyRequest(commentID: 9, statusID: 4, text: "谢谢", authorName: "王五")
        let spent = driver.notifier.state.detailCalls.spent(on: driver.now)
        let effects = driver.send(.replyRequested(reply, at: driver.now))
        #expect(effects == [.keepUnsentReply(reply, reason: "offline")], "\(effects)")
        #expect(driver.notifier.state.detailCalls.spent(on: driver.now) == spent)
        driver.send(.networkChanged(true, at: driver.now))
        #expect(driver.send(.replyRequested(reply, at: driver.now)).contains(.sendReply(reply)), "back: it goes")
    }

    @Test func aSandboxOnThisMachineIsCheckedWhateverTheMonitorSays() {
        var driver = driver(needsNetwork: false)
        driver.send(.networkChanged(false, at: driver.now))
        driver.advance(60)
        #expect(starts(driver.send(.pollTimerFired(at: driver.now))) == 1)
    }

    /// Table: whether the monitor says online, whether the API needs the network → whether a
    /// request (a check, a popup's picture) may leave.
    @Test(arguments: [(true, true, true), (false, true, false), (true, false, true), (false, false, true)])
    func aRequestMayLeaveOnlineOrToThisMachine(_ online: Bool, _ needsNetwork: Bool, _ mayLeave: Bool) {
        var driver = driver(needsNetwork: needsNetwork)
        driver.send(.networkChanged(online, at: driver.now))
        #expect(driver.notifier.mayUseNetwork == mayLeave)
    }
}
