import CGLib
import CLibSoup
import WeiboKit
import WeiboPlatform

/// HTTP over one libsoup session, on the thread-default main context.
///
/// Verifies TLS (libsoup's default with glib-networking), follows the desktop's proxy settings
/// (the default `GProxyResolver`), sends a User-Agent, and bounds every request by a total
/// timeout: a stalled request is cancelled, never left to outlive the next poll. Plain `http://`
/// goes only to loopback addresses (the sandbox).
public final class HTTPClient {
    /// The whole request, from connecting to the last byte, in seconds.
    public let totalTimeout: UInt32
    /// A read or write that stalls this long fails early.
    let ioTimeout: UInt32
    /// An idle connection is kept this long for the next request.
    public let idleTimeout: UInt32
    private let session: UnsafeMutablePointer<SoupSession>

    public static let userAgent = "weibo-notifier/0.1 (+https://github.com/io-github-weibonotifier)"

    /// `pollInterval`: the seconds between the requests the session repeats (the unread
    /// counts); an idle connection is kept twice as long, so that each poll reuses the last one
    /// instead of opening (and for TLS, negotiating) a new one. Weibo may close it sooner.
    /// `trustedCAFile`: PEM certificates trusted for HTTPS in place of the system's (a sandbox's
    /// CA in tests: `tls_ca_file`, `SSL_CERT_FILE`); one that cannot be read makes every HTTPS
    /// request fail with a clear error rather than fall back to the system's.
    /// `connectionsPerHost`: how many requests to one host are sent at once (libsoup's default,
    /// 2); the others wait in libsoup's queue, their total timeout running.
    public init(totalTimeout: UInt32 = 20, pollInterval: UInt32 = 60, connectionsPerHost: UInt32 = 2, trustedCAFile: String? = nil) {
        self.totalTimeout = totalTimeout
        ioTimeout = min(totalTimeout, 15)
        idleTimeout = max(2 * pollInterval, 60) + 5
        // The I/O timeout catches a stalled read early; the total timeout below bounds the rest.
        // A session can only fail to be made when out of memory, which GLib aborts on anyway.
        guard let session = CLibSoup_session_new(ioTimeout, idleTimeout, connectionsPerHost, Self.userAgent) else {
            fatalError("libsoup could not make a session")
        }
        self.session = session
        if let trustedCAFile {
            var error: UnsafeMutablePointer<GError>?
            do {
                // GLib reads the file whole by its path: only a regular file of a bounded size.
                try PrivateFile.checkRegular(trustedCAFile, limit: Self.maximumCAFileBytes)
            } catch {
                caFailure = tr("cannot read the trusted CA file %s: %s", trustedCAFile, error.description)
                return
            }
            if let database = g_tls_file_database_new(trustedCAFile, &error) {
                soup_session_set_tls_database(session, UnsafeMutablePointer<GTlsDatabase>(OpaquePointer(database)))
                g_object_unref(UnsafeMutableRawPointer(database))
            } else {
                let message = error.map { GLibError(taking: $0).message } ?? tr("unreadable")
                caFailure = tr("cannot read the trusted CA file %s: %s", trustedCAFile, message)
            }
        }
    }

    /// The largest trusted CA file read: the system's whole bundle is about 200 KiB.
    static let maximumCAFileBytes = 4 << 20

    /// Requests sent and not answered yet (the soak waits for none before it moves its clock).
    public private(set) var requestsUnderWay = 0

    /// Why the trusted CA file could not be used, if it could not.
    private var caFailure: String?

    deinit {
        soup_session_abort(session)
        g_object_unref(UnsafeMutableRawPointer(session))
    }

    /// Sends `request`; `completion` runs later on this thread's main context, exactly once.
    public func send(_ request: HTTPRequest, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) {
        let url = request.fullURL
        let message: OpaquePointer?
        if let refusal = Self.refusal(of: request.url) {
            return answerLater(.failure(refusal), completion)
        }
        if let caFailure, request.url.lowercased().hasPrefix("https://") {
            return answerLater(.failure(.tls(host: NetworkAddress.host(of: request.url), message: caFailure)), completion)
        }
        switch request.method {
        case .get:
            message = soup_message_new("GET", url)
        case .post:
            message = soup_message_new_from_encoded_form(
                "POST", url, g_strdup(HTTPRequest.formEncode(request.parameters)))
        }
        guard let message else {
            return answerLater(.failure(.refusedURL(tr("not a valid URL: %s", Redaction.redact(url)))), completion)
        }
        // Redirects are not followed: the API never redirects, and the OAuth approval's
        // redirect is read from its Location header.
        soup_message_add_flags(message, SOUP_MESSAGE_NO_REDIRECT)
        let headers = soup_message_get_request_headers(message)
        soup_message_headers_replace(headers, "Accept", "application/json")
        for (name, value) in request.headers {
            soup_message_headers_replace(headers, name, value)
        }

        let pending = Pending(
            completion: completion, host: NetworkAddress.host(of: request.url), timeout: totalTimeout, ioTimeout: ioTimeout, message: message,
            limit: request.bodyLimit)
        // A request in flight keeps its session: dropping the client must not cancel it.
        pending.client = self
        requestsUnderWay += 1
        pending.startTimer()
        // The session holds the message; `pending` is retained until the callback releases it.
        soup_session_send_async(
            session, message, Int32(G_PRIORITY_DEFAULT), pending.cancellable,
            { source, result, data in
                guard let data else { return }
                // Balanced by `passRetained` below: the callback runs exactly once.
                let pending = Unmanaged<Pending>.fromOpaque(data).takeRetainedValue()
                pending.headersArrived(session: UnsafeMutablePointer<SoupSession>(OpaquePointer(source)), result: result)
            },
            Unmanaged.passRetained(pending).toOpaque())
    }

    /// Answers on a later turn of the loop, as a real request would: the completion never runs
    /// inside `send`.
    private func answerLater(_ result: Result<HTTPResponse, HTTPError>, _ completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) {
        GLibSource.later { completion(result) }
    }

    /// Why this client will not send to `url`, if it will not.
    public static func refusal(of url: String) -> HTTPError? {
        guard let uri = g_uri_parse(url, G_URI_FLAGS_NONE, nil) else {
            return .refusedURL(tr("not a valid URL: %s", Redaction.redact(url)))
        }
        defer { g_uri_unref(uri) }
        let scheme = g_uri_get_scheme(uri).map { String(cString: $0).lowercased() } ?? ""
        let host = g_uri_get_host(uri).map { String(cString: $0) } ?? ""
        switch scheme {
        case "https": return nil
        case "http": return NetworkAddress.isLoopback(host) ? nil : .refusedURL(tr("refusing plain http:// to %s: only https, or http to this machine", host))
        default: return .refusedURL(tr("not an http(s) URL: %s", Redaction.redact(url)))
        }
    }

    /// One request in flight: its completion, its cancellable and its timeout.
    private final class Pending {
        let completion: (Result<HTTPResponse, HTTPError>) -> Void
        let host: String
        let timeout: UInt32
        let ioTimeout: UInt32
        let message: OpaquePointer?
        let cancellable = g_cancellable_new()
        var timer: GLibSource?
        var timedOut = false
        var client: HTTPClient?
        var finished = false
        /// The body as read so far, at most `limit` bytes, and the stream it comes from.
        let limit: Int
        var body: [UInt8] = []
        var stream: OpaquePointer?

        init(
            completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void, host: String, timeout: UInt32, ioTimeout: UInt32,
            message: OpaquePointer?, limit: Int
        ) {
            self.completion = completion
            self.host = host
            self.timeout = timeout
            self.ioTimeout = ioTimeout
            self.message = message
            self.limit = limit
        }

        deinit {
            timer = nil
            // Unread bytes are dropped with the stream (libsoup closes the connection).
            if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
            g_object_unref(UnsafeMutableRawPointer(cancellable))
            if let message { g_object_unref(UnsafeMutableRawPointer(message)) }
        }

        /// Cancels the request when the total timeout passes (a timer on the thread-default
        /// context, where the request runs).
        func startTimer() {
            timer = GLibSource.once(afterSeconds: Double(timeout)) { [weak self] in
                guard let self else { return }
                self.timer = nil
                self.timedOut = true
                g_cancellable_cancel(self.cancellable)
            }
        }

        /// The status and headers came: the body is read in chunks, at most `limit` bytes.
        func headersArrived(session: UnsafeMutablePointer<SoupSession>?, result: OpaquePointer?) {
            var error: UnsafeMutablePointer<GError>?
            guard let stream = soup_session_send_finish(session, result, &error) else {
                let glibError = error.map { GLibError(taking: $0) } ?? GLibError(domain: "", code: 0, message: "no answer")
                return finish(.failure(timedOut ? .timeout(seconds: Int(timeout)) : classify(glibError)))
            }
            self.stream = OpaquePointer(stream)
            readChunk()
        }

        /// Reads the next chunk; each callback holds the request until it ran.
        private func readChunk() {
            g_input_stream_read_bytes_async(
                UnsafeMutablePointer<GInputStream>(stream), 65_536, Int32(G_PRIORITY_DEFAULT), cancellable,
                { source, result, data in
                    guard let data else { return }
                    let pending = Unmanaged<Pending>.fromOpaque(data).takeRetainedValue()
                    pending.chunkArrived(UnsafeMutablePointer<GInputStream>(OpaquePointer(source)), result)
                }, Unmanaged.passRetained(self).toOpaque())
        }

        private func chunkArrived(_ stream: UnsafeMutablePointer<GInputStream>?, _ result: OpaquePointer?) {
            var error: UnsafeMutablePointer<GError>?
            guard let bytes = g_input_stream_read_bytes_finish(stream, result, &error) else {
                let glibError = error.map { GLibError(taking: $0) } ?? GLibError(domain: "", code: 0, message: "read failed")
                return finish(.failure(timedOut ? .timeout(seconds: Int(timeout)) : classify(glibError)))
            }
            defer { g_bytes_unref(bytes) }
            var size = 0
            guard let data = g_bytes_get_data(bytes, &size), size > 0 else { return bodyComplete() }
            guard body.count + size <= limit else {
                g_cancellable_cancel(cancellable)
                // An error page (a proxy's 500) is what it is, however long: its status, and its
                // first `limit` bytes to say what it is.
                let status = Int(soup_message_get_status(message).rawValue)
                guard status == 200 else {
                    body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: limit - body.count))
                    return finish(.success(response(status: status)))
                }
                return finish(.failure(.tooLarge(host: host, limit: limit)))
            }
            body.append(contentsOf: UnsafeRawBufferPointer(start: data, count: size))
            readChunk()
        }

        private func bodyComplete() {
            let headers = soup_message_get_response_headers(message)
            // A connection closed early can leave fewer bytes than the server announced. The
            // length counts the bytes on the wire: with a Content-Encoding (gzip), the body read
            // is the decoded one and cannot be compared with it (a cut-off compressed stream fails
            // in the decoder instead).
            let coding = soup_message_headers_get_one(headers, "Content-Encoding").map { String(cString: $0).lowercased() } ?? "identity"
            if coding == "identity", soup_message_headers_get_encoding(headers) == SOUP_ENCODING_CONTENT_LENGTH,
                soup_message_headers_get_content_length(headers) > body.count
            {
                finish(.failure(.connectionClosed(host: host)))
                return
            }
            finish(.success(response(status: Int(soup_message_get_status(message).rawValue))))
        }

        /// The answer as read: `status`, the headers used, and the body.
        private func response(status: Int) -> HTTPResponse {
            let headers = soup_message_get_response_headers(message)
            let contentType = soup_message_headers_get_content_type(headers, nil).map { String(cString: $0) }
            var named: [String: String] = [:]
            if let location = soup_message_headers_get_one(headers, "Location") {
                named["location"] = String(cString: location)
            }
            return HTTPResponse(status: status, contentType: contentType, body: body, headers: named)
        }

        func finish(_ result: Result<HTTPResponse, HTTPError>) {
            guard !finished else { return }
            finished = true
            defer { client = nil }
            timer = nil
            client?.requestsUnderWay -= 1
            completion(result)
        }

        /// GLib's error, in the words a user can act on.
        func classify(_ error: GLibError) -> HTTPError {
            if error.domain == GLibError.resolverDomain { return .nameResolution(host: host) }
            if error.domain == GLibError.tlsDomain { return .tls(host: host, message: error.message) }
            if error.domain == GLibError.ioDomain {
                switch error.code {
                case Int32(G_IO_ERROR_CONNECTION_REFUSED.rawValue): return .connectionRefused(host: host)
                case Int32(G_IO_ERROR_TIMED_OUT.rawValue): return .timeout(seconds: Int(ioTimeout))
                case Int32(G_IO_ERROR_HOST_NOT_FOUND.rawValue): return .nameResolution(host: host)
                case Int32(G_IO_ERROR_NETWORK_UNREACHABLE.rawValue), Int32(G_IO_ERROR_HOST_UNREACHABLE.rawValue):
                    return .networkUnreachable(host: host)
                case Int32(G_IO_ERROR_PARTIAL_INPUT.rawValue), Int32(G_IO_ERROR_CONNECTION_CLOSED.rawValue),
                    Int32(G_IO_ERROR_BROKEN_PIPE.rawValue):
                    return .connectionClosed(host: host)
                default: break
                }
            }
            return .transport(host: host, message: error.message)
        }
    }
}
