import CGLib
import Foundation
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboSandbox
import WeiboTestSupport

/// The loopback listener of a browser login: only this login's state counts, and the browser's
/// last page says in both languages how the login ended.
@Suite(.endToEnd) struct LoginListenerTests {
    /// A GET of `query` on the listener's address, answered while the context turns.
    final class Visit {
        var response: HTTPResponse?
        var page: String { response.map { String(decoding: $0.body, as: UTF8.self) } ?? "" }
        var failure: HTTPError?
        init(_ port: Int, _ query: String, host: String = "127.0.0.1") {
            HTTPClient(totalTimeout: 10).send(HTTPRequest(.get, "http://\(host):\(port)/callback?\(query)")) { [self] in
                switch $0 {
                case .success(let answer): response = answer
                case .failure(let error): failure = error
                }
            }
        }
        var ended: Bool { response != nil || failure != nil }
    }

    @Test func anAddressWithoutThisLoginsStateIsRefusedAndTheLoginGoesOnWaiting() throws {
        try MainContext.withOwnContext {
            let port = try LoopbackPort.free()
            let listener = try LoginListener(redirectURI: "http://127.0.0.1:\(port)/callback", state: "right")
            // An <img src> on any page, an old tab, another attempt: with and without error=.
            for query in ["error=access_denied", "error=x&state=wrong", "code=stolen&state=wrong", "code=nostate"] {
                let visit = Visit(port, query)
                MainContext.run(timeout: 10) { visit.response != nil }
                #expect(visit.response?.status == 400, "\(query)")
                #expect(visit.page.contains("another login attempt") && visit.page.contains("另一次登录"), "\(visit.page)")
                #expect(listener.outcome == nil, "\(query) ended the login")
            }
            let denied = Visit(port, "error=access_denied&error_description=user%20denied&state=right")
            MainContext.run(timeout: 10) { denied.response != nil }
            #expect(listener.outcome == .denied("user denied"))
            #expect(denied.page.contains("You chose not to allow Weibo Notifier") && denied.page.contains("你选择了不授权"), "\(denied.page)")
        }
    }

    @Test(arguments: [
        (LoginListener.Page.loggedIn("小明 & <b>"), ["Logged in as 小明 &amp; &lt;b&gt;: you can close this tab.", "已登录为 小明 &amp; &lt;b&gt;"]),
        (.refused(APIError(code: 21321, error: "applications over the unaudited use restrictions!")), ["(21321)", "测试信息", "test users"]),
        (.refused(APIError(code: 21322, error: "redirect_uri_mismatch")), ["21322/21323", "redirect_uri"]),
        (.timedOut, ["did not answer in time", "没有及时回应"]),
        (.failed("the keyring said no"), ["Not logged in: the keyring said no", "没有登录：the keyring said no"]),
    ])
    func theLastPageWaitsForTheEndOfTheLogin(_ page: LoginListener.Page, _ words: [String]) throws {
        try MainContext.withOwnContext {
            let port = try LoopbackPort.free()
            let listener = try LoginListener(redirectURI: "http://127.0.0.1:\(port)/callback", state: "s1")
            let visit = Visit(port, "code=abc&state=s1")
            MainContext.run(timeout: 10) { listener.outcome != nil }
            #expect(listener.outcome == .code("abc"))
            MainContext.run(timeout: 0.3) { visit.response != nil }
            #expect(visit.response == nil, "the page waits for the token and the name")
            listener.conclude(page)
            MainContext.run(timeout: 10) { visit.response != nil && listener.answered }
            #expect(visit.response?.status == 200)
            #expect(listener.answered)
            for word in words { #expect(visit.page.contains(word), "\(word): \(visit.page)") }
        }
    }

    /// The listener is where the redirect address sends the browser, so no other local program
    /// can be there to take the code and the state.
    @Test(arguments: [("127.0.0.2", ["127.0.0.2"]), ("[::1]", ["[::1]"]), ("localhost", ["127.0.0.1", "[::1]"])])
    func itListensExactlyWhereTheRedirectAddressPoints(_ host: String, _ visited: [String]) throws {
        try MainContext.withOwnContext {
            let port = try LoopbackPort.free()
            let listener = try LoginListener(redirectURI: "http://\(host):\(port)/callback", state: "s1")
            for address in visited {
                let visit = Visit(port, "code=other&state=wrong", host: address)
                MainContext.run(timeout: 10) { visit.ended }
                #expect(visit.response?.status == 400, "\(address): \(String(describing: visit.failure))")
            }
            let visit = Visit(port, "code=abc&state=s1", host: visited.last ?? host)
            MainContext.run(timeout: 10) { listener.outcome != nil || visit.ended }
            #expect(listener.outcome == .code("abc"))
            listener.conclude(.timedOut)
            MainContext.run(timeout: 10) { visit.ended }
        }
    }

    /// A program already on `[::1]:PORT` would get the browser's answer for `localhost:PORT`:
    /// the login is refused before any browser opens.
    @Test func aProgramOnTheOtherLoopbackAddressStopsTheLoginBeforeItStarts() throws {
        try MainContext.withOwnContext {
            let port = try LoopbackPort.free()
            let squatter = g_socket_service_new()
            defer { g_object_unref(UnsafeMutableRawPointer(squatter)) }
            let address = try #require(g_inet_socket_address_new_from_string("::1", UInt32(port)))
            defer { g_object_unref(UnsafeMutableRawPointer(address)) }
            var error: UnsafeMutablePointer<GError>?
            let listening = squatter.map { service in
                service.withMemoryRebound(to: GSocketListener.self, capacity: 1) {
                    g_socket_listener_add_address(
                        $0, UnsafeMutablePointer<GSocketAddress>(OpaquePointer(address)), G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, nil, nil, &error)
                }
            }
            #expect(listening == 1, "the test could not listen on [::1]:\(port)")
            if let error { g_error_free(error) }
            #expect {
                _ = try LoginListener(redirectURI: "http://localhost:\(port)/callback", state: "s1")
            } throws: { ($0 as? LoginListener.Failure)?.message.contains("localhost port \(port)") == true }
        }
    }
}
