import WeiboDesktop
import WeiboPlatform
import WeiboSandbox

/// `weibo-notifier sandbox`: the fake Weibo API on 127.0.0.1, until Ctrl-C.
struct SandboxCommand: TableCommand {
    static let name = "sandbox"
    static var summary: String { tr("Run a stand-in for the Weibo API on 127.0.0.1, for trying things") }
    static var about: String {
        tr(
            """
            Runs a stand-in for the Weibo API on 127.0.0.1, for trying the notifier and for
            tests: the real API's JSON, errors, OAuth and rate limits, with new statuses
            arriving over time. Prints its address, the sandbox app's key and secret, and a
            ready-made token and uid. Runs until Ctrl-C (SIGINT) or SIGTERM.
            """)
    }

    /// What its `--help` says under the options.
    static var epilogue: String? {
        tr(
            """
            Control, for tests and demos (form-encoded POSTs to the same address; each takes
            uid=N to act for user N instead of the first; every user has a timeline, posts,
            comments, mentions and counters of their own):
              /_sandbox/statuses   count=N                       N new statuses now
              /_sandbox/counts     cmt=2&dm=1&msgbox=3&...       raise counters (attitude: likes)
              /_sandbox/read       [counters=cmt,status]         read elsewhere: counters to zero (all without)
              /_sandbox/users                                    a new user: {"uid", "screen_name", "token"}
              /_sandbox/login-as   uid=N                         the next authorization logs in as N
              /_sandbox/comments   count=N[&authors=A,B]         N comments on your posts (cmt), by A, B… in turn
              /_sandbox/mentions   count=N&kind=status|comment   N mentions of you
              /_sandbox/followers  count=N[&authors=A,B]         N new followers (follower), named A, B…
              /_sandbox/faults     kind=K&count=N&seconds=S      the next N API answers fail:
                                   K is http500, html502, huge_error_page (a 500 page of 1 MiB),
                                   malformed, truncated, delay, drop,
                                   oversized, gzip_bomb, expired_token, rate_limit, permission (10014 from the
                                   comment, mention and reply calls only), timeline_permission
                                   (10014 from the home timeline only), not_test_user
                                   (21321) or redirect_mismatch (21322) at the token exchange;
                                   gzip sends the real answer gzip-compressed (no failure);
                                   slow_pictures sends the next N pictures S seconds late
              /_sandbox/token      expires_in=S                  a token that lives S seconds
              /_sandbox/reset                                    back to the start
            GET /_sandbox/state[?uid=N] shows the counters, GET /_sandbox/replies the replies received.
            Comments, mentions and replies cost a call each of 100 a day, as on Weibo.

            Try it:
              weibo-notifier sandbox --port 8080
              weibo-notifier unread --api-base http://127.0.0.1:8080
            """)
    }

    var port = 0
    var tls = false
    var sandbox = SandboxAPI.Options()
    var newStatusEvery = 30

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .integer("--port", \.port, in: 0...65535).described(tr("Port to listen on, 0 for any free one (default: 0)")),
            .flag("--tls", sets: \.tls).described(
                tr(
                    "Serve HTTPS with a certificate made at start and removed at the end; its CA file is printed: give it to clients as tls_ca_file in the configuration, or as SSL_CERT_FILE"
                )),
            .integer("--seed", \.sandbox.seed, in: 0...Int.max).described(tr("Seed of the generated users and statuses (default: 1)")),
            .integer("--new-status-every", \.newStatusEvery, in: 0...86_400, placeholder: "S").described(
                tr("A new status every S seconds, 0 for none (default: 30)")),
            .flag("--keep-status-count", sets: \.sandbox.resetStatusOnRead, to: false).described(
                tr("Reading the timeline leaves the 'status' counter as it is")),
            .flag("--enable-set-count", sets: \.sandbox.setCountEnabled).described(tr("Allow remind/set_count.json (refused by default, as Weibo does)")),
            .flag("--auto-approve", sets: \.sandbox.autoApprove).described(tr("The authorize page approves at once (for tests and demos)")),
            .flag("--likes", sets: \.sandbox.likes).described(
                tr("The unread counts carry likes (attitude), as some app keys get them; without it they never appear")),
        ]
    }

    /// Where the certificate goes: `$XDG_RUNTIME_DIR`, else `$TMPDIR`, else /tmp.
    static func runtimeFolder(_ environment: [String: String]) -> String {
        [environment["XDG_RUNTIME_DIR"], environment["TMPDIR"]].compactMap { $0 }.first { $0.hasPrefix("/") } ?? "/tmp"
    }

    func perform(environment: [String: String]) throws(CommandError) {
        let api = SandboxAPI(options: sandbox)
        let server: SandboxServer
        var certificate: SandboxTLS?
        if tls {
            do {
                certificate = try SandboxTLS.make(in: Self.runtimeFolder(environment))
            } catch {
                throw .unavailable(error.description)
            }
        }
        // However the sandbox ends (stopped, or a port already taken), its key goes.
        defer { certificate?.remove() }
        do {
            server = try SandboxServer(api: api, port: port, tls: certificate)
        } catch {
            throw .unavailable(error.description)
        }
        server.startArrivals(every: UInt32(newStatusEvery))
        // Stopping is handled before the lines that say the sandbox is ready: whoever reads them
        // may stop it at once.
        let loop = MainLoop()
        loop.quitOnTermination()
        try Terminal.write(
            lines: [
                tr("Weibo sandbox listening on %s", server.baseURL),
                tr("  api base:   %s   (give it as --api-base, or as api_base and remind_base)", server.baseURL),
                "  app key:    \(SandboxAPI.appKey)",
                "  app secret: \(SandboxAPI.appSecret)",
                "  uid:        \(SandboxAPI.ownerUID)",
                "  token:      \(api.readyToken)",
                certificate.map { tr("  CA file:    %s   (trust it: tls_ca_file in the configuration, or SSL_CERT_FILE)", $0.certificateFile) },
                newStatusEvery > 0
                    ? tr("A new status arrives every %d s. Ctrl-C stops.", newStatusEvery) : tr("No statuses arrive by themselves. Ctrl-C stops."),
            ].compactMap { $0 })
        loop.run()
        withExtendedLifetime(server) {}
    }
}
