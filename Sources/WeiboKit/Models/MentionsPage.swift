/// One page of `statuses/mentions.json`: statuses that @mention the user.
///
/// As with comments, a status that cannot be read is left out (kept in `skipped`), never the page.
public struct MentionsPage: Equatable, Sendable {
    /// Newest first.
    public var statuses: [Status]
    public var skipped: [DecodingFailure]
    public var totalNumber: Int

    public init(statuses: [Status], skipped: [DecodingFailure] = [], totalNumber: Int? = nil) {
        self.statuses = statuses
        self.skipped = skipped
        self.totalNumber = totalNumber ?? statuses.count
    }
}

extension MentionsPage: Decodable {
    enum CodingKeys: String, CodingKey {
        case statuses
        case totalNumber = "total_number"
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        (statuses, skipped) = try keys.decodeLeniently(Status.self, forKey: .statuses)
        totalNumber = keys.decodeCount(forKey: .totalNumber)
    }
}
