extension String {
    /// The string without leading and trailing characters that are in `set`.
    public func trimmed(of set: String) -> String {
        // From the first kept character to the last: the ends are walked, the rest not copied twice.
        guard let first = firstIndex(where: { !set.contains($0) }), let last = lastIndex(where: { !set.contains($0) }) else { return "" }
        return String(self[first...last])
    }
}
