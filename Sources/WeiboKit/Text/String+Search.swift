/// Plain text search, byte by byte in UTF-8.
///
/// The project's own, rather than the standard library's `firstRange(of:)`, `contains(_:)` and
/// `replacing(_:with:)` for strings: those live in the string-processing library, which brings
/// the regex engine (about 2 MB) into every executable that calls one. The searches here are
/// for markers, paths and escapes, where comparing bytes is what is meant (no Unicode
/// equivalence: "é" written as "e" and a combining accent is not found as "é").
extension StringProtocol where Index == String.Index {
    /// Where `needle` first occurs, or nil; an empty needle occurs at the start.
    public func range(ofText needle: some StringProtocol) -> Range<String.Index>? {
        let bytes = utf8
        let pattern = needle.utf8
        guard let first = pattern.first else { return startIndex..<startIndex }
        var from = bytes.startIndex
        while let candidate = bytes[from...].firstIndex(of: first) {
            var place = candidate
            var matched = pattern.startIndex
            while matched != pattern.endIndex, place != bytes.endIndex, bytes[place] == pattern[matched] {
                bytes.formIndex(after: &place)
                pattern.formIndex(after: &matched)
            }
            if matched == pattern.endIndex { return candidate..<place }
            if place == bytes.endIndex { return nil }
            from = bytes.index(after: candidate)
        }
        return nil
    }

    /// Whether `needle` occurs.
    public func containsText(_ needle: some StringProtocol) -> Bool {
        range(ofText: needle) != nil
    }

    /// Every `target` replaced by `replacement`, left to right, without overlaps.
    public func replacingText(_ target: some StringProtocol, with replacement: some StringProtocol) -> String {
        guard !target.isEmpty else { return String(self) }
        var result = ""
        var rest = self[...]
        while let range = rest.range(ofText: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
