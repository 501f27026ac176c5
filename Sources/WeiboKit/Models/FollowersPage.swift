/// One page of `friendships/followers.json`: the user's followers, the newest first.
///
/// A follower that cannot be read is left out (kept in `skipped`), never the page.
public struct FollowersPage: Equatable, Sendable {
    public var users: [User]
    public var skipped: [DecodingFailure]

    public init(users: [User], skipped: [DecodingFailure] = []) {
        self.users = users
        self.skipped = skipped
    }
}

extension FollowersPage: Codable {
    enum CodingKeys: String, CodingKey {
        case users
        case totalNumber = "total_number"
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        (users, skipped) = try keys.decodeLeniently(User.self, forKey: .users)
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(users, forKey: .users)
        try keys.encode(users.count, forKey: .totalNumber)
    }
}
