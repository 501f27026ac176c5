import CGLib
import FoundationEssentials
public import WeiboKit

/// The popup's items: `GetItems` waits here for the core's answer; the fetches it decides on
/// go out with the daemon's own client (the token never leaves the daemon).
extension AccountShell {
    /// The items of a popup section, at most `count`, as the JSON `GetItems` answers; asked
    /// before the login was read, the request waits for it.
    public func items(_ kind: BubbleKind, count: Int, reply: @escaping (String) -> Void) {
        itemsWaiting[kind.popupSection, default: []].append((count, reply))
        send(.itemsRequested(kind, count: count, at: clock()))
    }

    /// Opens the popup at `kind`'s section (a tray click at `point`, a bubble's click with its
    /// activation token, `ShowPopup`); where it cannot start, the summary bubble of that kind.
    /// `showingAccount`: the popup shows this account's items by its uid (else the default
    /// account's, whichever that is when it asks).
    public func showPopup(_ kind: BubbleKind, at point: PopupLauncher.Point? = nil, activationToken: String? = nil, showingAccount: Bool = false) {
        let fallBack: () -> Void = { [weak self] in self?.showPopupFallback(kind) }
        guard let popup else { return fallBack() }
        let account = showingAccount ? uid : nil
        if let reason = popup.open(kind, at: point, activationToken: activationToken, account: account, failed: fallBack) {
            Log.info("no popup (\(reason)): the summary bubble instead")
            fallBack()
        }
    }

    private func showPopupFallback(_ kind: BubbleKind) {
        send(.popupUnavailable(kind.popupSection, at: clock()))
    }

    func answerPopupItems(_ kind: BubbleKind, _ items: PopupItems) {
        let waiting = itemsWaiting.removeValue(forKey: kind) ?? []
        for (count, reply) in waiting {
            let json = (try? WeiboJSON.encode(items.prefix(count))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            reply(json)
        }
        // More than a page ("Load more": up to 500 statuses, their JSON read and written) left
        // megabytes free in the C library's heap; given back once they are all let go.
        if items.count > PopupItems.pageSize { GLibSource.whenIdle { _ = malloc_trim(0) } }
    }

    func fetchPopupItems(_ kind: BubbleKind, count: Int) {
        guard let account else {
            return send(.popupItemsFailed(kind, PollFailure(.loginRejected, tr("not logged in")), at: clock()))
        }
        let failed: (WeiboClientError) -> Void = { [weak self] error in
            guard let self else { return }
            self.send(.popupItemsFailed(kind, Self.pollFailure(error), at: self.clock()))
        }
        switch kind {
        case .comments:
            client.commentsToMe(for: account, count: count) { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let page): self.send(.popupItemsFetched(kind, PopupItems(comments: page.comments), at: self.clock()))
                case .failure(let error): failed(error)
                }
            }
        case .mentions:
            client.statusMentions(for: account, count: count) { [weak self] statuses in
                guard let self else { return }
                self.client.commentMentions(for: account, count: count) { [weak self] comments in
                    guard let self else { return }
                    switch (statuses, comments) {
                    case (.success(let statuses), .success(let comments)):
                        self.send(.popupItemsFetched(kind, PopupItems(statuses: statuses.statuses, comments: comments.comments), at: self.clock()))
                    case (.failure(let error), _), (_, .failure(let error)): failed(error)
                    }
                }
            }
        default:
            fetchTimeline(account, count: count, before: nil, into: []) { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let statuses): self.send(.popupItemsFetched(kind, PopupItems(statuses: statuses), at: self.clock()))
                case .failure(let error): failed(error)
                }
            }
        }
    }

    /// The home timeline's newest `count`, a page of at most 100 at a time, each older than the
    /// last (`max_id`), until enough or the timeline ends.
    private func fetchTimeline(
        _ account: Account, count: Int, before maxID: Int64?, into statuses: [Status],
        done: @escaping (Result<[Status], WeiboClientError>) -> Void
    ) {
        let wanted = count - statuses.count
        client.homeTimeline(for: account, count: min(wanted, PopupItems.pageSize), maxID: maxID) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let error): done(statuses.isEmpty ? .failure(error) : .success(statuses))
            case .success(let page):
                let all = statuses + page.statuses.filter { new in !statuses.contains { $0.id == new.id } }
                guard all.count < count, all.count > statuses.count, let oldest = all.last?.id, oldest > 1 else {
                    return done(.success(Array(all.prefix(count))))
                }
                self.fetchTimeline(account, count: count, before: oldest - 1, into: all, done: done)
            }
        }
    }
}
