import CGLib
import WeiboKit
import WeiboPlatform

/// The lists the core asks the shell for: comments and mentions behind a rising counter, the
/// newest posts for a summary, the newest followers' names.
extension AccountShell {
    /// The comments or mentions newer than `sinceID`, as items.
    func fetchDetails(_ source: DetailSource, sinceID: Int64?, count: Int) {
        guard let account else { return send(.detailsFailed(source, PollFailure(.loginRejected, tr("not logged in")), at: clock())) }
        let arrived: (Result<[DetailItem], WeiboClientError>, Int) -> Void = { [weak self] result, skipped in
            guard let self else { return }
            if skipped > 0 { Log.message("\(source.rawValue): \(skipped) item(s) could not be read and were left out") }
            switch result {
            case .success(let items): self.send(.detailsFetched(source, items, at: self.clock()))
            case .failure(let error): self.send(.detailsFailed(source, Self.pollFailure(error), at: self.clock()))
            }
        }
        switch source {
        case .commentsToMe, .commentMentions:
            let call = source == .commentsToMe ? client.commentsToMe : client.commentMentions
            call(account, sinceID, nil, count) { result in
                arrived(result.map { $0.comments.map { DetailItem($0, source: source) } }, (try? result.get())?.skipped.count ?? 0)
            }
        case .statusMentions:
            client.statusMentions(for: account, sinceID: sinceID, count: count) { result in
                arrived(result.map { $0.statuses.map(DetailItem.init(mention:)) }, (try? result.get())?.skipped.count ?? 0)
            }
        }
    }

    func fetchSummary(count: Int) {
        guard let account else { return send(.summaryFailed(tr("not logged in"), at: clock())) }
        client.homeTimeline(for: account, count: count) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let page):
                for failure in page.skipped { Log.message("timeline: a status could not be read and was left out (\(failure))") }
                self.send(.summaryFetched(page.statuses, at: self.clock()))
            case .failure(let error): self.send(.summaryFailed(error.description, at: self.clock()))
            }
        }
    }

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
