import Foundation
import Testing
import WeiboTestSupport

/// `weibo-notifier sandbox`, run as the demo and the benchmarks run it.
@Suite struct SandboxCommandTests {
    /// Bug: every `sandbox --tls` left its folder, with a private key, in the runtime or
    /// temporary folder (322 of them in /tmp after a day of tests). Stopped, it removes them.
    @Test func aStoppedSandboxLeavesNoKeyBehind() throws {
        let sandbox = try SandboxProcess(arguments: ["--new-status-every", "0", "--tls"])
        let caFile = try #require(sandbox.caFile)
        let folder = (caFile as NSString).deletingLastPathComponent
        #expect(FileManager.default.fileExists(atPath: folder + "/key.pem"))
        #expect(sandbox.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: folder), "\(folder) is left")
    }
}
