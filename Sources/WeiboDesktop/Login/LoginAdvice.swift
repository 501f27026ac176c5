public import WeiboKit
import WeiboPlatform

/// What to do about Weibo's refusals at the token exchange, for the terminal's login and the
/// desktop's alike.
public enum LoginAdvice {
    /// The refusal explained with its fix where the user sets the app (`place`: the window's
    /// rows, or the configuration file), or nil for one that explains itself.
    public static func explain(_ error: APIError, redirectURI: String, place: SettingsPlace) -> String? {
        error.loginAdvice(processLocalizer, redirectURI: redirectURI, place: place)
    }

    /// Why a pasted answer brings no code, and what to do.
    public static func words(_ refusal: LoginCode.Refusal) -> String {
        switch refusal {
        case .denied(let reason): return tr("Weibo did not give a code: %s (you did not allow Weibo Notifier to read the account)", reason)
        case .otherAttempt: return tr("that address belongs to another login attempt (state does not match); start again")
        case .notACode(let start): return tr("'%s' is neither a code nor an address with ?code=", start)
        }
    }
}
