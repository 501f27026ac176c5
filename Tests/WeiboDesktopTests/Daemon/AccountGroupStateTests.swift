import Foundation
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboSandbox
import WeiboTestSupport

/// Several accounts: what the group shows (GetStatus, the tray, the bars) is one account's
/// state with that account's error, never the state of one next to the error of another.
@Suite(.serialized, .endToEnd) struct AccountGroupStateTests {
    /// A group on the sandbox of a harness: the harness's account and a second one (`second`
    /// saves it and gives its uid), checks `stagger` seconds apart, requests never merged.
    func withGroup(
        stagger: Double, second: (SandboxHarness, AccountStore) throws -> Int64, _ body: (AccountGroupShell, _ second: Int64, _ accounts: String) throws -> Void
    ) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("weibo-group-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try SandboxHarness.run { harness in
            let accounts = AccountStore(path: folder + "/accounts.json")
            try accounts.save(harness.account)
            let uid = try second(harness, accounts)
            let group = AccountGroupShell(accounts: accounts, stagger: stagger) { selection in
                var settings = NotifierSettings(interval: 60)
                settings.requestGap = 0
                return AccountShell(
                    settings: settings, localizer: Localizer(), client: harness.client, accounts: accounts.selecting(selection),
                    stateStore: StateStore(path: folder + "/state.json"), sink: TerminalNotificationSink { _ in })
            }
            try body(group, uid, accounts.path)
        }
    }

    @Test func theStateShownAndItsErrorAreOneAccounts() throws {
        // A second account whose token Weibo refuses.
        let refused: Int64 = 6_100_000_001
        let saveRefused = { (_: SandboxHarness, accounts: AccountStore) throws -> Int64 in
            try accounts.save(Account(accessToken: "2.00refused", uid: refused, issuedAt: Timestamp.now, expiresIn: 86_400))
            return refused
        }
        try withGroup(stagger: 0, second: saveRefused) { group, _, _ in
            group.start()
            MainContext.run(timeout: 10) { group.latest.group.status.phase == .loginExpired && group.primary.notifier.completedPolls > 0 }
            #expect(group.latest.group.status.phase == .loginExpired)
            #expect(group.reporting.uid == refused, "the account that needs the user")
            #expect(group.reporting.notifier.lastErrorKind == .loginRejected)
            #expect(group.reporting.notifier.lastError?.isEmpty == false)
            #expect(group.primary.notifier.lastError == nil, "the default account is fine: its (empty) error is not the one shown")
        }
    }

    /// Bug: a group `Refresh` was never answered when an account was logged out while its check
    /// was under way (the retired member dropped the answer); a start timer was kept for ever.
    @Test func aRefreshIsAnsweredWhenAnAccountGoesDuringIt() throws {
        // A second sandbox user, whose checks Weibo answers.
        let saveAnotherUser = { (harness: SandboxHarness, accounts: AccountStore) throws -> Int64 in
            let user = harness.api.handle(SandboxRequest(method: "POST", path: "/_sandbox/users"))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(user.body)) as? [String: Any])
            let uid = try #require((object["uid"] as? NSNumber)?.int64Value)
            try accounts.save(Account(accessToken: try #require(object["token"] as? String), uid: uid, issuedAt: Timestamp.now, expiresIn: 86_400))
            return uid
        }
        try withGroup(stagger: 1, second: saveAnotherUser) { group, uid, accountsFile in
            group.start()
            #expect(group.membersWaitingToStart == 1)
            MainContext.run(timeout: 10) { group.members.allSatisfy { $0.notifier.completedPolls > 0 } }
            #expect(group.members.count == 2 && group.members.allSatisfy { $0.notifier.completedPolls > 0 })
            #expect(group.membersWaitingToStart == 0, "a start timer goes once it fired")

            // Both checks are on their way; the second account is logged out before they answer.
            var answer: String??
            group.refresh { answer = .some($0) }
            AccountStore(path: accountsFile, selection: String(uid)).delete { _ in }
            group.accountChanged()
            MainContext.run(timeout: 10) { answer != nil }
            #expect(answer == .some(nil), "answered, and the account left has nothing to check")
            #expect(group.members.count == 1)
        }
    }
}
