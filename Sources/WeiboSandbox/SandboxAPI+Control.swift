public import WeiboKit

/// The controls under `/_sandbox/` that tests and the demo use to make things happen.
extension SandboxAPI {

    func control(_ request: SandboxRequest) -> SandboxResponse {
        let parameters = request.parameters
        // Every control acts for the user `uid` names, the owner by default.
        guard let uid = user(parameters) else { return controlError("unknown uid \(parameters["uid"] ?? "")") }
        switch (request.method, request.path) {
        case ("POST", "/_sandbox/statuses"):
            guard let count = Int(parameters["count"] ?? "1"), (1...1000).contains(count) else {
                return controlError("count must be a whole number from 1 to 1000")
            }
            // `text`: what they say (a test's own words), else the generator's.
            addStatuses(count, for: uid, text: parameters["text"])
        case ("POST", "/_sandbox/counts"):
            for (name, value) in parameters where name != "uid" {
                guard let counter = UnreadCounter(rawValue: name), let amount = Int(value), amount >= 0 else {
                    return controlError("unknown counter or bad amount: \(name)=\(value)")
                }
                userCounts[uid, default: UnreadCounts()][counter] += amount
            }
        case ("POST", "/_sandbox/read"):
            // Read elsewhere (Weibo's app, its website): the counters named go to zero, all without one.
            let names = parameters["counters"].map { $0.split(separator: ",").map(String.init) } ?? UnreadCounter.allCases.map(\.rawValue)
            let counters = names.compactMap(UnreadCounter.init(rawValue:))
            guard counters.count == names.count else { return controlError("unknown counter in: \(names.joined(separator: ","))") }
            // Only those with news: the likes counter stays absent where it is.
            for counter in counters where userCounts[uid, default: UnreadCounts()][counter] != 0 { userCounts[uid, default: UnreadCounts()][counter] = 0 }
        case ("POST", "/_sandbox/users"):
            let made = addUser()
            return SandboxResponse(
                json: "{\"uid\":\(made.user.id),\"screen_name\":\(JSONText.quoted(made.user.screenName)),\"token\":\(JSONText.quoted(made.token))}")
        case ("POST", "/_sandbox/login-as"):
            nextLoginUID = uid
        case ("POST", "/_sandbox/faults"):
            guard let name = parameters["kind"], let kind = FaultKind(rawValue: name) else {
                let kinds = FaultKind.allCases.map(\.rawValue).joined(separator: ", ")
                return controlError("kind must be one of \(kinds)")
            }
            guard let count = Int(parameters["count"] ?? "1"), count >= 1,
                let seconds = Int(parameters["seconds"] ?? "5"), seconds >= 0
            else {
                return controlError("count must be 1 or more, seconds 0 or more")
            }
            faults.append((kind, count, seconds))
        case ("POST", "/_sandbox/token"):
            guard let lifetime = Int64(parameters["expires_in"] ?? String(Self.tokenLifetime)) else {
                return controlError("expires_in must be a whole number of seconds")
            }
            let token = issueToken(uid: uid, lifetime: lifetime)
            return SandboxResponse(json: "{\"access_token\":\"\(token)\",\"uid\":\(uid),\"expires_in\":\(lifetime)}")
        case ("POST", "/_sandbox/comments"):
            guard let count = Int(parameters["count"] ?? "1"), (1...1000).contains(count) else {
                return controlError("count must be a whole number from 1 to 1000")
            }
            addComments(count, for: uid, authors: parameters["authors"].map { $0.split(separator: ",").map(String.init) } ?? [])
        case ("POST", "/_sandbox/followers"):
            guard let count = Int(parameters["count"] ?? "1"), (1...1000).contains(count) else {
                return controlError("count must be a whole number from 1 to 1000")
            }
            addFollowers(count, for: uid, names: parameters["authors"].map { $0.split(separator: ",").map(String.init) } ?? [])
        case ("POST", "/_sandbox/mentions"):
            guard let count = Int(parameters["count"] ?? "1"), (1...1000).contains(count) else {
                return controlError("count must be a whole number from 1 to 1000")
            }
            let kind = parameters["kind"] ?? "status"
            guard kind == "status" || kind == "comment" else { return controlError("kind must be status or comment") }
            addMentions(count, inComments: kind == "comment", for: uid)
        case ("GET", "/_sandbox/replies"):
            return repliesAnswer()
        case ("GET", let path) where path.hasPrefix("/_sandbox/avatars/") && path.hasSuffix(".png"):
            guard let uid = Int64(path.dropFirst("/_sandbox/avatars/".count).dropLast(4)) else {
                return controlError("an avatar is /_sandbox/avatars/<uid>.png")
            }
            return SandboxResponse(status: 200, contentType: "image/png", body: SandboxAvatar.png(for: uid))
        case ("GET", let path) where path.hasPrefix("/_sandbox/pictures/bomb-") && path.hasSuffix(".png"):
            // A picture bomb: a small PNG whose header says WxH pixels (`bomb-65000x65000.png`).
            let size = path.dropFirst("/_sandbox/pictures/bomb-".count).dropLast(4).split(separator: "x")
            guard size.count == 2, let width = UInt32(size[0]), let height = UInt32(size[1]), width > 0, height > 0 else {
                return controlError("a picture bomb is /_sandbox/pictures/bomb-<width>x<height>.png")
            }
            return SandboxResponse(status: 200, contentType: "image/png", body: SandboxAvatar.bomb(width: width, height: height))
        case ("GET", let path) where path.hasPrefix("/_sandbox/pictures/") && path.hasSuffix(".png"):
            let name = path.dropFirst("/_sandbox/pictures/".count).dropLast(4).split(separator: "-")
            guard name.count == 2, let id = Int64(name[0]), let index = Int64(name[1]) else {
                return controlError("a picture is /_sandbox/pictures/<status id>-<n>.png")
            }
            return SandboxResponse(status: 200, contentType: "image/png", body: SandboxAvatar.png(for: id &+ index &* 7919))
        case ("POST", "/_sandbox/reset"):
            reset()
        case ("GET", "/_sandbox/state"):
            break
        default:
            return SandboxResponse(status: 404, json: "{\"error\":\(JSONText.quoted("unknown sandbox control \(request.path)"))}")
        }
        return stateAnswer(for: uid)
    }

    /// The user a control names with `uid` (the owner when it names none); nil for an unknown one.
    func user(_ parameters: [String: String]) -> Int64? {
        guard let text = parameters["uid"] else { return Self.ownerUID }
        guard let uid = Int64(text), users.contains(where: { $0.id == uid }) else { return nil }
        return uid
    }

    /// A new user with counters of their own, and a token for them.
    public func addUser() -> (user: User, token: String) {
        var user = generator.someone()
        user.id = Self.ownerUID + Int64(users.count) * 1_000_003
        users.append(user)
        userCounts[user.id] = UnreadCounts()
        worlds[user.id] = newWorld(for: user)
        return (user, issueToken(uid: user.id, lifetime: Self.tokenLifetime))
    }

    /// The state of the user `uid`: counters, timeline, comments, mentions, and the faults pending.
    func stateAnswer(for uid: Int64 = ownerUID) -> SandboxResponse {
        let world = worlds[uid] ?? World()
        let countsJSON = (try? WeiboJSON.encode(userCounts[uid] ?? UnreadCounts())).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return SandboxResponse(
            json: "{\"result\":true,\"uid\":\(uid),\"counts\":\(countsJSON),\"statuses\":\(world.statuses.count),\"comments\":\(world.commentsToMe.count),"
                + "\"mentions\":\(world.mentionStatuses.count + world.mentionComments.count),"
                + "\"newest_id\":\(world.statuses.first?.id ?? 0),\"pending_faults\":\(faults.reduce(0) { $0 + $1.remaining })}")
    }

    func controlError(_ message: String) -> SandboxResponse {
        SandboxResponse(status: 400, json: "{\"error\":\(JSONText.quoted(message))}")
    }

    func page(_ title: String, _ body: String) -> String {
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>\(title)</title></head>"
            + "<body><h1>\(title)</h1>\(body)</body></html>"
    }

    func escapeHTML(_ text: String) -> String {
        Markup.escaped(text, quotes: true)
    }
}

extension SandboxAPI {
    /// `users/show.json`: a user by `uid` (any user may be looked at), 20003 when none has it.
    func userShow(_ request: SandboxRequest) -> SandboxResponse {
        if case .failure(let error) = authenticate(request) { return error.response }
        guard let uid = request.parameters["uid"].flatMap({ Int64($0) }) else { return error(10016, "miss required parameter (uid)", request.path) }
        guard let user = servedUser(users.first(where: { $0.id == uid })) else { return error(20003, "User does not exists!", request.path) }
        return json(user)
    }
}
