import FoundationEssentials
import Testing
import WeiboDesktop
import WeiboKit
import WeiboSandbox
import WeiboTestSupport

/// The client against the sandbox on 127.0.0.1: every endpoint, every fault.
@Suite struct WeiboClientTests {
    @Test func unreadCountsFollowTheSandbox() throws {
        try SandboxHarness.run { harness in
            harness.api.addStatuses(3)
            _ = harness.api.handle(SandboxRequest(method: "POST", path: "/_sandbox/counts", parameters: ["cmt": "2", "dm": "1"]))
            let result = harness.wait { harness.client.unreadCounts(for: harness.account, completion: $0) }
            let counts = try #require(try result?.get())
            #expect(counts.status == 3)
            #expect(counts.cmt == 2)
            #expect(counts.dm == 1)
        }
    }
}
