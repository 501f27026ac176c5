public import WeiboKit

/// What to do about Weibo's refusals at the token exchange, for the terminal's login and the
/// desktop's alike.
public enum LoginAdvice {
    /// The refusal explained with its fix, or nil for one that explains itself.
    public static func explain(_ error: APIError, redirectURI: String, configurationFile: String) -> String? {
        switch error.code {
        case 21321:
            return tr(
                "this Weibo account may not use the app yet (21321): until Weibo reviews an app, only its developer and the test users listed on its page at open.weibo.com (应用信息 → 测试信息) may log in; add this account there, or log in as the developer"
            )
        case 21322, 21323:
            return tr(
                "the callback address %s is not the one registered for the app (%d): make redirect_uri in %s and the app's OAuth2.0 settings at open.weibo.com (高级信息 → OAuth2.0 授权设置) the same",
                redirectURI, error.code, configurationFile)
        default:
            return nil
        }
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
