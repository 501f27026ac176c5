/// The keys a status and a comment share (each type's `CodingKeys` has them as cases).
protocol PostCodingKeys: CodingKey {
    static var id: Self { get }
    static var idstr: Self { get }
    static var user: Self { get }
    static var mid: Self { get }
    static var createdAt: Self { get }
    static var text: Self { get }
    static var source: Self { get }
}

extension KeyedDecodingContainer where Key: PostCodingKeys {
    /// What a status and a comment both carry, read alike: the id and the author must be
    /// readable; a time, text or source that cannot be read costs only itself.
    func decodePostFields() throws -> (id: Int64, user: User?, mid: String, createdAt: Timestamp?, text: String, source: String) {
        let id = try decodeID(forKey: .id, twin: .idstr)
        let user = try decodeIfPresent(User.self, forKey: .user)
        let mid = (try? decodeFlexibleStringIfPresent(forKey: .mid)) ?? String(id)
        // A status without text is legal (a repost with no comment sends "").
        let text = (try? decodeIfPresent(String.self, forKey: .text)) ?? ""
        let source = (try? decodeIfPresent(String.self, forKey: .source)) ?? ""
        return (id, user, mid, decodeWeiboDateIfReadable(forKey: .createdAt), text, source)
    }
}

extension KeyedEncodingContainer where Key: PostCodingKeys {
    /// Writes what a status and a comment both carry, as the real API does: the numeric id with
    /// its string twin, `mid` as a string, the time in Weibo's format.
    mutating func encodePostFields(
        id: Int64, user: User?, mid: String, createdAt: Timestamp?, text: String, source: String
    ) throws {
        try encode(id, forKey: .id)
        try encode(String(id), forKey: .idstr)
        try encode(mid, forKey: .mid)
        try encodeIfPresent(createdAt.map { WeiboDate.format($0) }, forKey: .createdAt)
        try encode(text, forKey: .text)
        try encode(source, forKey: .source)
        try encodeIfPresent(user, forKey: .user)
    }
}
