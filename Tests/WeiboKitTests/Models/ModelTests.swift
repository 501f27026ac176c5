import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

@Suite struct UnreadCountsTests {
    @Test func missingCountersAreZeroAndExtraKeysIgnored() throws {
        let counts = try WeiboJSON.decode(UnreadCounts.self, from: FixtureFiles.data("pass/unread-real.json"))
        #expect(counts == UnreadCounts(status: 12, follower: 3, cmt: 2, dm: 1, mentionStatus: 4, mentionCmt: 1))
        #expect(counts.privateGroup == 0)
        #expect(counts.msgbox == 0)
        #expect(counts.messages == 8)
        #expect(counts.total == 23)
    }

    @Test func documentedResponse() throws {
        let counts = try WeiboJSON.decode(UnreadCounts.self, from: FixtureFiles.data("pass/unread-documented.json"))
        #expect(counts == UnreadCounts(follower: 1, dm: 1))
    }

    /// Bug: a gateway's `{}` or `{"message": …}` read as "all counters 0", so posts already
    /// read were announced again when the API came back. Only a counter makes a reading.
    @Test(arguments: ["{}", "{\"message\":\"Service Unavailable\"}", "{\"all_cmt\":3}"])
    func aDocumentWithoutACounterIsNoReading(_ body: String) {
        #expect(throws: ResponseError.self) { try WeiboJSON.decode(UnreadCounts.self, from: Array(body.utf8)) }
    }

    @Test func aMissingCounterIsZeroBesideAKnownOne() throws {
        #expect(try WeiboJSON.decode(UnreadCounts.self, from: Array("{\"dm\":1}".utf8)) == UnreadCounts(dm: 1))
    }

    /// Bug: a counter of 2^32 or more, a sum past Int64, or -2^63 trapped the daemon (and, saved,
    /// every restart). Counts are clamped to 0…1,000,000,000 as they are read.
    @Test(arguments: [
        ("{\"status\":4294967296}", UnreadCounts(status: 1_000_000_000)),
        ("{\"status\":\"9223372036854775807\",\"cmt\":9223372036854775807}", UnreadCounts(status: 1_000_000_000, cmt: 1_000_000_000)),
        ("{\"cmt\":-9223372036854775808}", UnreadCounts()),
        ("{\"cmt\":-5,\"dm\":\"-1\"}", UnreadCounts()),
    ])
    func countsAreClamped(_ body: String, _ expected: UnreadCounts) throws {
        let counts = try WeiboJSON.decode(UnreadCounts.self, from: Array(body.utf8))
        #expect(counts == expected)
        #expect(counts.total == expected.total, "the sum cannot overflow")
    }

    @Test func aSavedStateOutsideTheBoundsIsRepairedOnLoad() throws {
        let saved = "{\"baseline\":{\"cmt\":-5},\"last_counts\":{\"dm\":99999999999},\"bubble_id\":99999999999}"
        let state = try WeiboJSON.decodeDocument(UnreadState.self, from: Array(saved.utf8))
        #expect(state.baseline == UnreadCounts())
        #expect(state.lastCounts == UnreadCounts(dm: 1_000_000_000))
        #expect(state[.all].id == nil)
    }

    @Test func encodesEveryDocumentedCounter() throws {
        let data = try WeiboJSON.encode(UnreadCounts(status: 1, dm: 2))
        let text = String(decoding: data, as: UTF8.self)
        for key in [
            "status", "follower", "cmt", "dm", "mention_status", "mention_cmt", "group", "private_group",
            "notice", "invite", "badge", "photo", "msgbox",
        ] {
            #expect(text.contains("\"\(key)\":"), "\(key)")
        }
        #expect(try WeiboJSON.decode(UnreadCounts.self, from: data) == UnreadCounts(status: 1, dm: 2))
    }
}

@Suite struct APIErrorTests {
    @Test(arguments: [
        (21327, APIError.Kind.auth), (21332, .auth), (21301, .auth), (21314, .auth), (21319, .auth),
        (10022, .rateLimit), (10023, .rateLimit), (10024, .rateLimit),
        (10001, .transient), (10002, .transient), (10003, .transient), (10009, .transient),
        (21335, .wrongUser), (10016, .clientBug), (10017, .clientBug), (10008, .clientBug), (21325, .clientBug),
        (20502, .other), (0, .other),
    ])
    func classifiesByCode(_ code: Int, _ kind: APIError.Kind) {
        #expect(APIError(code: code, error: "x").kind == kind)
    }

    @Test func readsNumericAndStringCodes() throws {
        let real = try #require(FixtureDecodingTests.apiError(decoding: FixtureFiles.data("pass/error-real.json")))
        #expect(real == APIError(code: 21327, error: "expired_token", request: "/2/statuses/home_timeline.json"))
        let documented = try #require(FixtureDecodingTests.apiError(decoding: FixtureFiles.data("pass/error-documented.json")))
        #expect(documented.code == 20502)
        let oauth = try #require(FixtureDecodingTests.apiError(decoding: FixtureFiles.data("pass/error-oauth.json")))
        #expect(oauth.errorDescription == "invalid authorization code:abc")
    }

    @Test func descriptionTellsWhatToDo() {
        #expect(APIError(code: 21327, error: "expired_token").description.contains("weibo-notifier login"))
        #expect(APIError(code: 10023, error: "user requests out of rate limit!").description.contains("hour"))
    }
}

@Suite struct AccountTests {
    @Test func expiryFollowsTheOriginalRule() {
        let issued = TestTime.date(2026, 1, 1, 0, 0)
        let account = Account(accessToken: "2.00secret", uid: 5_712_659_759, issuedAt: issued, expiresIn: 86_400)
        #expect(account.expiresAt == TestTime.date(2026, 1, 2, 0, 0))
        #expect(!account.isExpired(at: TestTime.date(2026, 1, 1, 23, 59, 59)))
        #expect(account.isExpired(at: TestTime.date(2026, 1, 2, 0, 0)))
        #expect(account.secondsLeft(at: TestTime.date(2026, 1, 1, 12, 0)) == 43_200)
    }

    @Test func neverShowsTheToken() throws {
        let account = Account(accessToken: "2.00secret", uid: 1, issuedAt: TestTime.now, expiresIn: 10)
        #expect(!account.description.contains("2.00secret"))
        #expect(!String(describing: account).contains("2.00secret"))
        let grant = try WeiboJSON.decode(AccessTokenGrant.self, from: FixtureFiles.data("pass/token-real.json"))
        #expect(!grant.description.contains(grant.accessToken))
    }

    @Test func grantWithMixedTypes() throws {
        let grant = try WeiboJSON.decode(AccessTokenGrant.self, from: FixtureFiles.data("pass/token-real.json"))
        #expect(grant == AccessTokenGrant(accessToken: "2.00XljbOGzffgFE2f62793e10EOEzUU", uid: 5_712_659_759, expiresIn: 157_679_999))
        let account = Account(grant, receivedAt: TestTime.now)
        #expect(account.issuedAt == TestTime.now)
        let stringLifetime = #"{"access_token":"t","uid":"1","expires_in":"3600"}"#
        #expect(try WeiboJSON.decode(AccessTokenGrant.self, from: Array(stringLifetime.utf8)).expiresIn == 3600)
    }

    /// Round 4, defect 5: a token is checked wherever it comes in. A token exchange once
    /// answered one with CR/LF, kept as it was: every request then broke libsoup's header and
    /// went without a login. 60,000 characters were taken too.
    static let tokens: [(String, Bool)] = [
        ("2.00XljbOGzffgFE2f62793e10EOEzUU", true), ("a-b.c_d~e+f/g==", true), (String(repeating: "t", count: 512), true),
        ("", false), ("2.00abc\r\nX-Evil: 1", false), ("2.00abc\n", false), ("2.00 abc", false), ("\"2.00abc\"", false), ("a=b", false),
        ("==", false), ("令牌", false), (String(repeating: "t", count: 513), false), (String(repeating: "t", count: 60_000), false),
    ]

    @Test(arguments: tokens)
    func aTokenIsOAuthsCharactersAndNoMore(_ token: String, _ good: Bool) throws {
        #expect((Account.tokenProblem(token) == nil) == good, "\(token.prefix(40))")
        let answer = try WeiboJSON.encode(AccessTokenGrant(accessToken: token, uid: 1, expiresIn: 3600))
        let decoded = try? WeiboJSON.decode(AccessTokenGrant.self, from: answer)
        #expect((decoded != nil) == good, "the token exchange's answer")
    }

    @Test func accountFileRoundTrip() throws {
        let account = Account(accessToken: "2.00secret", uid: 42, issuedAt: TestTime.now, expiresIn: 157_679_999)
        let data = try WeiboJSON.encode(account)
        #expect(try WeiboJSON.decode(Account.self, from: data) == account)
    }

    @Test func tokenInfo() throws {
        let info = try WeiboJSON.decode(TokenInfo.self, from: FixtureFiles.data("pass/tokeninfo-documented.json"))
        #expect(info == TokenInfo(uid: 1_073_880_650, appKey: 1_352_222_456, createdAt: 1_352_267_591, expireIn: 157_679_471))
    }
}
