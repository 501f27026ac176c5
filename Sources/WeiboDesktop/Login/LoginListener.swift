import CGLib
import CLibSoup
import WeiboKit
import WeiboPlatform

/// Catches the browser's return from Weibo's authorize page on a loopback redirect address
/// (`http://127.0.0.1:PORT/callback`): a one-shot server listening exactly where that address
/// points (`localhost`: 127.0.0.1 and ::1) that takes the code and checks the state. Nothing is
/// left for another local program to listen on: the listener refuses to start, before the
/// browser opens, when it cannot have the address the browser will be sent to. An address without this login's state (another attempt, an old tab, a page
/// that points an image at the address) gets a 400 page and the login goes on waiting. The
/// browser's last page waits for the end of the login (`conclude`), so that it says in both
/// languages what happened and what to do.
public final class LoginListener {
    /// The callback address a login recommends: this machine, caught by the listener.
    public static let recommendedRedirect = "http://127.0.0.1:8939/callback"

    /// How to make the Weibo app a login needs, step by step (the terminal's guide and the
    /// settings window's).
    public static var guide: String {
        tr(
            """
            Weibo Notifier needs an app key of your own to log in.

            1. Open https://open.weibo.com, log in with your Weibo account and create a client
               app (微连接 → 移动应用 / 客户端): it may read your timeline, which some website
               apps (网站接入) may not.
            2. In its OAuth2.0 settings (高级信息 → OAuth2.0 授权设置), set the callback address to
               %s
            3. Until Weibo reviews the app, only you (its developer) and the test users listed
               on its page (应用信息 → 测试信息) may log in with it: add the accounts you use.
            4. Copy the App Key and the App Secret from the app's page (应用信息 → 基本信息).

            """, recommendedRedirect)
    }

    /// What came back from the browser with this login's state.
    public enum Outcome: Equatable, Sendable {
        case code(String)
        /// The user (or Weibo) refused: Weibo's words.
        case denied(String)
    }

    /// Why it cannot listen.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public private(set) var outcome: Outcome?
    /// Called once, with the first outcome (for callers that do not turn the loop themselves).
    public var finished: ((Outcome) -> Void)?
    /// The browser has its last page.
    public private(set) var answered = false
    private let server: UnsafeMutablePointer<SoupServer>
    private let path: String
    private let state: String
    /// The browser's request with the code, paused until the login ends (referenced).
    private var held: OpaquePointer?
    private var heldFinished: GObjectSignalHandler?
    private var heldTimer: GLibSource?
    /// The listener itself, from `conclude` until the page is out.
    private var keptUntilAnswered: LoginListener?

    /// How long the browser's page waits for the end of the login before saying it could not tell.
    static let pageWait: Double = 60

    /// Whether `redirectURI` is one this listener can serve: plain http to 127.0.0.1 or localhost with a port.
    public static func canServe(_ redirectURI: String) -> Bool {
        parse(redirectURI) != nil
    }

    /// Listens on the port and path of `redirectURI` for an answer carrying `state`.
    public init(redirectURI: String, state: String) throws(Failure) {
        guard let place = Self.parse(redirectURI) else {
            throw Failure(message: tr("%s is not an address on this machine (http://127.0.0.1:PORT/…)", redirectURI))
        }
        guard let server = CLibSoup_server_new() else { throw Failure(message: "libsoup could not make a server") }
        self.server = server
        self.path = place.path
        self.state = state
        // The handler holds the listener weakly, in a box libsoup frees with the handler.
        soup_server_add_handler(
            server, nil,
            { _, message, path, _, data in
                guard let message, let path, let data else { return }
                WeakTarget.object(LoginListener.self, in: data)?.serve(message, path: String(cString: path))
            }, WeakTarget.retained(self), WeakTarget.release)
        var error: UnsafeMutablePointer<GError>?
        if let address = place.address {
            // Exactly the address the browser is sent to (127.0.0.2, ::1 …), nothing else.
            guard let socket = g_inet_socket_address_new_from_string(address, UInt32(place.port)) else {
                throw Failure(message: tr("%s is not an address on this machine (http://127.0.0.1:PORT/…)", redirectURI))
            }
            defer { g_object_unref(UnsafeMutableRawPointer(socket)) }
            soup_server_listen(server, UnsafeMutablePointer<GSocketAddress>(OpaquePointer(socket)), SoupServerListenOptions(0), &error)
        } else {
            // `localhost`: both loopback addresses, as a browser may try either (::1 only where
            // the machine has IPv6). No other program can then take the one a browser picks.
            soup_server_listen_local(server, guint(place.port), SoupServerListenOptions(0), &error)
        }
        if let error {
            let detail = GLibError(taking: error).message
            throw Failure(
                message: tr(
                    "cannot wait for the browser on %s port %d (%s): another program uses the port; choose another port in redirect_uri, and register the same address for the app at open.weibo.com",
                    place.address ?? "localhost", place.port, detail))
        }
    }

    deinit {
        // No weak reference to an object going away: the page is sent unfollowed.
        if let held { release(held, with: .undecided) }
        soup_server_disconnect(server)
        g_object_unref(UnsafeMutableRawPointer(server))
    }

    /// Where a loopback http address points: its IP literal (nil for `localhost`), port and path.
    static func parse(_ uri: String) -> (address: String?, port: Int, path: String)? {
        guard let parsed = g_uri_parse(uri, G_URI_FLAGS_NONE, nil) else { return nil }
        defer { g_uri_unref(parsed) }
        let scheme = g_uri_get_scheme(parsed).map { String(cString: $0) } ?? ""
        let host = g_uri_get_host(parsed).map { String(cString: $0) } ?? ""
        let port = Int(g_uri_get_port(parsed))
        let path = g_uri_get_path(parsed).map { String(cString: $0) } ?? "/"
        guard scheme == "http", NetworkAddress.isLoopback(host), port > 0, port < 65_536 else { return nil }
        let address = host.lowercased() == "localhost" ? nil : host.trimmed(of: "[]")
        return (address, port, path.isEmpty ? "/" : path)
    }

    private func serve(_ message: OpaquePointer, path: String) {
        guard path == self.path else {
            return respond(message, status: 404, title: "Not found", text: "")
        }
        var parameters: [String: String] = [:]
        if let uri = soup_server_message_get_uri(message), let query = g_uri_get_query(uri) {
            parameters = FormEncoding.decode(String(cString: query))
        }
        // Only an answer with this login's state counts, a refusal as much as a code.
        guard parameters["state"] == state else {
            return respond(message, status: 400, title: "Weibo Notifier", text: Page.otherAttempt.html)
        }
        guard outcome == nil else {
            return respond(message, status: 200, title: "Weibo Notifier", text: Page.alreadyAnswered.html)
        }
        let answer: Outcome
        if let error = parameters["error"] {
            answer = .denied(parameters["error_description"] ?? error)
            respond(message, status: 200, title: "Weibo Notifier", text: Page.denied.html)
            answered = true
        } else if let code = parameters["code"], !code.isEmpty {
            answer = .code(code)
            // The page waits for the token and the account's name.
            g_object_ref(UnsafeMutableRawPointer(message))
            held = message
            soup_server_message_pause(message)
            heldTimer = GLibSource.once(afterSeconds: Self.pageWait) { [weak self] in self?.conclude(.undecided) }
        } else {
            return respond(message, status: 400, title: "Weibo Notifier", text: Page.noCode.html)
        }
        outcome = answer
        finished?(answer)
        finished = nil
    }

    /// Gives the browser its last page (once; later calls change nothing). `answered` turns true
    /// when libsoup has written it.
    ///
    /// The listener keeps itself until then (five seconds at most), so that the caller may let
    /// it go at once: the browser gets nothing once the server is gone.
    public func conclude(_ page: Page) {
        guard let message = held else { return }
        keptUntilAnswered = self
        heldFinished = GObjectSignalHandler(UnsafeMutableRawPointer(message), signal: "finished", shape: .plain) { [weak self] _, _ in
            self?.answered = true
            // Not inside libsoup's own signal: the server may go on a later turn.
            GLibSource.later { self?.keptUntilAnswered = nil }
        }
        release(message, with: page)
        heldTimer = GLibSource.once(afterSeconds: 5) { [weak self] in self?.keptUntilAnswered = nil }
    }

    private func release(_ message: OpaquePointer, with page: Page) {
        held = nil
        respond(message, status: 200, title: "Weibo Notifier", text: page.html)
        soup_server_message_unpause(message)
        g_object_unref(UnsafeMutableRawPointer(message))
    }

    private func respond(_ message: OpaquePointer, status: Int, title: String, text: String) {
        let page = Array("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>\(title)</title></head><body><p>\(text)</p></body></html>".utf8)
        soup_server_message_set_status(message, UInt32(status), nil)
        // Bytes read as C chars (same size and layout); libsoup copies them (SOUP_MEMORY_COPY).
        page.withUnsafeBytes { buffer in
            soup_server_message_set_response(
                message, "text/html;charset=UTF-8", SOUP_MEMORY_COPY, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(buffer.count))
        }
    }
}
