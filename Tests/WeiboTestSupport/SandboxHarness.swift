public import FoundationEssentials
public import WeiboDesktop
public import WeiboKit
public import WeiboSandbox

/// A sandbox server and a client of it on a main context of the test's own, with the
/// ready-made account. Everything runs on the test's thread; `wait` turns the context.
public final class SandboxHarness {
    public let api: SandboxAPI
    public let server: SandboxServer
    public let client: WeiboClient
    public let account: Account

    /// Runs `body` with a harness whose server and client live on a fresh main context.
    public static func run<Result>(
        options: SandboxAPI.Options = SandboxAPI.Options(), clock: @escaping () -> Date = { Date() },
        timeout: UInt32 = 5, _ body: (SandboxHarness) throws -> Result
    ) throws -> Result {
        try MainContext.withOwnContext {
            let harness = try SandboxHarness(options: options, clock: clock, timeout: timeout)
            return try body(harness)
        }
    }

    private init(options: SandboxAPI.Options, clock: @escaping () -> Date, timeout: UInt32) throws {
        api = SandboxAPI(options: options, clock: clock)
        server = try SandboxServer(api: api)
        client = WeiboClient(endpoints: WeiboEndpoints(singleBase: server.baseURL), http: HTTPClient(totalTimeout: timeout))
        account = Account(
            accessToken: api.readyToken, uid: SandboxAPI.ownerUID, issuedAt: clock(), expiresIn: SandboxAPI.tokenLifetime)
    }

    /// Starts a call and turns the main context until its completion ran; its result.
    public func wait<Model>(
        timeout: Double = 30, _ call: (@escaping (Result<Model, WeiboClientError>) -> Void) -> Void
    ) -> Result<Model, WeiboClientError>? {
        var outcome: Result<Model, WeiboClientError>?
        call { outcome = $0 }
        MainContext.run(timeout: timeout) { outcome != nil }
        return outcome
    }

    /// The same account with another token.
    public func account(token: String) -> Account {
        Account(accessToken: token, uid: account.uid, issuedAt: account.issuedAt, expiresIn: account.expiresIn)
    }
}
