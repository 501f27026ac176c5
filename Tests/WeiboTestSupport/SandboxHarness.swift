import Glibc
public import WeiboDesktop
public import WeiboKit
public import WeiboPlatform
public import WeiboSandbox

/// A sandbox server and a client of it on a main context of the test's own, with the
/// ready-made account, over HTTPS by default (the client trusts the sandbox's CA only).
/// Everything runs on the test's thread; `wait` turns the context.
public final class SandboxHarness {
    public let api: SandboxAPI
    public let server: SandboxServer
    public let client: WeiboClient
    public let account: Account

    /// Runs `body` with a harness whose server and client live on a fresh main context.
    public static func run<Result>(
        options: SandboxAPI.Options = SandboxAPI.Options(), clock: @escaping () -> Timestamp = { Timestamp.now },
        timeout: UInt32 = 5, tls: Bool = true, _ body: (SandboxHarness) throws -> Result
    ) throws -> Result {
        try MainContext.withOwnContext {
            let harness = try SandboxHarness(options: options, clock: clock, timeout: timeout, tls: tls)
            defer {
                // A TLS handshake under way (GIO runs it on a thread) must end while the server
                // is here: its end reaches into the server's connection, and a server gone by
                // then crashed the test process (1 run in 4 on Debian 13's GLib 2.84: libsoup's
                // CRITICAL on the connection, then g_io_stream_get_input_stream on a null
                // stream). No event says that none is under way: the context turns 100 ms.
                withExtendedLifetime(harness) { _ = MainContext.run(timeout: 0.1) { false } }
            }
            return try body(harness)
        }
    }

    /// One certificate for the whole test run (making a key costs a few milliseconds), removed
    /// when the run ends.
    public static let certificate: Result<SandboxTLS, SandboxTLS.Failure> = Result { () throws(SandboxTLS.Failure) in
        let made = try SandboxTLS.make(in: "/tmp")
        atexit { try? SandboxHarness.certificate.get().remove() }
        return made
    }

    private init(options: SandboxAPI.Options, clock: @escaping () -> Timestamp, timeout: UInt32, tls: Bool) throws {
        api = SandboxAPI(options: options, clock: clock)
        let certificate = tls ? try Self.certificate.get() : nil
        server = try SandboxServer(api: api, tls: certificate)
        client = WeiboClient(
            endpoints: WeiboEndpoints(singleBase: server.baseURL),
            http: HTTPClient(totalTimeout: timeout, trustedCAFile: certificate?.certificateFile))
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
