/// The tray menu's items and the words of the daemon's own login, chosen here as the bubbles'
/// are: the tray only sets what it is told.
extension Localizer {
    public enum TrayPhrase: Equatable, Sendable {
        /// "Show timeline".
        case timeline
        case checkNow
        /// Before the first login.
        case logInFirst
        /// After a login ran out (an account's submenu always).
        case logInAfterExpiry
        case settingsWindow
        case pauseNotifications
        case pauseForAnHour
        case pauseUntilTomorrow
        case resume
        case quit
        /// The menu's first line, for trays without tooltips (GNOME's): the state before the counts.
        case stateLoginExpired
        case stateNotLoggedIn
        case stateKeyringLocked
        case stateNoKeyring
        case stateRateLimited
        case stateOffline
        /// Checks fail while the network is up: a server fault, answers that cannot be read.
        case stateWeiboFailing
        case statePaused(until: String)
        case stateQuiet(until: String)
        case stateDoNotDisturb
    }

    public func text(_ phrase: TrayPhrase) -> String {
        switch phrase {
        case .timeline: return tr("Show timeline")
        case .checkNow: return tr("Check now")
        case .logInFirst: return tr("Log in to Weibo…")
        case .logInAfterExpiry: return tr("Log in to Weibo again…")
        case .settingsWindow: return tr("Settings…")
        case .pauseNotifications: return tr("Pause notifications")
        case .pauseForAnHour: return tr("For 1 hour")
        case .pauseUntilTomorrow: return tr("Until tomorrow")
        case .resume: return tr("Resume")
        case .quit: return tr("Quit")
        case .stateLoginExpired: return tr("Login expired")
        case .stateNotLoggedIn: return tr("Not logged in")
        case .stateKeyringLocked: return tr("Keyring locked")
        case .stateNoKeyring: return tr("No keyring")
        case .stateRateLimited: return tr("Rate limit reached")
        case .stateOffline: return tr("Offline")
        case .stateWeiboFailing: return tr("Weibo not answering")
        case .statePaused(let time): return tr("Paused until %s", time)
        case .stateQuiet(let time): return tr("Quiet hours until %s", time)
        case .stateDoNotDisturb: return tr("Do not disturb")
        }
    }

    /// How the daemon's browser login ended, in its bubble.
    public enum LoginOutcome: Equatable, Sendable {
        case loggedIn(as: String)
        case notLoggedIn(because: String)
        /// No display for the window and no terminal either: the command to run.
        case noTerminal(run: String)
    }

    public func text(_ outcome: LoginOutcome) -> String {
        switch outcome {
        case .loggedIn(let name): return tr("Logged in as %s", name)
        case .notLoggedIn(let reason): return tr("Not logged in: %s", reason)
        case .noTerminal(let command): return tr("No terminal to log in with: run %s", command)
        }
    }
}
