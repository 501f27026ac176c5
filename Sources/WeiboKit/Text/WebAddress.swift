/// The parts of an `http://` or `https://` address that the settings and the links check.
enum WebAddress {
    /// What stands between `http(s)://` and the path, query or fragment (user information, host
    /// and port); nil for an address of another scheme.
    static func authority(of address: String) -> Substring? {
        let rest: Substring
        if address.hasPrefix("https://") {
            rest = address.dropFirst(8)
        } else if address.hasPrefix("http://") {
            rest = address.dropFirst(7)
        } else {
            return nil
        }
        return rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    }
}
