public import WeiboKit

extension Configuration {
    /// Takes `SSL_CERT_FILE` from `environment` as the trusted CA file when the configuration
    /// names none (an absolute path only).
    public mutating func trustSSLCertFile(in environment: [String: String]) {
        if self.tlsCAFile == nil, let file = environment["SSL_CERT_FILE"], file.hasPrefix("/") { self.tlsCAFile = file }
    }

    /// Both API servers are on this machine (a sandbox): for trying things, never the session's
    /// real notifier (no autostart), and the only place for intervals under 30 s.
    public var isSandbox: Bool {
        [self.apiBase, self.remindBase].allSatisfy { NetworkAddress.isLoopback(NetworkAddress.host(of: $0)) }
    }

    /// What the settings' values are read against.
    public var settingContext: SettingContext { SettingContext(isSandbox: isSandbox) }
}
