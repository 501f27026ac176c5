extension Status {
    /// The app the status was posted from: the anchor text of `source`
    /// (`<a href="…" rel="nofollow">微博 weibo.com</a>` → `微博 weibo.com`), `nil` when empty.
    public var sourceName: String? {
        var name = Substring(source)
        if let open = name.firstIndex(of: ">") {
            name = name[name.index(after: open)...]
            if let close = name.firstRange(of: "</") {
                name = name[..<close.lowerBound]
            }
        }
        let trimmed = String(name).trimmingASCIISpaces()
        return trimmed.isEmpty ? nil : trimmed
    }
}
