import CGLib
import CLibSoup
import WeiboKit

/// Catches the browser's return from Weibo's authorize page on a loopback redirect address
/// (`http://127.0.0.1:PORT/callback`): a one-shot server on 127.0.0.1 that takes the code,
/// checks the state, and tells the user in both languages that the tab can be closed.
public final class LoginListener {
    /// What came back from the browser.
    public enum Outcome: Equatable, Sendable {
        case code(String)
        /// The user (or Weibo) refused: Weibo's words.
        case denied(String)
        /// An answer to another login attempt.
        case stateMismatch
    }

    /// Why it cannot listen.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public private(set) var outcome: Outcome?
    /// Called once, with the first outcome (for callers that do not turn the loop themselves).
    public var finished: ((Outcome) -> Void)?
    private let server: UnsafeMutablePointer<SoupServer>
    private let path: String
    private let state: String

    /// Whether `redirectURI` is one this listener can serve: plain http to 127.0.0.1 or localhost with a port.
    public static func canServe(_ redirectURI: String) -> Bool {
        parse(redirectURI) != nil
    }

    /// Listens on the port and path of `redirectURI` for an answer carrying `state`.
    public init(redirectURI: String, state: String) throws(Failure) {
        guard let (port, path) = Self.parse(redirectURI) else {
            throw Failure(message: tr("%s is not an address on this machine (http://127.0.0.1:PORT/…)", redirectURI))
        }
        guard let server = CLibSoup_server_new() else { throw Failure(message: "libsoup could not make a server") }
        self.server = server
        self.path = path
        self.state = state
        // The handler holds the listener weakly, in a box libsoup frees with the handler.
        soup_server_add_handler(
            server, nil,
            { _, message, path, _, data in
                guard let message, let path, let data else { return }
                WeakTarget.object(LoginListener.self, in: data)?.serve(message, path: String(cString: path))
            }, WeakTarget.retained(self), WeakTarget.release)
        guard let address = g_inet_socket_address_new_from_string("127.0.0.1", UInt32(port)) else {
            throw Failure(message: tr("%s is not an address on this machine (http://127.0.0.1:PORT/…)", redirectURI))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(address)) }
        var error: UnsafeMutablePointer<GError>?
        guard soup_server_listen(server, UnsafeMutablePointer<GSocketAddress>(OpaquePointer(address)), SoupServerListenOptions(0), &error) != 0 else {
            let detail = error.map { GLibError(taking: $0).message } ?? ""
            throw Failure(
                message: tr(
                    "cannot wait for the browser on 127.0.0.1:%d (%s): another program uses the port; choose another port in redirect_uri, and register the same address for the app at open.weibo.com",
                    port, detail))
        }
    }

    deinit {
        soup_server_disconnect(server)
        g_object_unref(UnsafeMutableRawPointer(server))
    }

    /// `(port, path)` of a loopback http address, or nil.
    static func parse(_ uri: String) -> (Int, String)? {
        guard let parsed = g_uri_parse(uri, G_URI_FLAGS_NONE, nil) else { return nil }
        defer { g_uri_unref(parsed) }
        let scheme = g_uri_get_scheme(parsed).map { String(cString: $0) } ?? ""
        let host = g_uri_get_host(parsed).map { String(cString: $0) } ?? ""
        let port = Int(g_uri_get_port(parsed))
        let path = g_uri_get_path(parsed).map { String(cString: $0) } ?? "/"
        guard scheme == "http", HTTPClient.isLoopback(host), port > 0, port < 65_536 else { return nil }
        return (port, path.isEmpty ? "/" : path)
    }

    private func serve(_ message: OpaquePointer, path: String) {
        guard path == self.path else {
            return respond(message, status: 404, title: "Not found", text: "")
        }
        var parameters: [String: String] = [:]
        if let uri = soup_server_message_get_uri(message), let query = g_uri_get_query(uri) {
            parameters = FormEncoding.decode(String(cString: query))
        }
        let answer: Outcome
        if let error = parameters["error"] {
            answer = .denied(parameters["error_description"] ?? error)
        } else if parameters["state"] != state {
            answer = .stateMismatch
        } else if let code = parameters["code"], !code.isEmpty {
            answer = .code(code)
        } else {
            return respond(message, status: 400, title: "Weibo Notifier", text: "No code in this address.")
        }
        if outcome == nil {
            outcome = answer
            finished?(answer)
            finished = nil
        }
        switch answer {
        case .code:
            respond(message, status: 200, title: "Weibo Notifier", text: "登录成功，可以关闭此页。<br>Logged in: you can close this tab.")
        case .denied, .stateMismatch:
            respond(message, status: 200, title: "Weibo Notifier", text: "没有登录，原因见终端或桌面通知。<br>Not logged in: the terminal or the notification says why.")
        }
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
