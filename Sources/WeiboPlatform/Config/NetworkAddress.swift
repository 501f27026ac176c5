import CGLib
import WeiboKit

/// What an address names: its host, and whether that host is this machine (a sandbox, the
/// login's listener), which the HTTP client, the login and the configuration ask.
public enum NetworkAddress {
    /// An IP literal in 127.0.0.0/8, `::1`, or exactly `localhost`; never a name that merely
    /// starts with `127.` (`127.0.0.1.example.com` is someone else's machine).
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmed(of: "[]").lowercased()
        if bare == "localhost" || bare == "::1" { return true }
        let octets = bare.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { octet in
            !octet.isEmpty && octet.count <= 3 && octet.allSatisfy(\.isASCII) && octet.allSatisfy(\.isNumber) && (Int(octet) ?? 256) <= 255
        }
    }

    /// The host of `url` (the whole text when it is no URL).
    public static func host(of url: String) -> String {
        guard let uri = g_uri_parse(url, G_URI_FLAGS_NONE, nil) else { return url }
        defer { g_uri_unref(uri) }
        return g_uri_get_host(uri).map { String(cString: $0) } ?? url
    }
}
