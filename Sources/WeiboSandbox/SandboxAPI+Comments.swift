import WeiboKit

/// Comments on the owner's statuses, mentions of the owner, and replies: the items behind the
/// `cmt`, `mention_status` and `mention_cmt` counters, with Weibo's daily call budget.
extension SandboxAPI {
    /// The endpoints that spend the daily budget (and that a `permission` fault refuses).
    static let detailPaths: Set<String> = [
        "/2/comments/to_me.json", "/2/comments/mentions.json", "/2/statuses/mentions.json", "/2/comments/reply.json",
        "/2/comments/create.json", "/2/friendships/followers.json",
    ]

    /// `count` comments from others on the statuses of `uid` (the owner by default) arrive now;
    /// its `cmt` rises by as many. Now and then one answers an earlier comment.
    /// `authors`: the commenters' screen names in turn, oldest first (the generator's people
    /// when empty); one name is one person (the same uid each time).
    public func addComments(_ count: Int, for uid: Int64 = ownerUID, authors: [String] = []) {
        var world = worlds[uid] ?? World()
        for index in 0..<max(count, 0) {
            guard let status = world.ownStatuses.randomElement(using: &random) else { break }
            let earlier = random.chance(30) ? world.commentsToMe.first { $0.status?.id == status.id } : nil
            var comment = generator.comment(on: status, postedAt: clock(), replyingTo: earlier)
            if !authors.isEmpty, var user = comment.user {
                user.screenName = authors[index % authors.count]
                user.id = 1_000_000 + Int64(user.screenName.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) % 1_000_000 })
                comment.user = user
            }
            world.commentsToMe.insert(comment, at: 0)
        }
        worlds[uid] = world
        userCounts[uid, default: UnreadCounts()].cmt += max(count, 0)
    }

    /// `count` mentions of `uid` (the owner by default) arrive now: statuses (`mention_status`)
    /// or comments (`mention_cmt`).
    public func addMentions(_ count: Int, inComments: Bool, for uid: Int64 = ownerUID) {
        let name = users.first { $0.id == uid }?.screenName ?? Self.ownerName
        var world = worlds[uid] ?? World()
        for _ in 0..<max(count, 0) {
            if inComments {
                // A comment that mentions the user, on someone's ordinary post.
                var comment = generator.comment(on: generator.status(postedAt: clock()), postedAt: clock())
                comment.text = "@\(name) " + comment.text
                world.mentionComments.insert(comment, at: 0)
            } else {
                world.mentionStatuses.insert(generator.mention(of: name, postedAt: clock()), at: 0)
            }
        }
        worlds[uid] = world
        if inComments {
            userCounts[uid, default: UnreadCounts()].mentionCmt += max(count, 0)
        } else {
            userCounts[uid, default: UnreadCounts()].mentionStatus += max(count, 0)
        }
    }

    // MARK: Endpoints

    /// The world of the user the request's token belongs to (the caller authenticated it).
    func world(of request: SandboxRequest) -> World {
        guard case .success(let uid) = authenticate(request) else { return World() }
        return worlds[uid] ?? World()
    }

    func commentsPage(_ request: SandboxRequest, _ list: KeyPath<World, [Comment]>) -> SandboxResponse {
        if let refused = admitDetailCall(request) { return refused }
        let comments = world(of: request)[keyPath: list]
        guard let window = PageWindow(request.parameters, defaultCount: 50, maximum: 200) else {
            return error(10017, "parameter (since_id, max_id, count or page)'s value invalid", request.path)
        }
        let matching = comments.filter { window.admits($0.id) }
        let slice = window.slice(matching).map(servedComment)
        return json(CommentsPage(comments: slice, nextCursor: slice.count < matching.count ? (slice.last?.id ?? 1) - 1 : 0, totalNumber: matching.count))
    }

    func mentionsPage(_ request: SandboxRequest) -> SandboxResponse {
        if let refused = admitDetailCall(request) { return refused }
        guard let window = PageWindow(request.parameters, defaultCount: 20, maximum: 200) else {
            return error(10017, "parameter (since_id, max_id, count or page)'s value invalid", request.path)
        }
        let matching = world(of: request).mentionStatuses.filter { window.admits($0.id) }
        let slice = window.slice(matching).map(servedStatus)
        return json(TimelinePage(statuses: slice, nextCursor: slice.count < matching.count ? (slice.last?.id ?? 1) - 1 : 0, totalNumber: matching.count))
    }

    /// `friendships/followers.json`: the newest `count` followers.
    func followersPage(_ request: SandboxRequest) -> SandboxResponse {
        if let refused = admitDetailCall(request) { return refused }
        guard let count = Int(request.parameters["count"] ?? "50"), (1...200).contains(count) else {
            return error(10017, "parameter (count)'s value invalid", request.path)
        }
        return json(FollowersPage(users: Array(world(of: request).followers.prefix(count))))
    }

    /// `count` people follow `uid` now (the owner by default), named by `authors` in turn when
    /// given; its `follower` rises by as many.
    public func addFollowers(_ count: Int, for uid: Int64 = ownerUID, names: [String] = []) {
        var world = worlds[uid] ?? World()
        for index in 0..<max(count, 0) {
            var user = generator.person()
            if !names.isEmpty { user.screenName = names[index % names.count] }
            world.followers.insert(user, at: 0)
        }
        worlds[uid] = world
        userCounts[uid, default: UnreadCounts()].follower += max(count, 0)
    }

    /// `comments/reply.json`: `cid` (the comment answered), `id` (its status), `comment`.
    func reply(_ request: SandboxRequest) -> SandboxResponse {
        if let refused = admitDetailCall(request) { return refused }
        guard let cid = request.parameters["cid"].flatMap({ Int64($0) }),
            let answered = (world(of: request).commentsToMe + world(of: request).mentionComments).first(where: { $0.id == cid })
        else {
            return error(20101, "target comment does not exist!", request.path)
        }
        return writeComment(request, on: answered.status, replyingTo: answered)
    }

    /// `comments/create.json`: `id` (the status), `comment`.
    func createComment(_ request: SandboxRequest) -> SandboxResponse {
        if let refused = admitDetailCall(request) { return refused }
        let id = request.parameters["id"].flatMap { Int64($0) }
        let world = world(of: request)
        guard let status = (world.mentionStatuses + world.ownStatuses + world.statuses).first(where: { $0.id == id }) else {
            return error(20101, "target weibo does not exist!", request.path)
        }
        return writeComment(request, on: status, replyingTo: nil)
    }

    private func writeComment(_ request: SandboxRequest, on status: Status?, replyingTo answered: Comment?) -> SandboxResponse {
        guard let text = request.parameters["comment"], !text.isEmpty else {
            return error(10016, "miss required parameter (comment), see doc for more info.", request.path)
        }
        guard text.count <= 140 else { return error(20012, "Text too long, please input text less than 140 characters!", request.path) }
        guard let status, String(status.id) == request.parameters["id"] else {
            return error(10017, "parameter (id)'s value invalid", request.path)
        }
        receivedReplies.append((answered?.id, status.id, text))
        let uid = (try? authenticate(request).get()) ?? Self.ownerUID
        var made = generator.comment(on: status, postedAt: clock(), replyingTo: answered)
        made.user = users.first { $0.id == uid } ?? User(id: Self.ownerUID, screenName: Self.ownerName)
        made.text = text
        return json(servedComment(made))
    }

    /// The answer to `GET /_sandbox/replies`: what the owner sent, oldest first.
    func repliesAnswer() -> SandboxResponse {
        let items = receivedReplies.map { reply in
            "{\"cid\":\(reply.cid.map(String.init) ?? "null"),\"id\":\(reply.id),\"comment\":\(JSONText.quoted(reply.comment))}"
        }
        return SandboxResponse(json: "{\"replies\":[\(items.joined(separator: ","))]}")
    }

    // MARK: Budget and avatars

    /// The token's user may make another detail call today: nil, or Weibo's refusal.
    private func admitDetailCall(_ request: SandboxRequest) -> SandboxResponse? {
        let uid: Int64
        switch authenticate(request) {
        case .failure(let error): return error.response
        case .success(let owner): uid = owner
        }
        let day = (Int64(clock().secondsSince1970) + Int64(FixedOffsetZone.chinaStandard.secondsEastOfUTC)) / 86_400
        var calls = dailyCalls[uid] ?? (day, 0)
        if calls.day != day { calls = (day, 0) }
        calls.count += 1
        dailyCalls[uid] = calls
        guard calls.count <= Self.dailyLimit else {
            return error(10023, "User requests out of rate limit!", request.path, status: 403)
        }
        return nil
    }

    /// A user as served: the avatar on this sandbox (`/_sandbox/avatars/<uid>.png`, small and
    /// large) once it listens.
    func servedUser(_ user: User?) -> User? {
        guard var user, !baseURL.isEmpty else { return user }
        user.profileImageURL = "\(baseURL)/_sandbox/avatars/\(user.id).png"
        user.avatarLargeURL = user.profileImageURL
        return user
    }

    /// A status as served: its author's avatar and its pictures on this sandbox
    /// (`/_sandbox/pictures/<id>-<n>.png`, generated), so that the popup has real images.
    func servedStatus(_ status: Status) -> Status {
        var served = status
        served.user = servedUser(status.user)
        if !baseURL.isEmpty {
            served.pictures = status.pictures.indices.map { Picture(thumbnailURL: "\(baseURL)/_sandbox/pictures/\(status.id)-\($0).png") }
        }
        served.retweetedStatus = status.retweetedStatus.map(servedStatus)
        return served
    }

    func servedComment(_ comment: Comment) -> Comment {
        var served = comment
        served.user = servedUser(comment.user)
        served.status = comment.status.map(servedStatus)
        served.replyComment = comment.replyComment.map(servedComment)
        return served
    }
}

/// `since_id`, `max_id`, `count` and `page` of a list request.
struct PageWindow {
    let sinceID: Int64?
    let maxID: Int64?
    let count: Int
    let page: Int

    /// Nil when a parameter is not a whole number.
    init?(_ parameters: [String: String], defaultCount: Int, maximum: Int) {
        func number(_ name: String) -> Int64?? {
            guard let text = parameters[name], !text.isEmpty else { return .some(nil) }
            return Int64(text).map { .some($0) } ?? nil
        }
        guard let sinceID = number("since_id"), let maxID = number("max_id"), let count = number("count"), let page = number("page") else {
            return nil
        }
        self.sinceID = sinceID
        self.maxID = maxID
        self.count = Int(min(max(count ?? Int64(defaultCount), 1), Int64(maximum)))
        self.page = Int(min(max(page ?? 1, 1), 100_000))
    }

    func admits(_ id: Int64) -> Bool {
        (sinceID.map { id > $0 } ?? true) && (maxID.map { id <= $0 } ?? true)
    }

    func slice<Item>(_ items: [Item]) -> [Item] {
        let start = min((page - 1) * count, items.count)
        return Array(items[start..<min(start + count, items.count)])
    }
}
