/// Where the App Secret is kept, as its row in the settings window says it and what the row
/// offers. One place at a time: kept in the keyring, the file's line goes; found in the file,
/// the row offers to move it. Nothing goes to a file unless the user chooses it there.
public enum SecretKeeping: Equatable, Sendable {
    /// Not kept anywhere yet.
    case none
    /// In the keyring (`locked`: which is locked now).
    case keyring(locked: Bool)
    /// In the configuration file at this path, readable by the user only.
    case file(String)
    /// Being kept: the keyring may show a window of its own (make a keyring, unlock it).
    case waitingForKeyring
    /// The keyring could not keep it (none runs, it refused, the user cancelled): why. The
    /// typed secret stays in the field.
    case notKept(reason: String, cancelled: Bool)

    /// What the row can do besides taking a new secret.
    public enum Offer: Equatable, Sendable {
        /// Cancel beside the spinner: the keyring's window closes.
        case cancel
        /// "Move to the keyring": the file's secret, kept in the keyring, its line removed.
        case moveToKeyring
        /// "Keep it in a file readable only by you": the user's choice, never a fallback.
        case keepInFile
    }

    /// What the row offers.
    public var offers: [Offer] {
        switch self {
        case .none, .keyring: return []
        case .file: return [.moveToKeyring]
        case .waitingForKeyring: return [.cancel]
        case .notKept(_, let cancelled): return cancelled ? [] : [.keepInFile]
        }
    }

    /// Whether a spinner turns (the keyring's window may be open).
    public var isWaiting: Bool { self == .waitingForKeyring }

    /// What the row says, in the localizer's language.
    public func words(_ localizer: Localizer) -> String {
        switch self {
        case .none: return localizer.tr("Not kept yet: type it and press Enter.")
        case .keyring(let locked):
            return locked ? localizer.tr("Kept in the keyring, which is locked now.") : localizer.tr("Kept in the keyring.")
        case .file: return localizer.tr("Kept in the configuration file, readable by you only.")
        case .waitingForKeyring: return localizer.tr("Waiting for the keyring: answer its window if it shows one.")
        case .notKept(_, true): return localizer.tr("Not kept: cancelled. Press Enter to try again.")
        case .notKept(let reason, false):
            return localizer.tr("Not kept: %s. Try again with Enter, or keep it in a file readable only by you.", reason)
        }
    }

    /// Where the secret is, from the configuration file's own value (`fileValue`, with its
    /// path) and what the keyring said (nil: not asked or no answer).
    public static func found(fileValue: String, path: String, inKeyring: Bool?, locked: Bool) -> SecretKeeping {
        if !fileValue.isEmpty { return .file(path) }
        if locked { return .keyring(locked: true) }
        return inKeyring == true ? .keyring(locked: false) : .none
    }
}
