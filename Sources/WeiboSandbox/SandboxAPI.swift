public import WeiboKit
public import WeiboPlatform

/// The fake Weibo: users, statuses, counters, tokens, rate limits and faults, answering
/// requests as the real API does (`docs/weibo-api.md`), errors included.
///
/// Pure logic with an injected clock: `SandboxServer` feeds it requests from libsoup, tests can
/// call `handle` directly. Deterministic from the seed.
public final class SandboxAPI {
    /// The one registered app.
    public static let appKey = "2975361648"
    public static let appSecret = "sandbox-app-secret"
    /// The user who owns the ready-made token.
    public static let ownerUID: Int64 = 5_712_659_759
    /// A token's lifetime: five years, as for an app's own developer.
    public static let tokenLifetime: Int64 = 157_679_999
    /// Requests an hour to the rate-limited endpoints, per token.
    public static let hourlyLimit = 150
    /// Calls a day to the comment, mention and reply endpoints, per user (`unread_count` is exempt).
    public static let dailyLimit = 100
    /// The owner's screen name, as mentions write it.
    public static let ownerName = "微博通知测试"

    public struct Options: Sendable {
        public var seed: UInt64 = 1
        /// Reading the home timeline resets the `status` counter, as the real API does.
        public var resetStatusOnRead = true
        /// Allow `remind/set_count.json` (an advanced API ordinary apps are refused).
        public var setCountEnabled = false
        /// Statuses on the timeline at start.
        public var initialStatuses = 120
        /// The authorize page approves at once and redirects with a code (tests, the demo).
        public var autoApprove = false
        /// `remind/unread_count.json?with_comment_attitude=true` carries the likes counters
        /// (`attitude`, `comment_attitude`), as some app keys get them; without it, as most do
        /// not, the keys never appear.
        public var likes = false

        public init() {}
    }

    public let options: Options
    let clock: () -> Timestamp
    var generator: StatusGenerator
    var random: SeededRandom
    /// What each user sees: their timeline, own posts, and the comments and mentions for them.
    var worlds: [Int64: World] = [:]
    /// Each user's counters; the owner's are `counts`.
    var userCounts: [Int64: UnreadCounts] = [:]
    /// The users, the owner first: the ones `POST /_sandbox/users` made after.
    public internal(set) var users: [User] = []
    /// Who the next authorization logs in as (`POST /_sandbox/login-as`); the owner by default.
    var nextLoginUID: Int64?
    var tokens: [String: Token] = [:]
    var codes: [String: AuthorizationCode] = [:]
    var hits: [String: (windowStart: Timestamp, count: Int)] = [:]
    var faults: [(kind: FaultKind, remaining: Int, seconds: Int)] = []
    /// The token printed at start, valid for the owner.
    public internal(set) var readyToken = ""
    /// Replies and comments the owner sent through the API, oldest first.
    public internal(set) var receivedReplies: [(cid: Int64?, id: Int64, comment: String)] = []
    /// Calls to the daily-limited endpoints, per user: the Beijing day and the count.
    var dailyCalls: [Int64: (day: Int64, count: Int)] = [:]
    /// `http://127.0.0.1:PORT`, once a server listens: avatars are served there.
    public var baseURL = ""

    /// The owner's counters.
    public internal(set) var counts: UnreadCounts {
        get { userCounts[Self.ownerUID] ?? UnreadCounts() }
        set { userCounts[Self.ownerUID] = newValue }
    }

    /// One user's world, all newest first.
    struct World {
        /// The home timeline.
        var statuses: [Status] = []
        /// The user's own statuses, which others comment on.
        var ownStatuses: [Status] = []
        /// Comments on the user's statuses, statuses and comments that @mention the user.
        var commentsToMe: [Comment] = []
        var mentionStatuses: [Status] = []
        var mentionComments: [Comment] = []
        /// The user's followers.
        var followers: [User] = []
    }

    /// The owner's timeline, own posts, comments and mentions (what tests look at).
    public internal(set) var statuses: [Status] {
        get { worlds[Self.ownerUID]?.statuses ?? [] }
        set { worlds[Self.ownerUID, default: World()].statuses = newValue }
    }
    public var ownStatuses: [Status] { worlds[Self.ownerUID]?.ownStatuses ?? [] }
    public var commentsToMe: [Comment] { worlds[Self.ownerUID]?.commentsToMe ?? [] }
    public var mentionStatuses: [Status] { worlds[Self.ownerUID]?.mentionStatuses ?? [] }
    public var mentionComments: [Comment] { worlds[Self.ownerUID]?.mentionComments ?? [] }

    /// A fresh world for `user`: a timeline of `initialStatuses`, five posts of their own.
    func newWorld(for user: User) -> World {
        var world = World()
        world.statuses = generator.statuses(count: options.initialStatuses)
        world.ownStatuses = generator.statuses(count: 5).map { status in
            var own = status
            own.user = user
            own.retweetedStatus = nil
            return own
        }
        return world
    }

    struct AuthorizationCode {
        var redirectURI: String
        var used = false
        var uid: Int64
    }

    struct Token {
        var uid: Int64
        var createdAt: Timestamp
        var expiresIn: Int64
        var revoked = false
    }

    public init(options: Options = Options(), clock: @escaping () -> Timestamp = { Timestamp.now }) {
        self.options = options
        self.clock = clock
        generator = StatusGenerator(seed: options.seed, now: clock())
        random = SeededRandom(seed: options.seed ^ 0x5EED)
        reset()
    }

    /// Back to the start: fresh statuses, zero counters, no faults, only the ready-made token.
    public func reset() {
        generator = StatusGenerator(seed: options.seed, now: clock())
        random = SeededRandom(seed: options.seed ^ 0x5EED)
        userCounts = [:]
        users = [User(id: Self.ownerUID, screenName: Self.ownerName)]
        worlds = [Self.ownerUID: newWorld(for: users[0])]
        nextLoginUID = nil
        tokens = [:]
        codes = [:]
        hits = [:]
        faults = []
        readyToken = issueToken(uid: Self.ownerUID, lifetime: Self.tokenLifetime)
        receivedReplies = []
        dailyCalls = [:]
    }

    // MARK: - Things happening

    /// `count` new statuses arrive now in the timeline of `uid` (the owner's by default); its
    /// `status` rises by as many.
    public func addStatuses(_ count: Int, for uid: Int64 = ownerUID, text: String? = nil) {
        for _ in 0..<max(count, 0) {
            var status = generator.status(postedAt: clock())
            if let text { status.text = text }
            worlds[uid, default: World()].statuses.insert(status, at: 0)
        }
        userCounts[uid, default: UnreadCounts()].status += max(count, 0)
    }

    /// One tick of life: a new status, and now and then a comment, mention, message or follower.
    public func tick() {
        addStatuses(1)
        if random.chance(35) {
            switch random.pick([UnreadCounter.cmt, .mentionStatus, .mentionCmt, .dm, .follower]) {
            case .cmt: addComments(1)
            case .mentionStatus: addMentions(1, inComments: false)
            case .mentionCmt: addMentions(1, inComments: true)
            case let counter: counts[counter] += 1
            }
        }
    }

    /// A token for `uid` that lives `lifetime` seconds from now.
    public func issueToken(uid: Int64, lifetime: Int64) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        let token = "2.00" + String((0..<26).map { _ in random.pick(alphabet) })
        tokens[token] = Token(uid: uid, createdAt: clock(), expiresIn: lifetime)
        return token
    }

    // MARK: - Requests

    /// The answer to `request`: a control action, the next injected fault, or the API's answer.
    public func handle(_ request: SandboxRequest) -> SandboxResponse {
        if let fault = takeFault(for: request) { return fault }
        return answer(request)
    }

    /// The answer, faults aside (a delayed request is answered with this).
    public func answer(_ request: SandboxRequest) -> SandboxResponse {
        if request.path.hasPrefix("/_sandbox/") { return control(request) }
        let path = request.path
        switch (request.method, path) {
        case ("GET", "/2/remind/unread_count.json"): return unreadCount(request)
        case ("GET", "/2/statuses/home_timeline.json"), ("GET", "/2/statuses/friends_timeline.json"): return timeline(request)
        case ("POST", "/2/remind/set_count.json"): return setCount(request)
        case ("GET", "/2/account/rate_limit_status.json"): return rateLimitStatus(request)
        case ("GET", "/oauth2/authorize"): return authorizePage(request)
        case ("POST", "/oauth2/authorize"): return approve(request)
        case ("GET", "/oauth2/default.html"): return defaultCallbackPage(request)
        case ("POST", "/oauth2/access_token"): return accessToken(request)
        case ("POST", "/oauth2/get_token_info"): return tokenInfo(request)
        case ("POST", "/oauth2/revokeoauth2"): return revoke(request)
        case ("GET", "/2/comments/to_me.json"): return commentsPage(request, \.commentsToMe)
        case ("GET", "/2/comments/mentions.json"): return commentsPage(request, \.mentionComments)
        case ("GET", "/2/statuses/mentions.json"): return mentionsPage(request)
        case ("GET", "/2/friendships/followers.json"): return followersPage(request)
        case ("POST", "/2/comments/reply.json"): return reply(request)
        case ("POST", "/2/comments/create.json"): return createComment(request)
        case ("GET", "/2/users/show.json"): return userShow(request)
        default: return error(10020, "Request Api not found!", path, status: 404)
        }
    }

    /// Weibo's error body: `{"error":…,"error_code":…,"request":…}`.
    func error(_ code: Int, _ name: String, _ path: String, status: Int = 400, description: String? = nil) -> SandboxResponse {
        let body = APIError(code: code, error: name, request: path, errorDescription: description)
        return SandboxResponse(status: status, body: (try? Array(WeiboJSON.encode(body))) ?? Array("{}".utf8))
    }

    func json(_ value: some Encodable, status: Int = 200) -> SandboxResponse {
        do {
            return SandboxResponse(status: status, body: Array(try WeiboJSON.encode(value)))
        } catch {
            return self.error(10001, "system error!", "", status: 500)
        }
    }

    // MARK: Tokens and limits

    /// The request's token: the `Authorization: OAuth2` header or the `access_token` parameter.
    private func token(of request: SandboxRequest) -> String? {
        if let header = request.authorization, header.hasPrefix("OAuth2 ") {
            return String(header.dropFirst("OAuth2 ".count))
        }
        return request.parameters["access_token"]
    }

    /// The token's user, or the error Weibo gives for it.
    func authenticate(_ request: SandboxRequest) -> Result<Int64, SandboxError> {
        guard let token = token(of: request), let record = tokens[token], !record.revoked else {
            return .failure(SandboxError(error(21332, "invalid_access_token", request.path)))
        }
        if Int64(clock().seconds(since: record.createdAt)) >= record.expiresIn {
            return .failure(SandboxError(error(21327, "expired_token", request.path)))
        }
        return .success(record.uid)
    }

    struct SandboxError: Error {
        let response: SandboxResponse
        init(_ response: SandboxResponse) { self.response = response }
    }

    /// Counts a request to a rate-limited endpoint; the error once the hour's budget is spent.
    private func spendHit(_ request: SandboxRequest) -> SandboxResponse? {
        let token = self.token(of: request) ?? ""
        let now = clock()
        var window = hits[token] ?? (now, 0)
        if now.seconds(since: window.windowStart) >= 3600 { window = (now, 0) }
        window.count += 1
        hits[token] = window
        if window.count > Self.hourlyLimit {
            return error(10023, "User requests out of rate limit!", request.path, status: 403)
        }
        return nil
    }

    // MARK: Endpoints

    private func unreadCount(_ request: SandboxRequest) -> SandboxResponse {
        let uid: Int64
        switch authenticate(request) {
        case .failure(let error): return error.response
        case .success(let owner): uid = owner
        }
        guard let asked = request.parameters["uid"] else {
            return error(10016, "miss required parameter (uid), see doc for more info.", request.path)
        }
        guard Int64(asked) == uid else { return error(21335, "uid parameter value invalid", request.path) }
        // The documented counters, minus two that real answers often leave out, plus some they add.
        let c = userCounts[uid] ?? UnreadCounts()
        let likes = options.likes && request.parameters["with_comment_attitude"] == "true"
        // Every counter by its API key (the likes only where the app may have them), then the others.
        let counters = UnreadCounter.allCases.filter { $0 != .attitude || likes }.map { "\"\($0.rawValue)\":\(c[$0])," }.joined()
        return SandboxResponse(
            json: "{" + counters + (likes ? "\"comment_attitude\":0," : "")
                + "\"group\":0,\"notice\":0,"
                + "\"invite\":0,\"badge\":0,\"photo\":0,\"all_cmt\":\(c.cmt),\"attention_cmt\":0,"
                + "\"all_mention_status\":\(c.mentionStatus),\"all_follower\":\(c.follower),\"chat_group_pc\":0,"
                + "\"page_friends_to_me\":0}")
    }

    private func timeline(_ request: SandboxRequest) -> SandboxResponse {
        let uid: Int64
        switch authenticate(request) {
        case .failure(let error): return error.response
        case .success(let owner): uid = owner
        }
        if let limited = spendHit(request) { return limited }
        guard let window = PageWindow(request.parameters, defaultCount: 20, maximum: 100) else {
            return error(10017, "parameter (since_id, max_id, count or page)'s value invalid", request.path)
        }
        let matching = (worlds[uid]?.statuses ?? []).filter { window.admits($0.id) }
        let slice = window.slice(matching).map(servedStatus)
        let more = (window.page - 1) * window.count + slice.count < matching.count
        if options.resetStatusOnRead { userCounts[uid]?.status = 0 }
        return json(
            TimelinePage(
                statuses: slice, nextCursor: more ? (slice.last?.id ?? 1) - 1 : 0, previousCursor: 0,
                totalNumber: matching.count))
    }

    private func setCount(_ request: SandboxRequest) -> SandboxResponse {
        if case .failure(let error) = authenticate(request) { return error.response }
        guard options.setCountEnabled else {
            return error(10014, "Insufficient app permissions!", request.path, status: 403)
        }
        guard let name = request.parameters["type"], let counter = UnreadCounter(rawValue: name) else {
            return error(10017, "parameter (type)'s value invalid", request.path)
        }
        if let limited = spendHit(request) { return limited }
        counts[counter] = 0
        return json(ResultFlag(result: true))
    }

    private func rateLimitStatus(_ request: SandboxRequest) -> SandboxResponse {
        if case .failure(let error) = authenticate(request) { return error.response }
        let now = clock()
        let window = hits[token(of: request) ?? ""] ?? (now, 0)
        let resetIn = max(0, 3600 - Int(now.seconds(since: window.windowStart)))
        let reset = CivilTime(
            secondsSince1970: Int64(now.secondsSince1970) + Int64(resetIn), utcOffset: FixedOffsetZone.chinaStandard.secondsEastOfUTC)
        let resetText = "\(reset.year)-\(pad(reset.month))-\(pad(reset.day)) \(pad(reset.hour)):\(pad(reset.minute)):\(pad(reset.second))"
        return json(
            RateLimitStatus(
                ipLimit: 10_000, remainingIPHits: 10_000 - window.count, remainingUserHits: max(0, Self.hourlyLimit - window.count),
                resetTime: resetText, resetTimeInSeconds: resetIn, userLimit: Self.hourlyLimit))
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

}
