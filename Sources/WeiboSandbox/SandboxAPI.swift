public import FoundationEssentials
public import WeiboKit

/// The fake Weibo: users, statuses, counters, tokens, rate limits and faults, answering
/// requests as the real API does (`../shared/weibo-api.md`), errors included.
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

    public struct Options: Sendable {
        public var seed: UInt64 = 1
        /// Reading the home timeline resets the `status` counter, as the real API does.
        public var resetStatusOnRead = true
        /// Allow `remind/set_count.json` (an advanced API ordinary apps are refused).
        public var setCountEnabled = false
        /// Statuses on the timeline at start.
        public var initialStatuses = 120

        public init() {}
    }

    public let options: Options
    private let clock: () -> Date
    private var generator: StatusGenerator
    private var random: SeededRandom
    /// Newest first.
    public private(set) var statuses: [Status] = []
    public private(set) var counts = UnreadCounts()
    private var tokens: [String: Token] = [:]
    private var codes: [String: (redirectURI: String, used: Bool)] = [:]
    private var hits: [String: (windowStart: Date, count: Int)] = [:]
    private var faults: [(kind: FaultKind, remaining: Int, seconds: Int)] = []
    /// The token printed at start, valid for the owner.
    public private(set) var readyToken = ""

    struct Token {
        var uid: Int64
        var createdAt: Date
        var expiresIn: Int64
        var revoked = false
    }

    /// What `/_sandbox/faults` can inject into the next API responses.
    public enum FaultKind: String, CaseIterable, Sendable {
        case http500, html502, malformed, truncated, delay, drop
        case expiredToken = "expired_token"
        case rateLimit = "rate_limit"
    }

    public init(options: Options = Options(), clock: @escaping () -> Date = { Date() }) {
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
        statuses = generator.statuses(count: options.initialStatuses)
        counts = UnreadCounts()
        tokens = [:]
        codes = [:]
        hits = [:]
        faults = []
        readyToken = issueToken(uid: Self.ownerUID, lifetime: Self.tokenLifetime)
    }

    // MARK: - Things happening

    /// `count` new statuses arrive now; `status` rises by as many.
    public func addStatuses(_ count: Int) {
        for _ in 0..<max(count, 0) {
            statuses.insert(generator.status(postedAt: clock()), at: 0)
        }
        counts.status += max(count, 0)
    }

    /// One tick of life: a new status, and now and then a comment, mention, message or follower.
    public func tick() {
        addStatuses(1)
        if random.chance(35) {
            let counter = random.pick([UnreadCounter.cmt, .mentionStatus, .mentionCmt, .dm, .follower])
            counts[counter] += 1
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
        if request.path.hasPrefix("/_sandbox/") { return control(request) }
        if let fault = takeFault(for: request) { return fault }
        return answer(request)
    }

    /// The API's answer, faults aside (a delayed request is answered with this).
    public func answer(_ request: SandboxRequest) -> SandboxResponse {
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
    private func authenticate(_ request: SandboxRequest) -> Result<Int64, SandboxError> {
        guard let token = token(of: request), let record = tokens[token], !record.revoked else {
            return .failure(SandboxError(error(21332, "invalid_access_token", request.path)))
        }
        if Int64(clock().timeIntervalSince(record.createdAt)) >= record.expiresIn {
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
        if now.timeIntervalSince(window.windowStart) >= 3600 { window = (now, 0) }
        window.count += 1
        hits[token] = window
        if window.count > Self.hourlyLimit {
            return error(10023, "User requests out of rate limit!", request.path, status: 403)
        }
        return nil
    }

    private func takeFault(for request: SandboxRequest) -> SandboxResponse? {
        guard !faults.isEmpty else { return nil }
        let path = request.path
        let fault = faults[0]
        faults[0].remaining -= 1
        if faults[0].remaining <= 0 { faults.removeFirst() }
        switch fault.kind {
        case .http500: return error(10001, "system error!", path, status: 500)
        case .html502:
            return SandboxResponse(
                status: 502,
                html: "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n")
        case .malformed: return SandboxResponse(json: "{\"statuses\":[{\"id\":4530000000000001,\"text\":\"broken\",,]")
        case .truncated:
            var response = answer(request)
            response.fault = .truncate
            return response
        case .delay:
            return SandboxResponse(status: 0, body: [], fault: .delay(seconds: fault.seconds))
        case .drop: return SandboxResponse(status: 0, body: [], fault: .drop)
        case .expiredToken: return error(21327, "expired_token", path)
        case .rateLimit: return error(10023, "User requests out of rate limit!", path, status: 403)
        }
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
        let c = counts
        return SandboxResponse(
            json: "{\"status\":\(c.status),\"follower\":\(c.follower),\"cmt\":\(c.cmt),\"dm\":\(c.dm),"
                + "\"mention_status\":\(c.mentionStatus),\"mention_cmt\":\(c.mentionCmt),\"group\":0,\"notice\":0,"
                + "\"invite\":0,\"badge\":0,\"photo\":0,\"all_cmt\":\(c.cmt),\"attention_cmt\":0,"
                + "\"all_mention_status\":\(c.mentionStatus),\"all_follower\":\(c.follower),\"chat_group_pc\":0,"
                + "\"page_friends_to_me\":0}")
    }

    private func timeline(_ request: SandboxRequest) -> SandboxResponse {
        if case .failure(let error) = authenticate(request) { return error.response }
        if let limited = spendHit(request) { return limited }
        let parameters = request.parameters
        func number(_ name: String) -> Int64?? {
            guard let text = parameters[name], !text.isEmpty else { return .some(nil) }
            return Int64(text).map { .some($0) } ?? nil
        }
        guard let sinceID = number("since_id"), let maxID = number("max_id"), let countValue = number("count"),
              let pageValue = number("page")
        else {
            return error(10017, "parameter (since_id, max_id, count or page)'s value invalid", request.path)
        }
        let count = Int(min(max(countValue ?? 20, 1), 100))
        let page = Int(max(pageValue ?? 1, 1))
        let matching = statuses.filter { status in
            (sinceID.map { status.id > $0 } ?? true) && (maxID.map { status.id <= $0 } ?? true)
        }
        let start = min((page - 1) * count, matching.count)
        let slice = Array(matching[start..<min(start + count, matching.count)])
        let more = start + count < matching.count
        if options.resetStatusOnRead { counts.status = 0 }
        return json(TimelinePage(
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
        let resetIn = max(0, 3600 - Int(now.timeIntervalSince(window.windowStart)))
        let reset = CivilTime(
            secondsSince1970: Int64(now.timeIntervalSince1970) + Int64(resetIn), utcOffset: FixedOffsetZone.chinaStandard.secondsEastOfUTC)
        let resetText = "\(reset.year)-\(pad(reset.month))-\(pad(reset.day)) \(pad(reset.hour)):\(pad(reset.minute)):\(pad(reset.second))"
        return json(RateLimitStatus(
            ipLimit: 10_000, remainingIPHits: 10_000 - window.count, remainingUserHits: max(0, Self.hourlyLimit - window.count),
            resetTime: resetText, resetTimeInSeconds: resetIn, userLimit: Self.hourlyLimit))
    }

    private func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

    // MARK: OAuth

    private func authorizePage(_ request: SandboxRequest) -> SandboxResponse {
        let parameters = request.parameters
        guard parameters["client_id"] == Self.appKey else {
            return SandboxResponse(status: 400, html: page("Error", "<p>invalid_client: unknown app key (error 21324)</p>"))
        }
        guard let redirect = parameters["redirect_uri"], !redirect.isEmpty else {
            return SandboxResponse(status: 400, html: page("Error", "<p>redirect_uri_mismatch (error 21322)</p>"))
        }
        let hidden = ["client_id", "redirect_uri", "state", "response_type"].compactMap { name in
            parameters[name].map { "<input type=\"hidden\" name=\"\(name)\" value=\"\(escapeHTML($0))\">" }
        }.joined()
        return SandboxResponse(html: page(
            "授权 Authorize",
            "<p>Weibo Notifier (sandbox) asks to read your timeline and unread counts.</p>"
                + "<form method=\"post\" action=\"/oauth2/authorize\">\(hidden)"
                + "<button name=\"action\" value=\"approve\">授权 Approve</button> "
                + "<button name=\"action\" value=\"deny\">取消 Deny</button></form>"))
    }

    private func approve(_ request: SandboxRequest) -> SandboxResponse {
        let parameters = request.parameters
        guard parameters["client_id"] == Self.appKey, let redirect = parameters["redirect_uri"], !redirect.isEmpty else {
            return SandboxResponse(status: 400, html: page("Error", "<p>invalid_client (error 21324)</p>"))
        }
        let state = parameters["state"].map { "&state=" + FormEncoding.escape($0) } ?? ""
        let separator = redirect.contains("?") ? "&" : "?"
        if parameters["action"] == "deny" {
            let location = redirect + separator + "error=access_denied&error_code=21330&error_description=user%20denied" + state
            return SandboxResponse(status: 302, contentType: "text/html", body: [], headers: [("Location", location)])
        }
        let alphabet = Array("abcdef0123456789")
        let code = String((0..<32).map { _ in random.pick(alphabet) })
        codes[code] = (redirect, false)
        return SandboxResponse(status: 302, contentType: "text/html", body: [], headers: [("Location", redirect + separator + "code=\(code)" + state)])
    }

    /// The default callback page: shows the code for the user to copy.
    private func defaultCallbackPage(_ request: SandboxRequest) -> SandboxResponse {
        let code = request.parameters["code"].map(escapeHTML) ?? ""
        return SandboxResponse(html: page("授权成功 Approved", "<p>Copy this code into the terminal:</p><p><code>\(code)</code></p>"))
    }

    private func accessToken(_ request: SandboxRequest) -> SandboxResponse {
        let parameters = request.parameters
        let path = request.path
        guard parameters["client_id"] == Self.appKey, parameters["client_secret"] == Self.appSecret else {
            return error(21324, "invalid_client", path, status: 401, description: "unknown client_id or wrong client_secret")
        }
        guard parameters["grant_type"] == "authorization_code" else {
            return error(21323, "invalid_request", path, description: "grant_type must be authorization_code")
        }
        guard let code = parameters["code"], let record = codes[code], !record.used else {
            return error(21325, "invalid_grant", path, description: "invalid authorization code:\(parameters["code"] ?? "")")
        }
        guard parameters["redirect_uri"] == record.redirectURI else {
            return error(21322, "redirect_uri_mismatch", path, description: "redirect_uri does not match the authorization")
        }
        codes[code]?.used = true
        let token = issueToken(uid: Self.ownerUID, lifetime: Self.tokenLifetime)
        // Mixed types, as the real server sends them.
        return SandboxResponse(
            json: "{\"access_token\":\"\(token)\",\"remind_in\":\"\(Self.tokenLifetime)\",\"expires_in\":\(Self.tokenLifetime),"
                + "\"uid\":\"\(Self.ownerUID)\",\"isRealName\":\"true\"}")
    }

    private func tokenInfo(_ request: SandboxRequest) -> SandboxResponse {
        guard let token = request.parameters["access_token"], let record = tokens[token], !record.revoked else {
            return error(21332, "invalid_access_token", request.path)
        }
        let left = record.expiresIn - Int64(clock().timeIntervalSince(record.createdAt))
        return SandboxResponse(
            json: "{\"uid\":\(record.uid),\"appkey\":\(Self.appKey),\"scope\":null,"
                + "\"create_at\":\(Int64(record.createdAt.timeIntervalSince1970)),\"expire_in\":\(left)}")
    }

    private func revoke(_ request: SandboxRequest) -> SandboxResponse {
        guard let token = request.parameters["access_token"], tokens[token] != nil, tokens[token]?.revoked == false else {
            return error(21332, "invalid_access_token", request.path)
        }
        tokens[token]?.revoked = true
        return SandboxResponse(json: "{\"result\":\"true\"}")
    }

    // MARK: Control

    private func control(_ request: SandboxRequest) -> SandboxResponse {
        let parameters = request.parameters
        switch (request.method, request.path) {
        case ("POST", "/_sandbox/statuses"):
            guard let count = Int(parameters["count"] ?? "1"), (1...1000).contains(count) else {
                return controlError("count must be a whole number from 1 to 1000")
            }
            addStatuses(count)
        case ("POST", "/_sandbox/counts"):
            for (name, value) in parameters {
                guard let counter = UnreadCounter(rawValue: name), let amount = Int(value), amount >= 0 else {
                    return controlError("unknown counter or bad amount: \(name)=\(value)")
                }
                counts[counter] += amount
            }
        case ("POST", "/_sandbox/faults"):
            guard let name = parameters["kind"], let kind = FaultKind(rawValue: name) else {
                let kinds = FaultKind.allCases.map(\.rawValue).joined(separator: ", ")
                return controlError("kind must be one of \(kinds)")
            }
            guard let count = Int(parameters["count"] ?? "1"), count >= 1,
                  let seconds = Int(parameters["seconds"] ?? "5"), seconds >= 0
            else {
                return controlError("count must be 1 or more, seconds 0 or more")
            }
            faults.append((kind, count, seconds))
        case ("POST", "/_sandbox/token"):
            guard let lifetime = Int64(parameters["expires_in"] ?? String(Self.tokenLifetime)) else {
                return controlError("expires_in must be a whole number of seconds")
            }
            let uid = Int64(parameters["uid"] ?? "") ?? Self.ownerUID
            let token = issueToken(uid: uid, lifetime: lifetime)
            return SandboxResponse(json: "{\"access_token\":\"\(token)\",\"uid\":\(uid),\"expires_in\":\(lifetime)}")
        case ("POST", "/_sandbox/reset"):
            reset()
        case ("GET", "/_sandbox/state"):
            break
        default:
            return SandboxResponse(status: 404, json: "{\"error\":\(JSONText.quoted("unknown sandbox control \(request.path)"))}")
        }
        return stateAnswer()
    }

    private func stateAnswer() -> SandboxResponse {
        let countsJSON = (try? WeiboJSON.encode(counts)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return SandboxResponse(
            json: "{\"result\":true,\"counts\":\(countsJSON),\"statuses\":\(statuses.count),"
                + "\"newest_id\":\(statuses.first?.id ?? 0),\"pending_faults\":\(faults.reduce(0) { $0 + $1.remaining })}")
    }

    private func controlError(_ message: String) -> SandboxResponse {
        SandboxResponse(status: 400, json: "{\"error\":\(JSONText.quoted(message))}")
    }

    private func page(_ title: String, _ body: String) -> String {
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>\(title)</title></head>"
            + "<body><h1>\(title)</h1>\(body)</body></html>"
    }

    private func escapeHTML(_ text: String) -> String {
        Markup.escaped(text, quotes: true)
    }
}
