import Testing
import WeiboKit

/// The timing rules around the checks, as tables.
@Suite struct PollTimingTests {
    @Test(arguments: [(1, 1), (2, 1), (10, 9), (21, 20), (60, 20), (86_400, 20)])
    func aRequestEndsBeforeTheNextTick(_ interval: Int, _ timeout: Int) {
        #expect(PollTiming.requestTimeout(interval: interval) == timeout)
    }

    @Test(arguments: [(60, 5.0), (12, 1.0), (0, 0.0)])
    func accountsCheckATwelfthOfTheIntervalApart(_ interval: Int, _ stagger: Double) {
        #expect(PollTiming.stagger(interval: interval) == stagger)
    }

    @Test(arguments: [
        (29, false, false), (30, false, true), (86_400, false, true), (86_401, false, false),
        (1, true, true), (0, true, false), (29, true, true),
    ])
    func shortIntervalsOnlyAgainstASandbox(_ interval: Int, _ sandbox: Bool, _ allowed: Bool) {
        #expect(PollTiming.allows(interval: interval, sandbox: sandbox) == allowed)
    }

    @Test(arguments: [(1, nil), (2, "小明"), (5, "小明")] as [(Int, String?)])
    func bubblesNameTheAccountOnlyAmongSeveral(_ accounts: Int, _ name: String?) {
        #expect(AccountGroup.bubbleName("小明", accounts: accounts) == name)
    }
}
