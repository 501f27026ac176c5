public import WeiboKit
import WeiboPlatform

extension LoginListener {
    /// The browser's last page after a login: what happened and what to do, in Chinese and in
    /// English (the browser's language is not the program's), with the account's name on success.
    public enum Page: Equatable, Sendable {
        case loggedIn(String)
        /// The user chose not to allow the app.
        case denied
        /// 21321: the account is not a test user of an app Weibo has not reviewed.
        case notATestUser
        /// 21322, 21323: the callback address is not the app's.
        case callbackMismatch
        /// Weibo's token exchange did not answer in time.
        case timedOut
        /// Another failure, as the terminal or the notification says it.
        case failed(String)
        /// The login's end was not known in time (or the login went away).
        case undecided
        /// An address without this login's state: another attempt, an old tab.
        case otherAttempt
        /// The code came already; this is a second visit.
        case alreadyAnswered
        case noCode

        /// The page for a refusal of the token exchange.
        public static func refused(_ error: APIError) -> Page {
            switch error.code {
            case 21321: .notATestUser
            case 21322, 21323: .callbackMismatch
            default: .failed(error.description)
            }
        }

        /// The page for a token exchange that failed with `error`; `explained`: how the terminal or
        /// the notification says it, for a failure the page has no words of its own for.
        public static func exchangeFailed(_ error: WeiboClientError, explained: String) -> Page {
            switch error {
            case .api(let api): refused(api)
            case .transport(.timeout): .timedOut
            default: .failed(explained)
            }
        }

        /// Two paragraphs, Chinese then English, as HTML.
        var html: String {
            let (chinese, english) = words
            return Markup.escaped(chinese) + "</p><p>" + Markup.escaped(english)
        }

        private var words: (String, String) {
            switch self {
            case .loggedIn(let name):
                ("已登录为 \(name)，可以关闭此页。", "Logged in as \(name): you can close this tab.")
            case .denied:
                (
                    "你选择了不授权微博通知读取你的账号，所以没有登录。需要时可以从托盘菜单再次登录。",
                    "You chose not to allow Weibo Notifier to read your account, so it is not logged in. Log in again from the tray's menu whenever you like."
                )
            case .notATestUser:
                (
                    "这个微博账号还不能使用该应用（21321）：应用通过微博审核前，只有开发者和应用页面（open.weibo.com → 应用信息 → 测试信息）中列出的测试用户可以登录。请在那里添加这个账号，或用开发者的账号登录。",
                    "This Weibo account may not use the app yet (21321): until Weibo reviews the app, only its developer and the test users listed on its page at open.weibo.com (应用信息 → 测试信息) may log in. Add this account there, or log in as the developer."
                )
            case .callbackMismatch:
                (
                    "回调地址与应用登记的不一致（21322/21323）：请让配置中的 redirect_uri 与 open.weibo.com 上应用的 OAuth2.0 授权设置（高级信息）一致，然后再登录。",
                    "The callback address is not the one registered for the app (21322/21323): make redirect_uri in the configuration and the app's OAuth2.0 settings at open.weibo.com (高级信息) the same, then log in again."
                )
            case .timedOut:
                ("微博没有及时回应，所以没有登录。请稍后再试。", "Weibo did not answer in time, so Weibo Notifier is not logged in. Please try again in a moment.")
            case .failed(let detail):
                ("没有登录：\(detail)", "Not logged in: \(detail)")
            case .undecided:
                ("登录结果见终端或桌面通知。", "The terminal or the notification says whether the login worked.")
            case .otherAttempt:
                (
                    "这个地址属于另一次登录或旧的页面，已忽略；正在进行的登录仍在等待。",
                    "This address belongs to another login attempt or an old tab and was ignored; the login under way is still waiting."
                )
            case .alreadyAnswered:
                ("这次登录已经收到回应，可以关闭此页。", "This login has its answer already: you can close this tab.")
            case .noCode:
                ("这个地址里没有授权码。", "No code in this address.")
            }
        }
    }
}
