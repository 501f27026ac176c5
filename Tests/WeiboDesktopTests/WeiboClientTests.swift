import Foundation
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboSandbox
import WeiboTestSupport

/// The client against the sandbox on 127.0.0.1: every endpoint, every fault.
@Suite(.endToEnd) struct WeiboClientTests {
    func raise(_ harness: SandboxHarness, _ counters: [String: String]) {
        _ = harness.api.handle(SandboxRequest(method: "POST", path: "/_sandbox/counts", parameters: counters))
    }

    func inject(_ harness: SandboxHarness, _ kind: String, count: Int = 1, seconds: Int = 5) {
        let response = harness.api.handle(
            SandboxRequest(
                method: "POST", path: "/_sandbox/faults", parameters: ["kind": kind, "count": String(count), "seconds": String(seconds)]))
        #expect(response.status == 200)
    }

    @Test func unreadCountsFollowTheSandbox() throws {
        try SandboxHarness.run { harness in
            harness.api.addStatuses(3)
            raise(harness, ["cmt": "2", "dm": "1", "mention_status": "4", "follower": "1"])
            let counts = try #require(try harness.wait { harness.client.unreadCounts(for: harness.account, completion: $0) }?.get())
            #expect(counts == UnreadCounts(status: 3, follower: 1, cmt: 2, dm: 1, mentionStatus: 4))
        }
    }

    @Test func eachSandboxUserHasATimelineCommentsAndCountersOfTheirOwn() throws {
        try SandboxHarness.run { harness in
            let (user, token) = harness.api.addUser()
            let other = Account(accessToken: token, uid: user.id, issuedAt: Timestamp.now, expiresIn: 86_400)
            _ = harness.api.handle(SandboxRequest(method: "POST", path: "/_sandbox/comments", parameters: ["count": "2", "uid": String(user.id)]))
            _ = harness.api.handle(SandboxRequest(method: "POST", path: "/_sandbox/statuses", parameters: ["count": "1", "uid": String(user.id)]))
            let theirs = try #require(try harness.wait { harness.client.commentsToMe(for: other, completion: $0) }?.get())
            #expect(theirs.comments.count == 2)
            #expect(theirs.comments.allSatisfy { $0.status?.user?.id == user.id }, "comments on their own posts")
            let mine = try #require(try harness.wait { harness.client.commentsToMe(for: harness.account, completion: $0) }?.get())
            #expect(mine.comments.isEmpty, "the owner got none")
            let counts = try #require(try harness.wait { harness.client.unreadCounts(for: other, completion: $0) }?.get())
            #expect(counts == UnreadCounts(status: 1, cmt: 2))
            let timeline = try #require(try harness.wait { harness.client.homeTimeline(for: other, completion: $0) }?.get())
            let ownersTimeline = try #require(try harness.wait { harness.client.homeTimeline(for: harness.account, completion: $0) }?.get())
            #expect(timeline.statuses.first?.id != ownersTimeline.statuses.first?.id, "a timeline of their own")
            let unknown = harness.api.handle(SandboxRequest(method: "POST", path: "/_sandbox/statuses", parameters: ["uid": "42"]))
            #expect(unknown.status == 400)
        }
    }

    @Test func homeTimelinePagesAndResetsTheStatusCounter() throws {
        try SandboxHarness.run { harness in
            harness.api.addStatuses(5)
            let first = try #require(try harness.wait { harness.client.homeTimeline(for: harness.account, count: 10, completion: $0) }?.get())
            #expect(first.statuses.count == 10)
            #expect(first.statuses.map(\.id) == first.statuses.map(\.id).sorted(by: >), "newest first")
            #expect(first.nextCursor == first.statuses[9].id - 1)
            #expect(harness.api.counts.status == 0, "reading the timeline resets the status counter")

            let older = try #require(
                try harness.wait {
                    harness.client.homeTimeline(for: harness.account, count: 10, maxID: first.nextCursor, completion: $0)
                }?.get())
            #expect(older.statuses.first.map { $0.id <= first.nextCursor } == true)
            #expect(Set(older.statuses.map(\.id)).isDisjoint(with: first.statuses.map(\.id)))

            let second = try #require(
                try harness.wait {
                    harness.client.homeTimeline(for: harness.account, count: 10, page: 2, completion: $0)
                }?.get())
            #expect(second.statuses.map(\.id) == older.statuses.map(\.id))

            harness.api.addStatuses(2)
            let newer = try #require(
                try harness.wait {
                    harness.client.homeTimeline(for: harness.account, sinceID: first.statuses[0].id, completion: $0)
                }?.get())
            #expect(newer.statuses.count == 2)
        }
    }

    @Test func theStatusCounterCanBeLeftAlone() throws {
        var options = SandboxAPI.Options()
        options.resetStatusOnRead = false
        try SandboxHarness.run(options: options) { harness in
            harness.api.addStatuses(4)
            _ = harness.wait { harness.client.homeTimeline(for: harness.account, completion: $0) }
            #expect(harness.api.counts.status == 4)
        }
    }

    @Test func rateLimitStatusAndTheLimitItself() throws {
        try SandboxHarness.run { harness in
            let status = try #require(try harness.wait { harness.client.rateLimitStatus(for: harness.account, completion: $0) }?.get())
            #expect(status.userLimit == 150)
            #expect(status.remainingUserHits == 150)
            for _ in 0..<150 {
                _ = harness.api.handle(
                    SandboxRequest(
                        method: "GET", path: "/2/statuses/home_timeline.json", authorization: "OAuth2 \(harness.api.readyToken)"))
            }
            let limited = harness.wait { harness.client.homeTimeline(for: harness.account, completion: $0) }
            guard case .failure(.api(let error)) = limited else {
                Issue.record("expected the rate limit, got \(String(describing: limited))")
                return
            }
            #expect(error.code == 10023)
            #expect(error.kind == .rateLimit)
            // The unread counts are never rate limited.
            #expect(try harness.wait { harness.client.unreadCounts(for: harness.account, completion: $0) }?.get() != nil)
        }
    }

    @Test func tokenErrorsAreWeibosOwn() throws {
        try SandboxHarness.run { harness in
            let unknown = harness.wait { harness.client.unreadCounts(for: harness.account(token: "2.00nonsense"), completion: $0) }
            #expect(unknown.flatMap(apiCode) == 21332)
            let expiring = try #require(
                harness.api.handle(
                    SandboxRequest(
                        method: "POST", path: "/_sandbox/token", parameters: ["expires_in": "0"])
                ).bodyJSON["access_token"] as? String)
            let expired = harness.wait { harness.client.unreadCounts(for: harness.account(token: expiring), completion: $0) }
            #expect(expired.flatMap(apiCode) == 21327)
            let wrongUser = Account(accessToken: harness.api.readyToken, uid: 42, issuedAt: harness.account.issuedAt, expiresIn: 100)
            let mismatch = harness.wait { harness.client.unreadCounts(for: wrongUser, completion: $0) }
            #expect(mismatch.flatMap(apiCode) == 21335)
            guard case .failure(.api(let error)) = mismatch else { return }
            #expect(error.kind == .wrongUser)
        }
    }

    @Test func friendsTimelineIsTheSameFeed() throws {
        try SandboxHarness.run { harness in
            let auth = "OAuth2 \(harness.api.readyToken)"
            let home = harness.api.handle(
                SandboxRequest(method: "GET", path: "/2/statuses/home_timeline.json", parameters: ["count": "5"], authorization: auth))
            let friends = harness.api.handle(
                SandboxRequest(method: "GET", path: "/2/statuses/friends_timeline.json", parameters: ["count": "5"], authorization: auth))
            #expect(home.body == friends.body)
            let bad = harness.api.handle(
                SandboxRequest(method: "GET", path: "/2/statuses/home_timeline.json", parameters: ["count": "many"], authorization: auth))
            #expect(bad.bodyJSON["error_code"] as? Int == 10017)
        }
    }

    @Test func setCountClearsOneCounterWhenEnabled() throws {
        var options = SandboxAPI.Options()
        options.setCountEnabled = true
        try SandboxHarness.run(options: options) { harness in
            raise(harness, ["cmt": "3", "dm": "2"])
            let cleared = harness.api.handle(
                SandboxRequest(
                    method: "POST", path: "/2/remind/set_count.json", parameters: ["type": "cmt"],
                    authorization: "OAuth2 \(harness.api.readyToken)"))
            #expect(cleared.status == 200)
            #expect(harness.api.counts.cmt == 0 && harness.api.counts.dm == 2)
            _ = harness.api.handle(SandboxRequest(method: "POST", path: "/_sandbox/reset"))
            #expect(harness.api.counts == UnreadCounts())
        }
    }

    /// Read elsewhere (`/_sandbox/read`): the counters named go to zero, all without a name,
    /// and an unknown name changes nothing.
    @Test func countersReadElsewhereGoToZero() throws {
        try SandboxHarness.run { harness in
            let read = { (parameters: [String: String]) in
                harness.api.handle(SandboxRequest(method: "POST", path: "/_sandbox/read", parameters: parameters)).status
            }
            raise(harness, ["cmt": "3", "dm": "2", "status": "1"])
            #expect(read(["counters": "cmt,status"]) == 200)
            #expect(harness.api.counts == UnreadCounts(dm: 2))
            #expect(read(["counters": "dm,comments"]) == 400)
            #expect(harness.api.counts == UnreadCounts(dm: 2))
            #expect(read([:]) == 200)
            #expect(harness.api.counts == UnreadCounts())
        }
    }

    @Test func setCountIsAnAdvancedAPI() throws {
        try SandboxHarness.run { harness in
            let refused = harness.api.handle(
                SandboxRequest(
                    method: "POST", path: "/2/remind/set_count.json", parameters: ["type": "cmt"],
                    authorization: "OAuth2 \(harness.api.readyToken)"))
            #expect(refused.status == 403)
            #expect(refused.bodyJSON["error_code"] as? Int == 10014)
        }
    }

    /// `slow_pictures` holds back pictures only: the API's answers and the controls pass it, and
    /// no API fault touches a picture.
    @Test func slowPicturesTouchPicturesOnly() throws {
        try SandboxHarness.run { harness in
            let picture = SandboxRequest(method: "GET", path: "/_sandbox/pictures/1-0.png")
            let timeline = SandboxRequest(method: "GET", path: "/2/statuses/home_timeline.json", authorization: "OAuth2 \(harness.api.readyToken)")
            inject(harness, "http500")
            #expect(harness.api.handle(picture).status == 200, "an API fault leaves pictures alone")
            #expect(harness.api.handle(timeline).status == 500)
            inject(harness, "slow_pictures", count: 2, seconds: 3)
            #expect(harness.api.handle(timeline).status == 200)
            #expect(harness.api.handle(SandboxRequest(method: "GET", path: "/_sandbox/state")).status == 200)
            #expect(harness.api.handle(picture).fault == .delay(seconds: 3))
            #expect(harness.api.handle(picture).fault == .delay(seconds: 3))
            #expect(harness.api.handle(picture).fault == nil, "two pictures, then none")
        }
    }

    /// Every fault the sandbox can inject: the right error, no crash, no token in the message,
    /// and the next call works again.
    /// (`permission` touches the detail endpoints only, `not_test_user` and `redirect_mismatch`
    /// the token exchange, `slow_pictures` the pictures: their own tests.)
    static let faultsWithoutTestsOfTheirOwn = SandboxAPI.FaultKind.allCases.filter {
        ![.permission, .notTestUser, .redirectMismatch, .gzip, .slowPictures].contains($0)
    }
    @Test(arguments: faultsWithoutTestsOfTheirOwn)
    func faultsBecomeClearErrors(_ kind: SandboxAPI.FaultKind) throws {
        try SandboxHarness.run(timeout: 2) { harness in
            inject(harness, kind.rawValue, seconds: 4)
            let result = try #require(harness.wait { harness.client.homeTimeline(for: harness.account, completion: $0) })
            guard case .failure(let error) = result else {
                Issue.record("\(kind) gave a timeline")
                return
            }
            switch (kind, error) {
            case (.http500, .api(let api)): #expect(api.code == 10001 && api.kind == .transient)
            case (.html502, .http(let status, _, let detail)): #expect(status == 502 && detail == "502 Bad Gateway")
            case (.hugeErrorPage, .http(let status, _, let detail)): #expect(status == 500 && detail == "500 Internal Server Error")
            case (.malformed, .malformed(let path, _)): #expect(path == "/2/statuses/home_timeline.json")
            case (.truncated, .transport(.connectionClosed)): break
            case (.delay, .transport(.timeout(let seconds))): #expect(seconds == 2)
            case (.drop, .transport(.connectionClosed)): break
            case (.expiredToken, .api(let api)): #expect(api.code == 21327 && api.kind == .auth)
            case (.rateLimit, .api(let api)): #expect(api.code == 10023)
            case (.timelinePermission, .api(let api)): #expect(api.code == 10014)
            case (.oversized, .malformed(_, let failure)), (.gzipBomb, .malformed(_, let failure)):
                #expect(failure.reason == "the response is larger than 4096 KiB")
            default: Issue.record("\(kind) gave \(error)")
            }
            #expect(!error.description.contains(harness.api.readyToken))
            #expect(!error.description.isEmpty)
            // The fault is spent: the next call answers again.
            let next = harness.wait { harness.client.unreadCounts(for: harness.account, completion: $0) }
            #expect((try? next?.get()) != nil, "after \(kind): \(String(describing: next))")
        }
    }

    /// Bug: a small gzip answer with its Content-Length (`{"status":0}` is longer compressed than
    /// decoded) read as "connection closed early": the compressed length was compared with the
    /// decoded body.
    @Test func aSmallGzipAnswerWithItsLengthIsRead() throws {
        let (server, port) = try Self.startPeer("gzip-server.py")
        defer { server.waitUntilExit() }
        try MainContext.withOwnContext {
            var outcome: Result<HTTPResponse, HTTPError>?
            HTTPClient(totalTimeout: 5).send(HTTPRequest(.get, "http://127.0.0.1:\(port)/")) { outcome = $0 }
            MainContext.run(timeout: 10) { outcome != nil }
            let response = try #require(try outcome?.get())
            #expect(String(decoding: response.body, as: UTF8.self) == "{\"status\":0}")
        }
        // The sandbox's own answers, compressed, read as well.
        try SandboxHarness.run(timeout: 10) { harness in
            inject(harness, "gzip", count: 3, seconds: 0)
            let unread = try #require(harness.wait { harness.client.unreadCounts(for: harness.account, completion: $0) })
            #expect((try? unread.get()) != nil, "\(unread)")
            let timeline = try #require(harness.wait { harness.client.homeTimeline(for: harness.account, completion: $0) })
            #expect(((try? timeline.get())?.statuses.count ?? 0) > 0, "\(timeline)")
        }
    }

    /// Starts the HTTP peer `script` of `Tests/Support` (it prints its port first); the process
    /// and the port.
    static func startPeer(_ script: String, input: Pipe? = nil) throws -> (Process, Int) {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [FixtureFiles.packageRoot().appendingPathComponent("Tests/Support/" + script).path]
        let output = Pipe()
        server.standardOutput = output
        if let input { server.standardInput = input }
        try server.run()
        let portText = output.fileHandleForReading.text(until: "\n")
        return (server, try #require(Int(portText.trimmingCharacters(in: .whitespacesAndNewlines))))
    }

    /// A request that carries the token is never sent on: a redirect is not followed, a cookie
    /// is not kept, and an answer is not cached (each request reaches the server).
    @Test func noRedirectNoCookieNoCache() throws {
        let input = Pipe()
        let (server, port) = try Self.startPeer("redirect-server.py", input: input)
        defer {
            try? input.fileHandleForWriting.close()
            server.waitUntilExit()
        }
        try MainContext.withOwnContext {
            let client = HTTPClient(totalTimeout: 5)
            var statuses: [Int] = []
            for _ in 0..<2 {
                var outcome: Result<HTTPResponse, HTTPError>?
                client.send(HTTPRequest(.get, "http://127.0.0.1:\(port)/api?access_token=secret")) { outcome = $0 }
                MainContext.run(timeout: 10) { outcome != nil }
                statuses.append((try? outcome?.get())?.status ?? -1)
            }
            #expect(statuses == [302, 302], "the redirect is answered, not followed: \(statuses)")
            var log: Result<HTTPResponse, HTTPError>?
            client.send(HTTPRequest(.get, "http://127.0.0.1:\(port)/log")) { log = $0 }
            MainContext.run(timeout: 10) { log != nil }
            let seen = String(decoding: try #require(try log?.get()).body, as: UTF8.self).split(separator: "\n").map(String.init)
            #expect(seen == ["/api?access_token=secret cookie=NO authorization=NO", "/api?access_token=secret cookie=NO authorization=NO"], "\(seen)")
        }
    }

    /// Each endpoint reads at most what it can need: 64 KiB for the unread counts (and tokens),
    /// 4 MiB for a page; a gzip body that inflates past it is stopped there, not held in memory.
    @Test(arguments: ["oversized", "gzip_bomb"])
    func bodiesAreCappedPerEndpoint(_ kind: String) throws {
        try SandboxHarness.run(timeout: 10) { harness in
            inject(harness, kind, seconds: 0)
            let unread = try #require(harness.wait { harness.client.unreadCounts(for: harness.account, completion: $0) })
            guard case .failure(.malformed(let path, let failure)) = unread else {
                Issue.record("\(kind): \(unread)")
                return
            }
            #expect(path == "/2/remind/unread_count.json" && failure.reason == "the response is larger than 64 KiB")
            #expect((try? harness.wait { harness.client.unreadCounts(for: harness.account, completion: $0) }?.get()) != nil)
        }
    }

    /// Round 4: an error page larger than the cap (a proxy's 500 of 1 MiB) was said as "larger
    /// than 64 KiB", its status lost. It is an HTTP error with its status and its title.
    @Test func aHugeErrorPageIsItsStatus() throws {
        try SandboxHarness.run(timeout: 10) { harness in
            inject(harness, "huge_error_page", seconds: 0)
            let unread = try #require(harness.wait { harness.client.unreadCounts(for: harness.account, completion: $0) })
            guard case .failure(.http(let status, let path, let detail)) = unread else {
                Issue.record("\(unread)")
                return
            }
            #expect(status == 500 && path == "/2/remind/unread_count.json" && detail == "500 Internal Server Error", "\(detail)")
            #expect((try? harness.wait { harness.client.unreadCounts(for: harness.account, completion: $0) }?.get()) != nil)
        }
    }

    @Test func transportFailuresAreNamed() throws {
        try MainContext.withOwnContext {
            // A port nothing listens on: bind one, then free it.
            let port = try SandboxHarness.run { $0.server.port }
            let client = WeiboClient(endpoints: WeiboEndpoints(singleBase: "http://127.0.0.1:\(port)"), http: HTTPClient(totalTimeout: 3))
            let account = Account(accessToken: "2.00secret", uid: 1, issuedAt: Timestamp.now, expiresIn: 100)
            var result: Result<UnreadCounts, WeiboClientError>?
            client.unreadCounts(for: account) { result = $0 }
            MainContext.run(timeout: 10) { result != nil }
            guard case .failure(.transport(.connectionRefused(let host))) = result else {
                Issue.record("expected connection refused, got \(String(describing: result))")
                return
            }
            #expect(host == "127.0.0.1")

            let remote = WeiboClient(endpoints: WeiboEndpoints(singleBase: "http://api.weibo.com"))
            var refused: Result<UnreadCounts, WeiboClientError>?
            remote.unreadCounts(for: account) { refused = $0 }
            #expect(refused == nil, "the client always answers later, never inside the call")
            MainContext.run(timeout: 10) { refused != nil }
            guard case .failure(.transport(.refusedURL(let reason))) = refused else {
                Issue.record("plain http to a remote host must be refused, got \(String(describing: refused))")
                return
            }
            #expect(reason.contains("only https"))
        }
    }

    @Test func commentsAndMentionsFollowTheSandbox() throws {
        try SandboxHarness.run { harness in
            harness.api.addComments(3)
            harness.api.addMentions(2, inComments: false)
            harness.api.addMentions(1, inComments: true)
            let comments = try #require(try harness.wait { harness.client.commentsToMe(for: harness.account, completion: $0) }?.get())
            #expect(comments.comments.count == 3)
            #expect(comments.comments.map(\.id) == comments.comments.map(\.id).sorted(by: >), "newest first")
            let newest = try #require(comments.comments.first)
            #expect(newest.status?.user?.id == SandboxAPI.ownerUID, "on the owner's own status")
            #expect(newest.user?.profileImageURL == "\(harness.server.baseURL)/_sandbox/avatars/\(newest.user?.id ?? 0).png")
            let none = try #require(try harness.wait { harness.client.commentsToMe(for: harness.account, sinceID: newest.id, completion: $0) }?.get())
            #expect(none.comments.isEmpty, "nothing newer than the newest")
            let mentions = try #require(try harness.wait { harness.client.statusMentions(for: harness.account, completion: $0) }?.get())
            #expect(mentions.statuses.count == 2)
            #expect(mentions.statuses.allSatisfy { $0.text.hasPrefix("@\(SandboxAPI.ownerName) ") })
            let inComments = try #require(try harness.wait { harness.client.commentMentions(for: harness.account, completion: $0) }?.get())
            #expect(inComments.comments.count == 1)

            let reply = try #require(
                try harness.wait {
                    harness.client.reply(for: harness.account, toComment: newest.id, onStatus: newest.status?.id ?? 0, text: "谢谢[心]", completion: $0)
                }?.get())
            #expect(reply.text == "谢谢[心]" && reply.replyComment?.id == newest.id)
            let status = try #require(mentions.statuses.first)
            _ = try #require(try harness.wait { harness.client.comment(for: harness.account, onStatus: status.id, text: "收到", completion: $0) }?.get())
            #expect(harness.api.receivedReplies.map(\.comment) == ["谢谢[心]", "收到"])
            #expect(harness.api.receivedReplies.first?.cid == newest.id)

            let tooLong = harness.wait {
                harness.client.reply(
                    for: harness.account, toComment: newest.id, onStatus: newest.status?.id ?? 0, text: String(repeating: "长", count: 141), completion: $0)
            }
            #expect(apiCode(tooLong ?? .failure(.transport(.timeout(seconds: 0)))) == 20012)
        }
    }

    /// Weibo allows about 100 detail calls a day; `unread_count` is exempt.
    @Test func theDailyBudgetOfDetailCalls() throws {
        try SandboxHarness.run { harness in
            for _ in 0..<SandboxAPI.dailyLimit {
                _ = harness.api.handle(
                    SandboxRequest(method: "GET", path: "/2/comments/to_me.json", authorization: "OAuth2 \(harness.api.readyToken)"))
            }
            let spent = harness.wait { harness.client.commentsToMe(for: harness.account, completion: $0) }
            #expect(apiCode(spent ?? .failure(.transport(.timeout(seconds: 0)))) == 10023)
            #expect((try? harness.wait { harness.client.unreadCounts(for: harness.account, completion: $0) }?.get()) != nil)
        }
    }

    /// An app without the permission: 10014 on the detail endpoints only.
    @Test func aPermissionFaultRefusesOnlyTheDetailEndpoints() throws {
        try SandboxHarness.run { harness in
            inject(harness, "permission")
            #expect((try? harness.wait { harness.client.unreadCounts(for: harness.account, completion: $0) }?.get()) != nil)
            let refused = harness.wait { harness.client.commentMentions(for: harness.account, completion: $0) }
            #expect(apiCode(refused ?? .failure(.transport(.timeout(seconds: 0)))) == 10014)
            #expect((try? harness.wait { harness.client.commentMentions(for: harness.account, completion: $0) }?.get()) != nil)
        }
    }

    /// Bug: the sandbox's delay (and the client's total timeout) were timers on the global
    /// default context, which never fired under a test's own context: a 1 s delay timed out.
    @Test func aDelayedAnswerArrivesUnderTheTestsOwnContext() throws {
        try SandboxHarness.run(timeout: 4) { harness in
            inject(harness, "delay", seconds: 1)
            let result = harness.wait(timeout: 10) { harness.client.unreadCounts(for: harness.account, completion: $0) }
            #expect((try? result?.get()) != nil, "\(String(describing: result))")
        }
    }

    /// Bug: a gateway's 503 with a JSON body, or a 500 with a counts-shaped body, read as "all
    /// counters 0". Only a 200 with a counter is a reading.
    @Test(
        arguments: [
            (503, "{\"message\":\"Service Unavailable\"}"), (500, "{\"status\":0,\"cmt\":0}"), (200, "{}"),
        ] as [(Int, String)])
    func onlyA200WithACounterIsAReading(_ status: Int, _ body: String) {
        let response = HTTPResponse(status: status, contentType: "application/json", body: Array(body.utf8), headers: [:])
        let result = WeiboClient.interpret(response, path: "/2/remind/unread_count.json", as: UnreadCounts.self)
        guard case .failure(let error) = result else {
            Issue.record("\(status) \(body) was taken as counts")
            return
        }
        switch error {
        case .malformed: #expect(status == 200)
        case .http(let answered, _, _): #expect(answered == status)
        default: Issue.record("expected a malformed answer or an HTTP error, got \(error)")
        }
    }

    /// Bug: `http://127.0.0.1.evil.example` passed as loopback, and the token went in cleartext.
    @Test(
        arguments: [
            ("127.0.0.1", true), ("127.1.2.3", true), ("localhost", true), ("[::1]", true), ("::1", true), ("LOCALHOST", true),
            ("127.0.0.1.evil.example", false), ("127.evil", false), ("localhost.example", false), ("127.0.0.256", false),
            ("1270.0.0.1", false), ("128.0.0.1", false), ("", false), ("127.0.0", false),
        ] as [(String, Bool)])
    func loopbackIsAnAddressNotAPrefix(_ host: String, _ isLoopback: Bool) {
        #expect(NetworkAddress.isLoopback(host) == isLoopback)
        if !isLoopback, !host.isEmpty, !host.contains(":") {
            #expect(HTTPClient.refusal(of: "http://\(host)/2/remind/unread_count.json") != nil)
        }
    }

    @Test func redactionKeepsTokensOut() {
        #expect(Redaction.redact("GET /2/x.json?access_token=2.00abc&uid=1") == "GET /2/x.json?access_token=<redacted>&uid=1")
        #expect(Redaction.redact("Authorization: OAuth2 2.00abc") == "Authorization: OAuth2 <redacted>")
        #expect(Redaction.redact("{\"access_token\":\"2.00abc\",\"uid\":\"1\"}") == "{\"access_token\":\"<redacted>\",\"uid\":\"1\"}")
    }
}

func apiCode<Model>(_ result: Result<Model, WeiboClientError>) -> Int? {
    if case .failure(.api(let error)) = result { return error.code }
    return nil
}

extension SandboxResponse {
    /// The body as a JSON object, for assertions.
    var bodyJSON: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }
}
