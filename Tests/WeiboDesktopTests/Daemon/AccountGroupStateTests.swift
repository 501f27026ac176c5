import Foundation
import Testing
import WeiboDesktop
import WeiboKit
import WeiboSandbox
import WeiboTestSupport

/// Several accounts: what the group shows (GetStatus, the tray, the bars) is one account's
/// state with that account's error, never the state of one next to the error of another.
@Suite(.serialized) struct AccountGroupStateTests {
    @Test func theStateShownAndItsErrorAreOneAccounts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weibo-group-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try SandboxHarness.run { harness in
            let accounts = AccountStore(path: folder + "/accounts.json")
            try accounts.save(harness.account)
            // A second account whose token Weibo refuses.
            try accounts.save(Account(accessToken: "2.00refused", uid: 6_100_000_001, issuedAt: Date(), expiresIn: 86_400))
            let group = NotifierGroup(accounts: accounts, stagger: 0) { selection in
                NotifierDaemon(
                    settings: NotifierSettings(interval: 60), localizer: Localizer(), client: harness.client, accounts: accounts.selecting(selection),
                    stateStore: StateStore(path: folder + "/state.json"), sink: TerminalNotificationSink { _ in })
            }
            group.start()
            MainContext.run(timeout: 10) { group.phase == .loginExpired && group.primary.notifier.completedPolls > 0 }
            #expect(group.phase == .loginExpired)
            #expect(group.reporting.uid == 6_100_000_001, "the account that needs the user")
            #expect(group.reporting.notifier.lastErrorKind == .loginRejected)
            #expect(group.reporting.notifier.lastError?.isEmpty == false)
            #expect(group.primary.notifier.lastError == nil, "the default account is fine: its (empty) error is not the one shown")
        }
    }
}
