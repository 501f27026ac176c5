import CGLib
import CLibSoup
import WeiboKit

/// Serves a `SandboxAPI` over HTTP on 127.0.0.1, with libsoup's `SoupServer`, on the
/// thread-default main context. Acts out the transport faults: delays, dropped connections,
/// bodies cut short.
public final class SandboxServer {
    public let api: SandboxAPI
    private let server: UnsafeMutablePointer<SoupServer>
    /// The port the server listens on.
    public private(set) var port = 0
    private var arrivalTimer: UInt32 = 0

    /// Why the server could not start.
    public struct StartFailure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Listens on 127.0.0.1 at `port` (0: any free port).
    public init(api: SandboxAPI, port: Int = 0) throws(StartFailure) {
        self.api = api
        guard let server = CLibSoup_server_new() else { throw StartFailure(message: "libsoup could not make a server") }
        self.server = server
        // The handler holds `self` unretained: the server is freed in `deinit`, before `self` goes.
        soup_server_add_handler(
            server, nil,
            { _, message, path, _, data in
                guard let data, let message, let path else { return }
                Unmanaged<SandboxServer>.fromOpaque(data).takeUnretainedValue().serve(message, path: String(cString: path))
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
        guard let address = g_inet_socket_address_new_from_string("127.0.0.1", UInt32(port)) else {
            throw StartFailure(message: "bad port \(port)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(address)) }
        var error: UnsafeMutablePointer<GError>?
        guard soup_server_listen(server, UnsafeMutablePointer<GSocketAddress>(OpaquePointer(address)), SoupServerListenOptions(0), &error) != 0 else {
            let message = error.map { pointer in
                defer { g_error_free(pointer) }
                return String(cString: pointer.pointee.message)
            } ?? "unknown error"
            g_object_unref(UnsafeMutableRawPointer(server))
            throw StartFailure(message: "cannot listen on 127.0.0.1:\(port): \(message)")
        }
        self.port = Self.listeningPort(of: server)
    }

    deinit {
        if arrivalTimer != 0 { g_source_remove(arrivalTimer) }
        soup_server_disconnect(server)
        g_object_unref(UnsafeMutableRawPointer(server))
    }

    /// `http://127.0.0.1:PORT`
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// A new status (and now and then a comment, mention, message or follower) every `seconds`.
    public func startArrivals(every seconds: UInt32) {
        guard seconds > 0 else { return }
        // Unretained for the same reason as the handler; `deinit` removes the timer.
        arrivalTimer = g_timeout_add_seconds(
            seconds,
            { data in
                guard let data else { return CGLib_SOURCE_REMOVE }
                Unmanaged<SandboxServer>.fromOpaque(data).takeUnretainedValue().api.tick()
                return CGLib_SOURCE_CONTINUE
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    private static func listeningPort(of server: UnsafeMutablePointer<SoupServer>) -> Int {
        guard let uris = soup_server_get_uris(server) else { return 0 }
        defer { g_slist_free_full(uris, { g_uri_unref(OpaquePointer($0)) }) }
        guard let first = uris.pointee.data else { return 0 }
        return Int(g_uri_get_port(OpaquePointer(first)))
    }

    // MARK: - One request

    private func serve(_ message: OpaquePointer, path: String) {
        let request = Self.request(from: message, path: path)
        let response = api.handle(request)
        switch response.fault {
        case .delay(let seconds):
            soup_server_message_pause(message)
            g_object_ref(UnsafeMutableRawPointer(message))
            let delayed = DelayedAnswer(server: self, message: message, request: request)
            // Retained until the timer fires once.
            g_timeout_add_seconds(
                UInt32(seconds),
                { data in
                    guard let data else { return CGLib_SOURCE_REMOVE }
                    let delayed = Unmanaged<DelayedAnswer>.fromOpaque(data).takeRetainedValue()
                    delayed.server.respond(delayed.message, with: delayed.server.api.answer(delayed.request))
                    soup_server_message_unpause(delayed.message)
                    g_object_unref(UnsafeMutableRawPointer(delayed.message))
                    return CGLib_SOURCE_REMOVE
                }, Unmanaged.passRetained(delayed).toOpaque())
        case .drop:
            if let stream = soup_server_message_steal_connection(message) {
                g_io_stream_close(stream, nil, nil)
                g_object_unref(UnsafeMutableRawPointer(stream))
            }
        case .truncate:
            Self.sendTruncated(response, on: message)
        case nil:
            respond(message, with: response)
        }
    }

    private final class DelayedAnswer {
        let server: SandboxServer
        let message: OpaquePointer
        let request: SandboxRequest

        init(server: SandboxServer, message: OpaquePointer, request: SandboxRequest) {
            self.server = server
            self.message = message
            self.request = request
        }
    }

    private func respond(_ message: OpaquePointer, with response: SandboxResponse) {
        soup_server_message_set_status(message, UInt32(response.status), nil)
        let headers = soup_server_message_get_response_headers(message)
        for (name, value) in response.headers {
            soup_message_headers_replace(headers, name, value)
        }
        // Bytes read as C chars (same size and layout); libsoup copies them (SOUP_MEMORY_COPY).
        response.body.withUnsafeBytes { buffer in
            soup_server_message_set_response(
                message, response.contentType, SOUP_MEMORY_COPY, buffer.baseAddress?.assumingMemoryBound(to: CChar.self),
                gsize(buffer.count))
        }
    }

    /// Headers that promise the whole body, half of it, then the connection closes.
    private static func sendTruncated(_ response: SandboxResponse, on message: OpaquePointer) {
        guard let stream = soup_server_message_steal_connection(message) else { return }
        defer {
            g_io_stream_close(stream, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(stream))
        }
        let head = "HTTP/1.1 \(response.status) OK\r\nContent-Type: \(response.contentType)\r\n"
            + "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + response.body.prefix(response.body.count / 2)
        bytes.withUnsafeBytes { buffer in
            _ = g_output_stream_write_all(g_io_stream_get_output_stream(stream), buffer.baseAddress, gsize(buffer.count), nil, nil, nil)
        }
    }

    /// The method, path, query and form fields and the Authorization header of a message.
    private static func request(from message: OpaquePointer, path: String) -> SandboxRequest {
        let method = soup_server_message_get_method(message).map { String(cString: $0) } ?? "GET"
        var parameters: [String: String] = [:]
        if let uri = soup_server_message_get_uri(message), let query = g_uri_get_query(uri) {
            parameters = FormEncoding.decode(String(cString: query))
        }
        if method == "POST", let body = soup_server_message_get_request_body(message), let data = body.pointee.data,
           body.pointee.length > 0 {
            let text = String(decoding: UnsafeRawBufferPointer(start: data, count: Int(body.pointee.length)), as: UTF8.self)
            parameters.merge(FormEncoding.decode(text)) { $1 }
        }
        let headers = soup_server_message_get_request_headers(message)
        let authorization = soup_message_headers_get_one(headers, "Authorization").map { String(cString: $0) }
        return SandboxRequest(method: method, path: path, parameters: parameters, authorization: authorization)
    }
}
