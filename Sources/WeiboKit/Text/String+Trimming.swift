extension String {
    /// The string without leading and trailing characters that are in `set`.
    public func trimmed(of set: String) -> String {
        String(drop(while: { set.contains($0) }).reversed().drop(while: { set.contains($0) }).reversed())
    }
}
