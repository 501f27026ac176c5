/// The faults `/_sandbox/faults` injects: each the next answers of its kind, where it shows.
extension SandboxAPI {
    /// What `/_sandbox/faults` can inject into the next API responses.
    public enum FaultKind: String, CaseIterable, Sendable {
        case http500, html502, malformed, truncated, delay, drop
        /// A proxy's 500 page of 1 MiB: larger than a client reads, and still an HTTP error.
        case hugeErrorPage = "huge_error_page"
        /// The real answer followed by 5 MiB of spaces (still valid JSON), or gzip-compressed
        /// with 16 MiB of them (a few KiB on the wire): what a client must not read in full.
        case oversized
        case gzipBomb = "gzip_bomb"
        /// The real answer gzip-compressed with its Content-Length, as a proxy may send it (not a
        /// failure: a small body is longer compressed than decoded).
        case gzip
        case expiredToken = "expired_token"
        case rateLimit = "rate_limit"
        /// 10014 on the comment, mention and reply endpoints only (an app without the permission).
        case permission
        /// 10014 on the home timeline only: an app of a type without the timeline permission
        /// (some web apps), whose counts still work.
        case timelinePermission = "timeline_permission"
        /// 21321 at the next token exchange: the account is no test user of an unreviewed app.
        case notTestUser = "not_test_user"
        /// 21322 at the next token exchange: the redirect address is not the app's.
        case redirectMismatch = "redirect_mismatch"
        /// The next pictures (`/_sandbox/pictures/`) come `seconds` late, as from a slow picture
        /// host; the API's answers pass. No other fault touches a picture.
        case slowPictures = "slow_pictures"
    }

    func takeFault(for request: SandboxRequest) -> SandboxResponse? {
        guard !faults.isEmpty else { return nil }
        let path = request.path
        let fault = faults[0]
        // The controls never fail; pictures only slow down, and only they do.
        let picture = path.hasPrefix("/_sandbox/pictures/")
        if path.hasPrefix("/_sandbox/"), !picture { return nil }
        if (fault.kind == .slowPictures) != picture { return nil }
        // An app's missing permission shows only where it matters; other requests pass.
        if fault.kind == .permission, !Self.detailPaths.contains(path) { return nil }
        if fault.kind == .timelinePermission, path != "/2/statuses/home_timeline.json" { return nil }
        // A login's refusals come at the token exchange.
        if fault.kind == .notTestUser || fault.kind == .redirectMismatch, path != "/oauth2/access_token" { return nil }
        faults[0].remaining -= 1
        if faults[0].remaining <= 0 { faults.removeFirst() }
        switch fault.kind {
        case .http500: return error(10001, "system error!", path, status: 500)
        case .html502:
            return SandboxResponse(
                status: 502,
                html:
                    "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
            )
        case .hugeErrorPage:
            let filler = String(repeating: "<p>Internal Server Error</p>\r\n", count: 1 << 20 / 30)
            return SandboxResponse(
                status: 500, html: "<html><head><title>500 Internal Server Error</title></head><body>\r\n" + filler + "</body></html>\r\n")
        case .malformed: return SandboxResponse(json: "{\"statuses\":[{\"id\":4530000000000001,\"text\":\"broken\",,]")
        case .truncated:
            var response = answer(request)
            response.fault = .truncate
            return response
        case .oversized, .gzipBomb:
            var response = answer(request)
            let padding = [UInt8](repeating: 0x20, count: fault.kind == .oversized ? 5 << 20 : 16 << 20)
            response.body = fault.kind == .oversized ? response.body + padding : SandboxGzip.compress(response.body + padding)
            if fault.kind == .gzipBomb { response.headers.append(("Content-Encoding", "gzip")) }
            return response
        case .gzip:
            var response = answer(request)
            response.body = SandboxGzip.compress(response.body)
            response.headers.append(("Content-Encoding", "gzip"))
            return response
        case .delay, .slowPictures:
            return SandboxResponse(status: 0, body: [], fault: .delay(seconds: fault.seconds))
        case .drop: return SandboxResponse(status: 0, body: [], fault: .drop)
        case .expiredToken: return error(21327, "expired_token", path)
        case .rateLimit: return error(10023, "User requests out of rate limit!", path, status: 403)
        case .permission, .timelinePermission: return error(10014, "Insufficient app permissions!", path, status: 403)
        case .notTestUser: return error(21321, "applications over the unaudited use restrictions!", path, status: 403)
        case .redirectMismatch: return error(21322, "redirect_uri_mismatch", path)
        }
    }
}
