import WeiboKit

/// The OAuth pages and endpoints: authorize, approve, access token, token info, revoke.
extension SandboxAPI {

    func authorizePage(_ request: SandboxRequest) -> SandboxResponse {
        let parameters = request.parameters
        if options.autoApprove {
            var approving = request
            approving.parameters["action"] = "approve"
            return approve(approving)
        }
        guard parameters["client_id"] == Self.appKey else {
            return SandboxResponse(status: 400, html: page("Error", "<p>invalid_client: unknown app key (error 21324)</p>"))
        }
        guard let redirect = parameters["redirect_uri"], !redirect.isEmpty else {
            return SandboxResponse(status: 400, html: page("Error", "<p>redirect_uri_mismatch (error 21322)</p>"))
        }
        let hidden = ["client_id", "redirect_uri", "state", "response_type"].compactMap { name in
            parameters[name].map { "<input type=\"hidden\" name=\"\(name)\" value=\"\(escapeHTML($0))\">" }
        }.joined()
        return SandboxResponse(
            html: page(
                "授权 Authorize",
                "<p>Weibo Notifier (sandbox) asks to read your timeline and unread counts.</p>"
                    + "<form method=\"post\" action=\"/oauth2/authorize\">\(hidden)"
                    + "<button name=\"action\" value=\"approve\">授权 Approve</button> "
                    + "<button name=\"action\" value=\"deny\">取消 Deny</button></form>"))
    }

    func approve(_ request: SandboxRequest) -> SandboxResponse {
        let parameters = request.parameters
        guard parameters["client_id"] == Self.appKey, let redirect = parameters["redirect_uri"], !redirect.isEmpty else {
            return SandboxResponse(status: 400, html: page("Error", "<p>invalid_client (error 21324)</p>"))
        }
        let state = parameters["state"].map { "&state=" + FormEncoding.escape($0) } ?? ""
        let separator = redirect.contains("?") ? "&" : "?"
        if parameters["action"] == "deny" {
            let location = redirect + separator + "error=access_denied&error_code=21330&error_description=user%20denied" + state
            return SandboxResponse(status: 302, contentType: "text/html", body: [], headers: [("Location", location)])
        }
        let alphabet = Array("abcdef0123456789")
        let code = String((0..<32).map { _ in random.pick(alphabet) })
        let uid = parameters["uid"].flatMap { Int64($0) } ?? nextLoginUID ?? Self.ownerUID
        codes[code] = AuthorizationCode(redirectURI: redirect, uid: uid)
        return SandboxResponse(status: 302, contentType: "text/html", body: [], headers: [("Location", redirect + separator + "code=\(code)" + state)])
    }

    /// The default callback page: shows the code for the user to copy.
    func defaultCallbackPage(_ request: SandboxRequest) -> SandboxResponse {
        let code = request.parameters["code"].map(escapeHTML) ?? ""
        return SandboxResponse(html: page("授权成功 Approved", "<p>Copy this code into the terminal:</p><p><code>\(code)</code></p>"))
    }

    func accessToken(_ request: SandboxRequest) -> SandboxResponse {
        let parameters = request.parameters
        let path = request.path
        guard parameters["client_id"] == Self.appKey, parameters["client_secret"] == Self.appSecret else {
            return error(21324, "invalid_client", path, status: 401, description: "unknown client_id or wrong client_secret")
        }
        guard parameters["grant_type"] == "authorization_code" else {
            return error(21323, "invalid_request", path, description: "grant_type must be authorization_code")
        }
        guard let code = parameters["code"], let record = codes[code], !record.used else {
            return error(21325, "invalid_grant", path, description: "invalid authorization code:\(parameters["code"] ?? "")")
        }
        guard parameters["redirect_uri"] == record.redirectURI else {
            return error(21322, "redirect_uri_mismatch", path, description: "redirect_uri does not match the authorization")
        }
        codes[code]?.used = true
        let token = issueToken(uid: record.uid, lifetime: Self.tokenLifetime)
        // Mixed types, as the real server sends them.
        return SandboxResponse(
            json: "{\"access_token\":\"\(token)\",\"remind_in\":\"\(Self.tokenLifetime)\",\"expires_in\":\(Self.tokenLifetime),"
                + "\"uid\":\"\(record.uid)\",\"isRealName\":\"true\"}")
    }

    func tokenInfo(_ request: SandboxRequest) -> SandboxResponse {
        guard let token = request.parameters["access_token"], let record = tokens[token], !record.revoked else {
            return error(21332, "invalid_access_token", request.path)
        }
        let left = record.expiresIn - Int64(clock().seconds(since: record.createdAt))
        return SandboxResponse(
            json: "{\"uid\":\(record.uid),\"appkey\":\(Self.appKey),\"scope\":null,"
                + "\"create_at\":\(Int64(record.createdAt.secondsSince1970)),\"expire_in\":\(left)}")
    }

    func revoke(_ request: SandboxRequest) -> SandboxResponse {
        guard let token = request.parameters["access_token"], tokens[token] != nil, tokens[token]?.revoked == false else {
            return error(21332, "invalid_access_token", request.path)
        }
        tokens[token]?.revoked = true
        return SandboxResponse(json: "{\"result\":\"true\"}")
    }
}
