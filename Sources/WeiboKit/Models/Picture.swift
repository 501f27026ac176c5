/// One picture of a status, known by its thumbnail URL.
///
/// Larger sizes replace the `thumbnail` path segment with `bmiddle` or `large`, as the API does.
public struct Picture: Equatable, Hashable, Sendable {
    /// `http://wx1.sinaimg.cn/thumbnail/<pid>.jpg`
    public var thumbnailURL: String

    public init(thumbnailURL: String) {
        self.thumbnailURL = thumbnailURL
    }

    /// The medium size (`bmiddle`).
    public var middleURL: String { replacingSize(with: "bmiddle") }
    /// The original size (`large`).
    public var largeURL: String { replacingSize(with: "large") }

    private func replacingSize(with size: String) -> String {
        guard let range = thumbnailURL.range(ofText: "/thumbnail/") else { return thumbnailURL }
        var url = thumbnailURL
        url.replaceSubrange(range, with: "/\(size)/")
        return url
    }
}

extension Picture: Codable {
    enum CodingKeys: String, CodingKey {
        case thumbnailURL = "thumbnail_pic"
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        thumbnailURL = try keys.decodeURLIfPresent(forKey: .thumbnailURL) ?? ""
    }

    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encode(thumbnailURL, forKey: .thumbnailURL)
    }
}
