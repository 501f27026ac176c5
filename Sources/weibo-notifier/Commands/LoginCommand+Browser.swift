import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// The browser half of `login`: the guide to an app key of one's own, the authorize page, and
/// the way back (caught on a loopback address, or pasted), with Weibo's refusals explained.
extension LoginCommand {
    /// The redirect address the guide recommends: caught by `login` itself.
    static let recommendedRedirect = LoginListener.recommendedRedirect
    /// How long the browser may take.
    static let browserTimeout = 300.0

    /// The context with an app key: the configuration's, or one the user is walked through getting.
    func ensureAppKey(_ context: CommandContext) throws(CommandError) -> CommandContext {
        if !context.configuration.appKey.isEmpty, let secret = context.appSecret() {
            var context = context
            context.configuration.appSecret = secret
            return context
        }
        try Terminal.write(lines: [LoginListener.guide])
        Terminal.prompt(tr("App Key: "))
        guard let key = try Terminal.readLine()?.trimmed(of: " \t"), !key.isEmpty else { throw .failed(tr("no app key given")) }
        Terminal.prompt(tr("App Secret (not shown): "))
        guard let secret = try Terminal.readSecretLine()?.trimmed(of: " \t"), !secret.isEmpty else { throw .failed(tr("no app secret given")) }
        Terminal.prompt(tr("Callback address [%s]: ", Self.recommendedRedirect))
        let typed = try Terminal.readLine()?.trimmed(of: " \t") ?? ""
        let redirect = typed.isEmpty ? Self.recommendedRedirect : typed
        guard redirect.hasPrefix("https://") || LoginListener.canServe(redirect) else {
            throw .usage(tr("weibo-notifier login: %s is neither https:// nor an address on this machine", redirect))
        }
        let inKeyring = context.keepInKeyring(appSecret: secret, appKey: key)
        do {
            try ConfigurationFile.set(
                [("weibo", "app_key", key), ("weibo", "app_secret", inKeyring ? "" : secret), ("weibo", "redirect_uri", redirect)],
                path: context.directories.configurationFile)
        } catch {
            throw .configuration(error.description)
        }
        try Terminal.write(lines: [
            inKeyring
                ? tr("Saved in %s; the app secret in your keyring.", context.directories.configurationFile)
                : tr("Saved in %s.", context.directories.configurationFile), "",
        ])
        var context = try CommandContext(environment: environment, apiBase: apiBase)
        context.configuration.appSecret = secret
        return context
    }

    /// The browser round trip: the authorize page, the code back, the token; and the listener
    /// whose browser page waits for the end of the login (`showLastPage`).
    func authorize(context: CommandContext, client: WeiboClient) throws(CommandError) -> (token: String, listener: LoginListener?) {
        let configuration = context.configuration
        let state = String(UInt64.random(in: 1...UInt64.max), radix: 16)
        let url = client.authorizeURL(appKey: configuration.appKey, redirectURI: configuration.redirectURI, state: state, forceLogin: switchAccount)
        // Listening first: the browser may come back at once.
        let listener: LoginListener?
        do {
            listener = LoginListener.canServe(configuration.redirectURI) ? try LoginListener(redirectURI: configuration.redirectURI, state: state) : nil
        } catch {
            throw .unavailable(error.description)
        }
        try Terminal.write(lines: [tr("Open this page and let Weibo Notifier read your account:"), "", "  \(url)", ""])
        if openBrowser, let reason = Browser.open(url, environment: environment) {
            try Terminal.write(lines: [tr("(No browser could be opened: %s. Open the page yourself.)", reason), ""])
        }
        let code: String
        if let listener { code = try waitForBrowser(listener) } else { code = try pastedCode(state: state) }
        do {
            let grant: AccessTokenGrant = try context.wait {
                client.accessToken(
                    appKey: configuration.appKey, appSecret: configuration.appSecret, code: code, redirectURI: configuration.redirectURI,
                    completion: $0)
            }
            return (grant.accessToken, listener)
        } catch {
            let explained = Self.explained(error, redirectURI: configuration.redirectURI, configurationFile: context.directories.configurationFile)
            if case .weibo(let clientError) = error {
                Self.showLastPage(listener, .exchangeFailed(clientError, explained: explained.description))
            } else {
                Self.showLastPage(listener, .failed(explained.description))
            }
            throw explained
        }
    }

    /// The browser's last page, written before the command goes on (within two seconds).
    static func showLastPage(_ listener: LoginListener?, _ page: LoginListener.Page) {
        guard let listener else { return }
        listener.conclude(page)
        MainContext.run(timeout: 2) { listener.answered }
    }

    /// The code the browser brings back to the loopback address, within five minutes.
    private func waitForBrowser(_ listener: LoginListener) throws(CommandError) -> String {
        try Terminal.write(lines: [tr("Waiting for the browser to come back (at most 5 minutes)…")])
        MainContext.run(timeout: Self.browserTimeout) { listener.outcome != nil }
        switch listener.outcome {
        case .code(let code): return code
        case .denied(let reason): throw .failed(tr("Weibo did not give a code: %s (you did not allow Weibo Notifier to read the account)", reason))
        case nil: throw .unavailable(tr("no answer from the browser within 5 minutes; run weibo-notifier login again"))
        }
    }

    /// The code the user pastes (or the whole address the browser ended on).
    private func pastedCode(state: String) throws(CommandError) -> String {
        Terminal.prompt(tr("Then paste the code, or the whole address the browser ended on: "))
        guard let answer = try Terminal.readLine() else { throw .failed(tr("no code given")) }
        switch LoginCode.read(answer, state: state) {
        case .success(let code): return code
        case .failure(let refusal): throw .failed(LoginAdvice.words(refusal))
        }
    }

    /// Weibo's refusals of a login, with what fixes them.
    static func explained(_ error: CommandError, redirectURI: String, configurationFile: String) -> CommandError {
        guard case .weibo(.api(let apiError)) = error,
            let advice = LoginAdvice.explain(apiError, redirectURI: redirectURI, place: .file(configurationFile))
        else { return error }
        return apiError.code == 21321 ? .account(advice) : .configuration(advice)
    }
}
