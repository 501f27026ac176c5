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
            let group = AccountGroupShell(accounts: accounts, stagger: 0) { selection in
                AccountShell(
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

    /// Bug: a group `Refresh` was never answered when an account was logged out while its check
    /// was under way (the retired member dropped the answer); a start timer was kept for ever.
    @Test func aRefreshIsAnsweredWhenAnAccountGoesDuringIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weibo-group-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try SandboxHarness.run { harness in
            let accounts = AccountStore(path: folder + "/accounts.json")
            try accounts.save(harness.account)
            let user = harness.api.handle(SandboxRequest(method: "POST", path: "/_sandbox/users"))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(user.body)) as? [String: Any])
            let uid = try #require((object["uid"] as? NSNumber)?.int64Value)
            try accounts.save(Account(accessToken: try #require(object["token"] as? String), uid: uid, issuedAt: Date(), expiresIn: 86_400))
            let group = AccountGroupShell(accounts: accounts, stagger: 1) { selection in
                var settings = NotifierSettings(interval: 60)
                settings.requestGap = 0
                return AccountShell(
                    settings: settings, localizer: Localizer(), client: harness.client, accounts: accounts.selecting(selection),
                    stateStore: StateStore(path: folder + "/state.json"), sink: TerminalNotificationSink { _ in })
            }
            group.start()
            #expect(group.membersWaitingToStart == 1)
            MainContext.run(timeout: 10) { group.members.allSatisfy { $0.notifier.completedPolls > 0 } }
            #expect(group.members.count == 2 && group.members.allSatisfy { $0.notifier.completedPolls > 0 })
            #expect(group.membersWaitingToStart == 0, "a start timer goes once it fired")

            // Both checks are on their way; the second account is logged out before they answer.
            var answer: String??
            group.refresh { answer = .some($0) }
            AccountStore(path: folder + "/accounts.json", selection: String(uid)).delete { _ in }
            group.accountChanged()
            MainContext.run(timeout: 10) { answer != nil }
            #expect(answer == .some(nil), "answered, and the account left has nothing to check")
            #expect(group.members.count == 1)
        }
    }
}
