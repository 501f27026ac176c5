import Foundation
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboSandbox
import WeiboTestSupport

/// The OAuth round trip through the sandbox: authorize page, approval, code, token, token info, revoke.
@Suite(.endToEnd) struct OAuthTests {
    func send(_ harness: SandboxHarness, _ request: HTTPRequest) -> HTTPResponse? {
        var outcome: Result<HTTPResponse, HTTPError>?
        HTTPClient(totalTimeout: 5, trustedCAFile: try? SandboxHarness.certificate.get().certificateFile).send(request) { outcome = $0 }
        MainContext.run(timeout: 10) { outcome != nil }
        return try? outcome?.get()
    }

    /// The user's answer on the sign-in page (`action` "approve" or "deny"), as the page posts it.
    func answer(_ harness: SandboxHarness, _ action: String, redirect: String, state: String) -> HTTPResponse? {
        let fields = [("client_id", SandboxAPI.appKey), ("redirect_uri", redirect), ("state", state), ("action", action)]
        return send(harness, HTTPRequest(.post, harness.server.baseURL + "/oauth2/authorize", parameters: fields))
    }
    @Test func roundTrip() throws {
        try SandboxHarness.run { harness in
            let redirect = harness.server.baseURL + "/oauth2/default.html"
            let url = harness.client.authorizeURL(appKey: SandboxAPI.appKey, redirectURI: redirect, state: "xyz")
            #expect(url.hasPrefix(harness.server.baseURL + "/oauth2/authorize?client_id=2975361648"))

            // The page the browser shows, then the user's approval.
            let page = try #require(send(harness, HTTPRequest(.get, url)))
            #expect(page.status == 200)
            #expect(String(decoding: page.body, as: UTF8.self).contains("Approve"))
            let approval = try #require(answer(harness, "approve", redirect: redirect, state: "xyz"))
            #expect(approval.status == 302)
            let location = try #require(approval.headers["location"])
            #expect(location.hasPrefix(redirect + "?code="))
            #expect(location.hasSuffix("&state=xyz"))
            let code = try #require(LoginCode.extract(from: location))

            let grant = try #require(
                try harness.wait {
                    harness.client.accessToken(appKey: SandboxAPI.appKey, appSecret: SandboxAPI.appSecret, code: code, redirectURI: redirect, completion: $0)
                }?.get())
            #expect(grant.uid == SandboxAPI.ownerUID)
            #expect(grant.expiresIn == SandboxAPI.tokenLifetime)

            // A code is good once.
            let again = harness.wait {
                harness.client.accessToken(appKey: SandboxAPI.appKey, appSecret: SandboxAPI.appSecret, code: code, redirectURI: redirect, completion: $0)
            }
            #expect(again.flatMap(apiCode) == 21325)

            let info = try #require(try harness.wait { harness.client.tokenInfo(accessToken: grant.accessToken, completion: $0) }?.get())
            #expect(info.uid == SandboxAPI.ownerUID)
            #expect(info.expireIn > 0 && info.expireIn <= SandboxAPI.tokenLifetime)

            let account = Account(grant, receivedAt: Timestamp.now)
            #expect(try harness.wait { harness.client.unreadCounts(for: account, completion: $0) }?.get() != nil)
            #expect(try harness.wait { harness.client.revoke(accessToken: grant.accessToken, completion: $0) }?.get() == true)
            #expect(harness.wait { harness.client.unreadCounts(for: account, completion: $0) }.flatMap(apiCode) == 21332)
        }
    }

    @Test func denialRedirectsWithWeibosErrorParameters() throws {
        try SandboxHarness.run { harness in
            let redirect = "https://api.weibo.com/oauth2/default.html"
            let denial = try #require(answer(harness, "deny", redirect: redirect, state: "s"))
            let location = try #require(denial.headers["location"])
            #expect(location.hasPrefix(redirect + "?error=access_denied&error_code=21330"))
            #expect(LoginCode.extract(from: location) == nil)
            let unknownApp = try #require(send(harness, HTTPRequest(.get, harness.server.baseURL + "/oauth2/authorize?client_id=1&redirect_uri=x")))
            #expect(unknownApp.status == 400)
        }
    }

    @Test func wrongSecretAndRedirectAreRefused() throws {
        try SandboxHarness.run { harness in
            let wrongSecret = harness.wait {
                harness.client.accessToken(appKey: SandboxAPI.appKey, appSecret: "guess", code: "abc", redirectURI: "x", completion: $0)
            }
            #expect(wrongSecret.flatMap(apiCode) == 21324)
            let noCode = harness.wait {
                harness.client.accessToken(appKey: SandboxAPI.appKey, appSecret: SandboxAPI.appSecret, code: "abc", redirectURI: "x", completion: $0)
            }
            #expect(noCode.flatMap(apiCode) == 21325)
            guard case .failure(let error) = noCode else { return }
            #expect(error.description.contains("invalid authorization code"))
        }
    }

    @Test(
        arguments: [
            ("0a1b2c", "0a1b2c"),
            ("  0a1b2c\n", "0a1b2c"),
            ("https://api.weibo.com/oauth2/default.html?code=0a1b2c&state=s", "0a1b2c"),
            ("http://127.0.0.1:8080/oauth2/default.html?state=s&code=0a1b2c", "0a1b2c"),
            ("https://api.weibo.com/oauth2/default.html?error=access_denied&error_code=21330", nil),
            ("", nil),
            ("two words", nil),
        ] as [(String, String?)])
    func codeFromWhatTheUserPastes(_ input: String, _ code: String?) {
        #expect(LoginCode.extract(from: input) == code)
    }

    /// A pasted answer for the login whose state is "s": its code, or why none.
    @Test(
        arguments: [
            ("0a1b2c", .success("0a1b2c")),
            ("https://api.weibo.com/oauth2/default.html?code=0a1b2c&state=s", .success("0a1b2c")),
            ("https://api.weibo.com/oauth2/default.html?code=0a1b2c", .success("0a1b2c")),
            ("https://api.weibo.com/oauth2/default.html?code=0a1b2c&state=t", .failure(.otherAttempt)),
            ("https://api.weibo.com/oauth2/default.html?error=access_denied&error_description=user%20denied&state=s", .failure(.denied("user denied"))),
            ("https://api.weibo.com/oauth2/default.html?error=access_denied", .failure(.denied("access_denied"))),
            ("  no code here ", .failure(.notACode("no code here"))),
            ("", .failure(.notACode(""))),
        ] as [(String, Result<String, LoginCode.Refusal>)])
    func aPastedAnswerIsReadForItsLogin(_ input: String, _ expected: Result<String, LoginCode.Refusal>) {
        #expect(LoginCode.read(input, state: "s") == expected)
    }

    /// The sandbox's raw answers have the real API's field types.
    @Test func rawAnswersHaveTheDocumentedTypes() throws {
        try SandboxHarness.run { harness in
            let auth = "OAuth2 \(harness.api.readyToken)"
            let unread = harness.api.handle(
                SandboxRequest(
                    method: "GET", path: "/2/remind/unread_count.json", parameters: ["uid": String(SandboxAPI.ownerUID)], authorization: auth))
            let counts = try #require(try JSONSerialization.jsonObject(with: Data(unread.body)) as? [String: Any])
            for key in ["status", "follower", "cmt", "dm", "mention_status", "mention_cmt"] {
                #expect(counts[key] is NSNumber, "\(key)")
            }
            let timeline = harness.api.handle(SandboxRequest(method: "GET", path: "/2/statuses/home_timeline.json", authorization: auth))
            let page = try #require(try JSONSerialization.jsonObject(with: Data(timeline.body)) as? [String: Any])
            #expect(page["next_cursor"] is NSNumber && page["next_cursor_str"] is String)
            let status = try #require((page["statuses"] as? [[String: Any]])?.first)
            #expect(status["id"] is NSNumber && status["idstr"] is String && status["mid"] is String)
            #expect(status["created_at"] as? String != nil && WeiboDate.parse(status["created_at"] as? String ?? "") != nil)
            #expect(status["in_reply_to_status_id"] as? String == "")
            let missing = harness.api.handle(SandboxRequest(method: "GET", path: "/2/statuses/home_timeline.json"))
            #expect(missing.status == 400)
            let error = try #require(try JSONSerialization.jsonObject(with: Data(missing.body)) as? [String: Any])
            #expect(error["error_code"] as? Int == 21332)
            #expect(error["request"] as? String == "/2/statuses/home_timeline.json")
        }
    }
}
