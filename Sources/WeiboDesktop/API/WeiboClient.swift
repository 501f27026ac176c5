public import WeiboKit
import WeiboPlatform

/// The Weibo Open API calls the notifier makes, each ending in a WeiboKit model or a
/// `WeiboClientError`. Calls are asynchronous: the completion runs on this thread's main
/// context. The token travels in the `Authorization` header of API calls, so that no URL, log
/// line or error message ever holds it; the OAuth endpoints take it as a form field.
public final class WeiboClient {
    public let endpoints: WeiboEndpoints
    private let http: HTTPClient

    public init(endpoints: WeiboEndpoints, http: HTTPClient = HTTPClient()) {
        self.endpoints = endpoints
        self.http = http
    }

    public typealias Completion<Model> = (Result<Model, WeiboClientError>) -> Void

    /// `remind/unread_count.json` for the account's own user (not rate limited), with the likes
    /// counters where Weibo gives them to this app (never a call of their own).
    public func unreadCounts(for account: Account, completion: @escaping Completion<UnreadCounts>) {
        let parameters = [("uid", String(account.uid)), ("with_comment_attitude", "true")]
        call(
            HTTPRequest(.get, endpoints.unreadCount, parameters: parameters, headers: auth(account), bodyLimit: HTTPRequest.smallLimit),
            as: UnreadCounts.self, completion: completion)
    }

    /// `statuses/home_timeline.json`: newest first; `sinceID` for newer than, `maxID` for at most.
    public func homeTimeline(
        for account: Account, count: Int = 20, sinceID: Int64? = nil, maxID: Int64? = nil, page: Int? = nil,
        completion: @escaping Completion<TimelinePage>
    ) {
        var parameters = [("count", String(min(max(count, 1), 100)))]
        if let sinceID { parameters.append(("since_id", String(sinceID))) }
        if let maxID { parameters.append(("max_id", String(maxID))) }
        if let page { parameters.append(("page", String(page))) }
        call(
            HTTPRequest(.get, endpoints.homeTimeline, parameters: parameters, headers: auth(account)),
            as: TimelinePage.self, completion: completion)
    }

    /// `comments/to_me.json`: comments on the user's statuses, newer than `sinceID` and at most
    /// `maxID` when given (at most `DetailSource.pageSize` a call).
    public func commentsToMe(
        for account: Account, sinceID: Int64? = nil, maxID: Int64? = nil, count: Int = 20, completion: @escaping Completion<CommentsPage>
    ) {
        list(endpoints.commentsToMe, for: account, sinceID: sinceID, maxID: maxID, count: count, completion: completion)
    }

    /// `friendships/followers.json`: the user's newest followers (one call of the day's budget).
    public func followers(for account: Account, count: Int, completion: @escaping Completion<FollowersPage>) {
        let parameters = [("uid", String(account.uid)), ("count", String(min(max(count, 1), 200)))]
        call(HTTPRequest(.get, endpoints.followers, parameters: parameters, headers: auth(account)), as: FollowersPage.self, completion: completion)
    }

    /// `comments/mentions.json`: comments that @mention the user.
    public func commentMentions(
        for account: Account, sinceID: Int64? = nil, maxID: Int64? = nil, count: Int = 20, completion: @escaping Completion<CommentsPage>
    ) {
        list(endpoints.commentMentions, for: account, sinceID: sinceID, maxID: maxID, count: count, completion: completion)
    }

    /// `statuses/mentions.json`: statuses that @mention the user.
    public func statusMentions(
        for account: Account, sinceID: Int64? = nil, maxID: Int64? = nil, count: Int = 20, completion: @escaping Completion<MentionsPage>
    ) {
        list(endpoints.statusMentions, for: account, sinceID: sinceID, maxID: maxID, count: count, completion: completion)
    }

    /// One page of the list at `endpoint` (`listParameters`).
    private func list<Page: Decodable>(
        _ endpoint: String, for account: Account, sinceID: Int64?, maxID: Int64?, count: Int, completion: @escaping Completion<Page>
    ) {
        let parameters = Self.listParameters(sinceID: sinceID, maxID: maxID, count: count)
        call(HTTPRequest(.get, endpoint, parameters: parameters, headers: auth(account)), as: Page.self, completion: completion)
    }

    /// `comments/reply.json`: answers comment `cid` on status `statusID`; the new comment.
    public func reply(for account: Account, toComment cid: Int64, onStatus statusID: Int64, text: String, completion: @escaping Completion<Comment>) {
        let form = [("cid", String(cid)), ("id", String(statusID)), ("comment", text)]
        call(HTTPRequest(.post, endpoints.commentReply, parameters: form, headers: auth(account)), as: Comment.self, completion: completion)
    }

    /// `comments/create.json`: comments on status `statusID`; the new comment.
    public func comment(for account: Account, onStatus statusID: Int64, text: String, completion: @escaping Completion<Comment>) {
        let form = [("id", String(statusID)), ("comment", text)]
        call(HTTPRequest(.post, endpoints.commentCreate, parameters: form, headers: auth(account)), as: Comment.self, completion: completion)
    }

    private static func listParameters(sinceID: Int64?, maxID: Int64?, count: Int) -> [(String, String)] {
        var parameters = [("count", String(min(max(count, 1), DetailSource.pageSize)))]
        if let sinceID { parameters.append(("since_id", String(sinceID))) }
        if let maxID { parameters.append(("max_id", String(maxID))) }
        return parameters
    }

    /// `account/rate_limit_status.json`.
    public func rateLimitStatus(for account: Account, completion: @escaping Completion<RateLimitStatus>) {
        call(
            HTTPRequest(.get, endpoints.rateLimitStatus, headers: auth(account), bodyLimit: HTTPRequest.smallLimit), as: RateLimitStatus.self,
            completion: completion)
    }

    /// `users/show.json`: the user `uid` (their screen name, for naming an account).
    public func user(_ uid: Int64, for account: Account, completion: @escaping Completion<User>) {
        call(HTTPRequest(.get, endpoints.userShow, parameters: [("uid", String(uid))], headers: auth(account)), as: User.self, completion: completion)
    }

    /// The page the user opens to let this app read their account (`oauth2/authorize`);
    /// `forceLogin` asks for the password again (to choose another account in the same browser).
    public func authorizeURL(appKey: String, redirectURI: String, state: String, forceLogin: Bool = false) -> String {
        var parameters = [("client_id", appKey), ("redirect_uri", redirectURI), ("response_type", "code"), ("state", state), ("display", "client")]
        if forceLogin { parameters.append(("forcelogin", "true")) }
        return endpoints.authorize + "?" + HTTPRequest.formEncode(parameters)
    }

    /// `oauth2/access_token`: trades an authorization code for a token.
    public func accessToken(
        appKey: String, appSecret: String, code: String, redirectURI: String, completion: @escaping Completion<AccessTokenGrant>
    ) {
        let form = [
            ("client_id", appKey), ("client_secret", appSecret), ("grant_type", "authorization_code"), ("code", code),
            ("redirect_uri", redirectURI),
        ]
        call(
            HTTPRequest(.post, endpoints.accessToken, parameters: form, bodyLimit: HTTPRequest.smallLimit), as: AccessTokenGrant.self,
            completion: completion)
    }

    /// `oauth2/get_token_info`: whose token it is and how long it lives.
    public func tokenInfo(accessToken: String, completion: @escaping Completion<TokenInfo>) {
        call(
            HTTPRequest(.post, endpoints.tokenInfo, parameters: [("access_token", accessToken)], bodyLimit: HTTPRequest.smallLimit), as: TokenInfo.self,
            completion: completion)
    }

    /// `oauth2/revokeoauth2`: ends the login on Weibo's side.
    public func revoke(accessToken: String, completion: @escaping Completion<Bool>) {
        call(HTTPRequest(.post, endpoints.revoke, parameters: [("access_token", accessToken)], bodyLimit: HTTPRequest.smallLimit), as: ResultFlag.self) {
            completion($0.map(\.result))
        }
    }

    // MARK: - One call

    private func auth(_ account: Account) -> [(String, String)] {
        [("Authorization", "OAuth2 \(account.accessToken)")]
    }

    private func call<Model: Decodable>(_ request: HTTPRequest, as model: Model.Type, completion: @escaping Completion<Model>) {
        // The path for the log and the errors, made only when one of them is.
        let path = { request.loggablePath }
        Log.debug("\(request.method.rawValue) \(path())")
        http.send(request) { result in
            switch result {
            case .failure(.tooLarge(_, let limit)):
                // Past its cap an answer is no reading of the model: malformed, not a network failure.
                let failure = DecodingFailure(codingPath: "", message: .tr("the response is larger than %s KiB", .text(String(limit >> 10))))
                Log.warning("malformed answer for \(path()): \(failure)")
                completion(.failure(.malformed(path: path(), failure)))
            case .failure(let error):
                Log.debug("\(path()): \(error)")
                completion(.failure(.transport(error)))
            case .success(let response):
                completion(Self.interpret(response, path: path(), as: model))
            }
        }
    }

    /// A response as the model, Weibo's error body, or what went wrong. Weibo's `error_code`
    /// decides whatever the status; any other non-200 answer is an HTTP error, even when its
    /// body happens to read as the model (a gateway's JSON page is no reading).
    public static func interpret<Model: Decodable>(
        _ response: HTTPResponse, path: @autoclosure () -> String, as model: Model.Type
    ) -> Result<Model, WeiboClientError> {
        do {
            let body = try WeiboJSON.decode(model, from: [UInt8](response.body))
            guard response.status == 200 else {
                return .failure(.http(status: response.status, path: path(), detail: summary(of: response)))
            }
            return .success(body)
        } catch {
            switch error {
            case .api(let apiError):
                return .failure(.api(apiError))
            case .malformed(let failure):
                if response.status != 200 {
                    return .failure(.http(status: response.status, path: path(), detail: summary(of: response)))
                }
                Log.warning("malformed answer for \(path()): \(failure)")
                return .failure(.malformed(path: path(), failure))
            }
        }
    }

    /// A short description of a non-Weibo body: its title or first words.
    static func summary(of response: HTTPResponse) -> String {
        let text = String(decoding: response.body.prefix(2048), as: UTF8.self)
        if let open = text.range(ofText: "<title>"), let close = text[open.upperBound...].range(ofText: "</title>") {
            return String(text[open.upperBound..<close.lowerBound]).trimmed(of: " \n\r\t")
        }
        if response.body.isEmpty { return tr("empty body") }
        let kind = response.contentType ?? tr("unknown type")
        return tr("%s, %d bytes", kind, response.body.count)
    }
}
