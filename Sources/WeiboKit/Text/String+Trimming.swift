extension String {
    /// The string without leading and trailing characters whose scalars are all in `set` (so
    /// "\r\n", one `Character`, goes when `set` holds "\r" and "\n").
    public func trimmed(of set: String) -> String {
        let trims = { (character: Character) in character.unicodeScalars.allSatisfy { set.unicodeScalars.contains($0) } }
        // From the first kept character to the last: the ends are walked, the rest not copied twice.
        guard let first = firstIndex(where: { !trims($0) }), let last = lastIndex(where: { !trims($0) }) else { return "" }
        return String(self[first...last])
    }
}
