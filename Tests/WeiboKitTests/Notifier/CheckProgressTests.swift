import Testing
import WeiboKit

/// How the checks go, on its own: a failure counts and is kept, an answer clears them.
@Suite struct CheckProgressTests {
    @Test func failuresCountUntilAnAnswerClearsThem() {
        var checks = CheckProgress(interval: 60)
        #expect(checks.phase == .starting && checks.completed == 0)
        for (index, failure) in [PollFailure(.transient, "HTTP 502"), PollFailure(.refused, "Weibo error 20003")].enumerated() {
            checks.failed(failure)
            #expect(checks.failuresInARow == index + 1 && checks.completed == index + 1)
            #expect(checks.lastError == failure.message && checks.lastErrorKind == failure.kind && !checks.inFlight)
        }
        checks.answered()
        #expect(checks.failuresInARow == 0 && checks.completed == 3 && checks.phase == .ok)
        #expect(checks.lastError == nil && checks.lastErrorKind == nil && checks.offlineSince == nil)
    }
}
