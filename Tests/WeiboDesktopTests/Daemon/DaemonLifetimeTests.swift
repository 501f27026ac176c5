import Foundation
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboSandbox
import WeiboTestSupport

/// The GLib shell owns its callbacks: once the program lets go of the daemon and its host,
/// nothing GLib holds keeps them alive (no source, subscription or box left behind).
@Suite(.serialized, .endToEnd) struct DaemonLifetimeTests {
    final class Lines {
        var all: [String] = []
    }

    @Test func theShellGoesAwayWhenReleasedAndItsTimersFireOnTheTestsContext() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weibo-lifetime-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        weak var weakDaemon: AccountShell?
        weak var weakHost: DaemonHost?
        weak var weakSink: TerminalNotificationSink?
        let lines = Lines()
        try SandboxHarness.run { harness in
            harness.api.addStatuses(2)
            let accounts = AccountStore(path: folder + "/account")
            try accounts.save(harness.account)
            let sink = TerminalNotificationSink { lines.all.append($0) }
            // The sandbox is on this machine: checks go out whatever the network monitor says
            // (offline in a build without network), as `run` does for a sandbox.
            var settings = NotifierSettings(interval: 60)
            settings.needsNetwork = false
            let group = AccountGroupShell(accounts: accounts) { _ in
                AccountShell(
                    settings: settings, localizer: Localizer(), client: harness.client, accounts: accounts,
                    stateStore: StateStore(path: folder + "/state.json"), sink: sink)
            }
            let daemon = group.primary
            let host = DaemonHost(accounts: group, service: nil)
            // One second on this test's own context: the first check, its bubble, then the stop timer.
            host.run(accountFile: folder + "/account", notificationWait: 0, duration: 1)
            weakDaemon = daemon
            weakHost = host
            weakSink = sink
        }
        #expect(lines.all == ["[bubble] Weibo: 2 new posts"], "the check ran and its answer came back on this context")
        #expect(weakHost == nil, "the host is not kept by a signal source, monitor or timer")
        #expect(weakDaemon == nil, "the daemon is not kept by a timer, request or subscription")
        #expect(weakSink == nil)
        let saved = try String(contentsOfFile: folder + "/state-\(SandboxAPI.ownerUID).json", encoding: .utf8)
        #expect(saved.contains("\"bubbles\":{\"posts\":{\"id\":1,"))
    }
}
