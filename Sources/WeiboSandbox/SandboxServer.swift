import CGLib
import CLibSoup
import WeiboKit
import WeiboPlatform

/// Serves a `SandboxAPI` over HTTP on 127.0.0.1, with libsoup's `SoupServer`, on the
/// thread-default main context. Acts out the transport faults: delays, dropped connections,
/// bodies cut short.
public final class SandboxServer {
    public let api: SandboxAPI
    private let server: UnsafeMutablePointer<SoupServer>
    /// The port the server listens on.
    public private(set) var port = 0
    private var arrivalTimer: GLibSource?
    /// Answers held back by a `delay` fault, until their timers fire.
    private var delayed: [ObjectIdentifier: GLibSource] = [:]

    /// Why the server could not start.
    public struct StartFailure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Listens on 127.0.0.1 at `port` (0: any free port); over HTTPS with `tls`.
    public init(api: SandboxAPI, port: Int = 0, tls: SandboxTLS? = nil) throws(StartFailure) {
        self.api = api
        isHTTPS = tls != nil
        guard let server = CLibSoup_server_new() else { throw StartFailure(message: "libsoup could not make a server") }
        self.server = server
        if let tls {
            do {
                let certificate = try tls.certificate()
                soup_server_set_tls_certificate(server, UnsafeMutablePointer<GTlsCertificate>(certificate))
                g_object_unref(UnsafeMutableRawPointer(certificate))
            } catch {
                throw StartFailure(message: error.description)
            }
        }
        // The handler holds `self` weakly, in a box libsoup frees with the handler.
        soup_server_add_handler(
            server, nil,
            { _, message, path, _, data in
                guard let message, let path, let box = data else { return }
                Unmanaged<WeakServer>.fromOpaque(box).takeUnretainedValue().server?.serve(message, path: String(cString: path))
            }, Unmanaged.passRetained(WeakServer(self)).toOpaque(),
            { data in
                if let data { Unmanaged<WeakServer>.fromOpaque(data).release() }
            })
        // Before a body is read: one larger than any form the API takes is refused (413), not
        // held in memory (a 200 MB POST once took 1.2 GB); so is one of no stated length (411).
        soup_server_add_early_handler(
            server, nil,
            { _, message, _, _, _ in
                guard let message else { return }
                let headers = soup_server_message_get_request_headers(message)
                switch soup_message_headers_get_encoding(headers) {
                case SOUP_ENCODING_CONTENT_LENGTH where soup_message_headers_get_content_length(headers) > SandboxServer.largestBody:
                    soup_server_message_set_status(message, 413, nil)
                case SOUP_ENCODING_CHUNKED, SOUP_ENCODING_EOF:
                    soup_server_message_set_status(message, 411, nil)
                default: break
                }
            }, nil, nil)
        guard let address = g_inet_socket_address_new_from_string("127.0.0.1", UInt32(port)) else {
            throw StartFailure(message: "bad port \(port)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(address)) }
        var error: UnsafeMutablePointer<GError>?
        let options = tls == nil ? SoupServerListenOptions(0) : SOUP_SERVER_LISTEN_HTTPS
        guard soup_server_listen(server, UnsafeMutablePointer<GSocketAddress>(OpaquePointer(address)), options, &error) != 0 else {
            let message =
                error.map { pointer in
                    defer { g_error_free(pointer) }
                    return String(cString: pointer.pointee.message)
                } ?? "unknown error"
            // `deinit` runs for a class whose init throws once every property is set: it frees the server.
            throw StartFailure(message: "cannot listen on 127.0.0.1:\(port): \(message)")
        }
        self.port = Self.listeningPort(of: server)
        api.baseURL = baseURL
    }

    deinit {
        arrivalTimer = nil
        delayed = [:]
        soup_server_disconnect(server)
        g_object_unref(UnsafeMutableRawPointer(server))
    }

    /// The largest request body taken: a form of the API's is a few KiB.
    static let largestBody: goffset = 1 << 20

    /// Whether it serves HTTPS.
    public let isHTTPS: Bool

    /// `http://127.0.0.1:PORT`, or `https://…` with TLS.
    public var baseURL: String { "\(isHTTPS ? "https" : "http")://127.0.0.1:\(port)" }

    /// A new status (and now and then a comment, mention, message or follower) every `seconds`.
    public func startArrivals(every seconds: UInt32) {
        guard seconds > 0 else { return }
        arrivalTimer = GLibSource.timeout(seconds: seconds) { [weak self] in
            self?.api.tick()
            return true
        }
    }

    private static func listeningPort(of server: UnsafeMutablePointer<SoupServer>) -> Int {
        guard let uris = soup_server_get_uris(server) else { return 0 }
        defer { g_slist_free_full(uris, { g_uri_unref(OpaquePointer($0)) }) }
        guard let first = uris.pointee.data else { return 0 }
        return Int(g_uri_get_port(OpaquePointer(first)))
    }

    // MARK: - One request

    /// Connections accepted and requests served for the API (not the `/_sandbox/` controls),
    /// for `GET /_sandbox/stats`: the benchmark counts how many connections a client opens.
    public private(set) var connections = 0
    public private(set) var requests = 0
    /// The API's requests by path, and the pictures', for tests that count what a caller
    /// spent or fetched.
    public private(set) var requestsByPath: [String: Int] = [:]

    /// Counts a connection the first time one of its requests comes (marked on its socket,
    /// which goes with the connection).
    private func count(_ message: OpaquePointer) {
        requests += 1
        guard let socket = soup_server_message_get_socket(message) else { return }
        let object = UnsafeMutableRawPointer(socket).assumingMemoryBound(to: GObject.self)
        guard g_object_get_data(object, "weibo-sandbox-counted") == nil else { return }
        g_object_set_data(object, "weibo-sandbox-counted", UnsafeMutableRawPointer(bitPattern: 1))
        connections += 1
    }

    private func serve(_ message: OpaquePointer, path: String) {
        if path == "/_sandbox/stats" {
            let paths = requestsByPath.sorted { $0.key < $1.key }.map { "\(JSONText.quoted($0.key)):\($0.value)" }.joined(separator: ",")
            return respond(message, with: SandboxResponse(json: "{\"connections\":\(connections),\"requests\":\(requests),\"paths\":{\(paths)}}"))
        }
        if !path.hasPrefix("/_sandbox/") {
            count(message)
            requestsByPath[path, default: 0] += 1
        } else if path.hasPrefix("/_sandbox/pictures/") {
            requestsByPath[path, default: 0] += 1
        }
        let request = Self.request(from: message, path: path)
        let response = api.handle(request)
        switch response.fault {
        case .delay(let seconds):
            soup_server_message_pause(message)
            g_object_ref(UnsafeMutableRawPointer(message))
            let answer = DelayedAnswer(message: message, request: request)
            // On the thread-default context, where the server runs (tests have their own).
            delayed[ObjectIdentifier(answer)] = GLibSource.once(afterSeconds: Double(seconds)) { [weak self] in
                guard let self else { return }
                self.respond(answer.message, with: self.api.answer(answer.request))
                soup_server_message_unpause(answer.message)
                self.delayed[ObjectIdentifier(answer)] = nil
            }
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

    /// A message held back by a `delay` fault; it keeps its reference to the message.
    private final class DelayedAnswer {
        let message: OpaquePointer
        let request: SandboxRequest

        init(message: OpaquePointer, request: SandboxRequest) {
            self.message = message
            self.request = request
        }

        deinit { g_object_unref(UnsafeMutableRawPointer(message)) }
    }

    /// The request handler's user data: the server, weakly.
    private final class WeakServer {
        weak var server: SandboxServer?
        init(_ server: SandboxServer) { self.server = server }
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
        let head =
            "HTTP/1.1 \(response.status) OK\r\nContent-Type: \(response.contentType)\r\n"
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
            body.pointee.length > 0
        {
            let text = String(decoding: UnsafeRawBufferPointer(start: data, count: Int(body.pointee.length)), as: UTF8.self)
            parameters.merge(FormEncoding.decode(text)) { $1 }
        }
        let headers = soup_server_message_get_request_headers(message)
        let authorization = soup_message_headers_get_one(headers, "Authorization").map { String(cString: $0) }
        return SandboxRequest(method: method, path: path, parameters: parameters, authorization: authorization)
    }
}
