import CGLib
import WeiboKit

extension AccountShell {
    /// The newest followers' names, for the core's `fetchFollowers`.
    func fetchFollowers(count: Int) {
        guard let account else { return send(.followersFailed(PollFailure(.loginRejected, tr("not logged in")), at: clock())) }
        client.followers(for: account, count: count) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let page): self.send(.followersFetched(page.users.map(\.screenName).filter { !$0.isEmpty }, at: self.clock()))
            case .failure(let error): self.send(.followersFailed(Self.pollFailure(error), at: self.clock()))
            }
        }
    }
}
