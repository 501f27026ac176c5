import CGLib
public import WeiboKit
import WeiboPlatform

/// The popup's items: `GetItems` waits here for the core's answer; the fetches it decides on
/// go out with the daemon's own client (the token never leaves the daemon).
extension AccountShell {
    /// The items of a popup section, at most `count`, as the JSON `GetItems` answers; asked
    /// before the login was read, the request waits for it.
    public func items(_ kind: PopupSectionKind, count: Int, reply: @escaping (String) -> Void) {
        itemsWaiting[kind, default: []].append((count, reply))
        send(.itemsRequested(kind, count: count, at: clock()))
    }

    /// Opens the popup at `kind`'s section (a tray click at `point`, a bubble's click with its
    /// activation token, `ShowPopup`); where it cannot start, the summary bubble of that kind.
    /// `showingAccount`: the popup shows this account's items by its uid (else the default
    /// account's, whichever that is when it asks). `toggles`: the tray icon's click and the
    /// shortcut close a popup in front at that section (`PopupStart`).
    public func showPopup(
        _ kind: PopupSectionKind, at point: PopupLauncher.Point? = nil, activationToken: String? = nil, showingAccount: Bool = false, toggles: Bool = false
    ) {
        let fallBack: () -> Void = { [weak self] in self?.showPopupFallback(kind) }
        guard let popup else { return fallBack() }
        let account = showingAccount ? uid : nil
        if let reason = popup.open(kind, at: point, activationToken: activationToken, account: account, toggles: toggles, failed: fallBack) {
            Log.info("no popup (\(reason)): the summary bubble instead")
            fallBack()
        }
    }

    private func showPopupFallback(_ kind: PopupSectionKind) {
        send(.popupUnavailable(kind, at: clock()))
    }

    /// Sends a reply typed in the popup, by the bubbles' rules (within the day's calls; one that
    /// cannot go is kept for `replies --retry`); `done` hears nil once it went, else why not.
    public func reply(_ reply: ReplyRequest, done: @escaping (String?) -> Void) {
        repliesWaiting.append((reply, done))
        send(.replyRequested(reply, at: clock()))
    }

    /// A reply went (`failure` nil) or was kept: the popup's call that waited for it hears it.
    func answerReply(_ reply: ReplyRequest, failure: String?) {
        let same = { (waiting: ReplyRequest) in
            waiting.commentID == reply.commentID && waiting.statusID == reply.statusID && waiting.text == reply.text
        }
        guard let index = repliesWaiting.firstIndex(where: { same($0.reply) }) else { return }
        repliesWaiting.remove(at: index).done(failure)
    }

    func answerPopupItems(_ kind: PopupSectionKind, _ items: PopupItems) {
        let waiting = itemsWaiting.removeValue(forKey: kind) ?? []
        for (count, reply) in waiting {
            let json = (try? WeiboJSON.encode(items.prefix(count))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            reply(json)
        }
        // More than a page ("Load more": up to 500 statuses, their JSON read and written) left
        // megabytes free in the C library's heap; given back once they are all let go.
        if items.count > PopupItems.pageSize { GLibSource.whenIdle { _ = malloc_trim(0) } }
    }

    func fetchPopupItems(_ fetch: PopupFetch) {
        guard let account else {
            return send(.popupItemsFailed(fetch, PollFailure(.loginRejected, tr("not logged in")), requests: 0, at: clock()))
        }
        // Every page of every list counts, and none goes past what the core allowed.
        let made = RequestCounter(limit: fetch.requests)
        let failed: (WeiboClientError) -> Void = { [weak self] error in
            guard let self else { return }
            self.send(.popupItemsFailed(fetch, Self.pollFailure(error), requests: made.count, at: self.clock()))
        }
        let fetched: (PopupItems) -> Void = { [weak self] items in
            guard let self else { return }
            self.send(.popupItemsFetched(fetch, items, requests: made.count, at: self.clock()))
        }
        // A list's pages as `ListPager` says: older than the oldest item shown, if asked.
        let pager = { (pageSize: Int, shortEnds: Bool, olderThan: Int64?) in
            ListPager(
                count: fetch.count, pageSize: pageSize, shortEnds: shortEnds, requestLimit: made.limit - made.count, maxID: olderThan.map { $0 - 1 })
        }
        let client = self.client
        // The section's statuses (if it lists any), then its comments (if any), merged.
        let statuses = { [weak self] (done: @escaping (Result<[Status], WeiboClientError>) -> Void) in
            guard let self else { return }
            guard let list = fetch.kind.statusList else { return done(.success([])) }
            self.fetchPages(pager(list.pageSize, list.shortPageEnds, fetch.olderThan?.statuses), id: \.id, made: made, done: done) { asked, maxID, page in
                switch list {
                case .homeTimeline:
                    client.homeTimeline(for: account, count: asked, maxID: maxID) { page($0.map { ($0.statuses, $0.statuses.count + $0.skipped.count) }) }
                case .mentions:
                    client.statusMentions(for: account, maxID: maxID, count: asked) { page($0.map { ($0.statuses, $0.statuses.count + $0.skipped.count) }) }
                }
            }
        }
        let comments = { [weak self] (done: @escaping (Result<[Comment], WeiboClientError>) -> Void) in
            guard let self else { return }
            guard let list = fetch.kind.commentList else { return done(.success([])) }
            self.fetchPages(pager(list.pageSize, list.shortPageEnds, fetch.olderThan?.comments), id: \.id, made: made, done: done) { asked, maxID, page in
                let answer: (Result<CommentsPage, WeiboClientError>) -> Void = { page($0.map { ($0.comments, $0.comments.count + $0.skipped.count) }) }
                switch list {
                case .toMe: client.commentsToMe(for: account, maxID: maxID, count: asked, completion: answer)
                case .mentions: client.commentMentions(for: account, maxID: maxID, count: asked, completion: answer)
                }
            }
        }
        statuses { statuses in
            comments { comments in
                switch (statuses, comments) {
                case (.success(let statuses), .success(let comments)): fetched(PopupItems(statuses: statuses, comments: comments))
                case (.failure(let error), _), (_, .failure(let error)): failed(error)
                }
            }
        }
    }

    /// The items of a list as `pager` says (its rules: `ListPager`), each page asked of `page`
    /// (which answers the items read and how many the API served). A failure after the first
    /// page gives what came before it.
    private func fetchPages<Item>(
        _ pager: ListPager, id: @escaping (Item) -> Int64, into items: [Item] = [], made: RequestCounter,
        done: @escaping (Result<[Item], WeiboClientError>) -> Void,
        page: @escaping (_ count: Int, _ maxID: Int64?, _ answer: @escaping (Result<(items: [Item], served: Int), WeiboClientError>) -> Void) -> Void
    ) {
        var pager = pager
        guard let next = pager.nextPage() else { return done(.success(items)) }
        made.count += 1
        page(next.count, next.maxID) { [weak self] result in
            guard let self else { return }
            switch result {
            case .failure(let error): done(items.isEmpty ? .failure(error) : .success(items))
            case .success(let fetched):
                let keep = pager.pageArrived(ids: fetched.items.map(id), served: fetched.served)
                self.fetchPages(pager, id: id, into: items + keep.map { fetched.items[$0] }, made: made, done: done, page: page)
            }
        }
    }
}

/// The requests one popup fetch made, and the most it may make (the core's `PopupFetch.requests`).
final class RequestCounter {
    let limit: Int
    var count = 0
    init(limit: Int) { self.limit = limit }
}
