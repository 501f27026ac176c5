extension Status {
    /// The app the status was posted from: the anchor text of `source`
    /// (`<a href="…" rel="nofollow">微博 weibo.com</a>` → `微博 weibo.com`), `nil` when empty.
    public var sourceName: String? {
        // Searched as UTF-8 bytes: `>` and `</` are ASCII, and this runs for every status laid out.
        let bytes = source.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        if let open = bytes.firstIndex(of: UInt8(ascii: ">")) {
            start = bytes.index(after: open)
            var index = start
            while index < bytes.endIndex {
                let next = bytes.index(after: index)
                if bytes[index] == UInt8(ascii: "<"), next < bytes.endIndex, bytes[next] == UInt8(ascii: "/") {
                    end = index
                    break
                }
                index = next
            }
        }
        let name = String(decoding: bytes[start..<end], as: UTF8.self).trimmingASCIISpaces()
        return name.isEmpty ? nil : name
    }
}
