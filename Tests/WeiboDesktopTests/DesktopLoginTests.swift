import Foundation
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboSandbox
import WeiboTestSupport

/// The browser login without a terminal (the daemon's and the settings window's): no answer in
/// time ends it with the reason and frees the listener's port; with a callback address
/// elsewhere the user's pasted answer logs in, what is no code or another login's is refused
/// while the login goes on.
@Suite(.endToEnd) struct DesktopLoginTests {
    /// A login against the sandbox, its accounts in `folder`; `browser`: $BROWSER.
    func login(_ harness: SandboxHarness, in folder: String, redirect: String, browser: String, patience: Double = DesktopLogin.timeout) -> DesktopLogin {
        var settings = DesktopLogin.Settings(
            appKey: SandboxAPI.appKey, appSecret: SandboxAPI.appSecret, redirectURI: redirect, configurationFile: folder + "/config",
            tokenStore: .file, environment: ["BROWSER": browser, "PATH": "/usr/bin:/bin"])
        settings.forceLogin = false
        return DesktopLogin(
            settings: settings, client: harness.client, accounts: AccountStore(path: folder + "/accounts.json", apiBase: harness.server.baseURL),
            patience: patience)
    }

    @Test func noAnswerInTimeEndsTheLoginAndFreesThePort() throws {
        try withTemporaryFolder { folder in
            try SandboxHarness.run { harness in
                let port = try LoopbackPort.free()
                let login = login(harness, in: folder, redirect: "http://127.0.0.1:\(port)/callback", browser: "/bin/true", patience: 0.3)
                var result: Result<String, DesktopLogin.Failure>?
                login.start { result = $0 }
                MainContext.run(timeout: 10) { result != nil }
                if case .failure(let failure) = result {
                    #expect(failure.message.hasPrefix("no answer from the browser within 5 minutes"), "\(failure)")
                } else {
                    Issue.record("no failure: \(String(describing: result))")
                }
                // The listener went with it: the port is free for the next login, at once or
                // after the context's pending turns (1 run in 40 here, the socket still bound).
                var refusal = ""
                let free = MainContext.run(timeout: 5) {
                    do {
                        _ = try LoginListener(redirectURI: "http://127.0.0.1:\(port)/callback", state: "next")
                        return true
                    } catch {
                        refusal = "\(error)"
                        return false
                    }
                }
                #expect(free, "the port stayed taken: \(refusal)")
            }
        }
    }

    @Test func anAnswerPastedForACallbackElsewhereLogsIn() throws {
        try withTemporaryFolder { folder in
            try SandboxHarness.run { harness in
                // Weibo's default page: nothing here sees the browser come back. The browser records
                // the authorize page it was given.
                let redirect = "https://api.weibo.com/oauth2/default.html"
                let asked = folder + "/asked"
                let browser = folder + "/browser.sh"
                try writeScript("#!/bin/sh\necho \"$1\" > '\(asked)'\n", to: browser)
                let login = login(harness, in: folder, redirect: redirect, browser: browser)
                var result: Result<String, DesktopLogin.Failure>?
                #expect(login.paste("0a1b2c") != nil, "no login waits yet")
                login.start { result = $0 }
                #expect(
                    waitUntil(timeout: 10) { ((try? String(contentsOfFile: asked, encoding: .utf8)) ?? "").hasSuffix("\n") },
                    "the login ended: \(String(describing: result))")
                let page = try String(contentsOfFile: asked, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
                let state = try #require(LoginCode.parameter("state", in: page))

                // What the browser ended on after the user approved.
                var approval: Result<HTTPResponse, HTTPError>?
                HTTPClient(totalTimeout: 5, trustedCAFile: try? SandboxHarness.certificate.get().certificateFile).send(
                    HTTPRequest(
                        .post, harness.server.baseURL + "/oauth2/authorize",
                        parameters: [("client_id", SandboxAPI.appKey), ("redirect_uri", redirect), ("state", state), ("action", "approve")])
                ) { approval = $0 }
                MainContext.run(timeout: 10) { approval != nil }
                let endedOn = try #require(try approval?.get().headers["location"])

                #expect(login.paste("not a code!")?.contains("neither a code nor an address") == true)
                #expect(login.paste(endedOn.replacingOccurrences(of: "state=\(state)", with: "state=other"))?.contains("another login attempt") == true)
                #expect(result == nil, "a wrong answer leaves the login waiting")
                #expect(login.paste(endedOn) == nil)
                MainContext.run(timeout: 10) { result != nil }
                #expect(try result?.get() == SandboxAPI.ownerName)
                // Saved with the name and the avatar Weibo gives.
                let saved = try AccountStore(path: folder + "/accounts.json", apiBase: harness.server.baseURL).loadSaved()
                #expect(saved.screenName == SandboxAPI.ownerName && saved.avatarURL.hasPrefix(harness.server.baseURL), "\(saved)")
            }
        }
    }

    /// "Log in again…" while a login waits: the same authorize page opens again (the same
    /// state: the listener that waits takes its answer); before a login starts, nothing.
    @Test func askedAgainWhileItWaitsTheSamePageOpensAgain() throws {
        try withTemporaryFolder { folder in
            try SandboxHarness.run { harness in
                let asked = folder + "/asked"
                let browser = folder + "/browser.sh"
                try writeScript("#!/bin/sh\necho \"$1\" >> '\(asked)'\n", to: browser)
                let login = login(harness, in: folder, redirect: "https://api.weibo.com/oauth2/default.html", browser: browser)
                let pages = { ((try? String(contentsOfFile: asked, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
                login.reopen()
                var ended: Result<String, DesktopLogin.Failure>?
                login.start { ended = $0 }
                #expect(waitUntil(timeout: 10) { pages().count == 1 }, "the login ended: \(String(describing: ended))")
                login.reopen()
                #expect(waitUntil(timeout: 10) { pages().count == 2 }, "\(pages())")
                #expect(Set(pages()).count == 1, "the same page, the same state: \(pages())")
                login.cancel()
                login.reopen()
                usleep(300_000)
                #expect(pages().count == 2, "a login given up opens nothing")
            }
        }
    }
}
