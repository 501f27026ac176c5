/// What a keyring's refusal means to the user: why, and what to do. One refusal has a remedy
/// nobody would guess from the keyring's own words: KWallet without the QCA plugins of its Qt
/// cannot open any session ("createDLGroup failed: maybe libqca-ossl is missing"; every secret
/// travels in an encrypted session), and names a library, not the package that brings it.
public enum KeyringRefusal: Equatable, Sendable {
    /// KWallet cannot encrypt: one of `packages` (Debian's) brings the plugin it misses.
    case cannotEncrypt(packages: [Package])
    /// Anything else: the keyring's own words.
    case other(String)

    /// A package that brings KWallet's encryption, and the KWallet it is for.
    public struct Package: Equatable, Sendable {
        public var name: String
        public var kwallet: String
    }

    static let qt6 = Package(name: "libqca-qt6-plugins", kwallet: "kwalletd6")
    static let qt5 = Package(name: "libqca-qt5-2-plugins", kwallet: "kwalletd5")

    /// `message`: the Secret Service's error; `provider`: the program that runs it
    /// (`kwalletd6`), nil when unknown (then both KWallets' packages are named).
    public init(message: String, provider: String?) {
        guard message.contains("libqca") else {
            self = .other(message)
            return
        }
        switch provider {
        case Self.qt6.kwallet: self = .cannotEncrypt(packages: [Self.qt6])
        case Self.qt5.kwallet: self = .cannotEncrypt(packages: [Self.qt5])
        default: self = .cannotEncrypt(packages: [Self.qt6, Self.qt5])
        }
    }

    /// Why, in a clause ("the keyring: …" for the keyring's own words).
    public func why(_ localizer: Localizer) -> String {
        switch self {
        case .cannotEncrypt: return localizer.tr("KWallet cannot encrypt the session a secret travels in: its QCA plugins are missing")
        case .other(let message): return localizer.tr("the keyring: %s", message)
        }
    }

    /// What to do, or nil when nothing is known beyond the keyring's words.
    public func fix(_ localizer: Localizer) -> String? {
        switch self {
        case .cannotEncrypt(let packages) where packages.count == 1:
            return localizer.tr("install %s, then log out and in again (KWallet loads its plugins at its start)", packages[0].name)
        case .cannotEncrypt(let packages):
            return localizer.tr(
                "install %s (KWallet 6) or %s (KWallet 5), then log out and in again (KWallet loads its plugins at its start)",
                packages[0].name, packages[1].name)
        case .other: return nil
        }
    }

    /// Both in one sentence: "why; fix".
    public func text(_ localizer: Localizer) -> String {
        fix(localizer).map { localizer.tr("%s; %s", why(localizer), $0) } ?? why(localizer)
    }

    /// What a login that kept its token in `file` instead says beside "Logged in as …": only
    /// for a keyring that runs and cannot encrypt. Any other refusal (no keyring at all, where
    /// the file is the usual place) says nothing there; the log has its words.
    public func loginNote(file: String, _ localizer: Localizer) -> String? {
        guard case .cannotEncrypt = self else { return nil }
        return localizer.tr("The keyring did not keep the token: %s. It is kept in %s, readable by you only.", text(localizer), file)
    }
}
