/// The popup's words, chosen here as the bubbles' are in `Localizer`: its sections' tabs, state
/// lines, buttons, and what a screen reader says of a row.
extension Localizer {
    public enum PopupPhrase: Equatable, Sendable {
        /// A section's tab, with its unread count when there is one.
        case section(PopupSectionKind, count: Int)
        /// What waits behind the pill: `3 new`.
        case newRows(Int)
        case loadMore
        case logIn
        case settings
        case search
        case keyboardShortcuts
        /// The section lists nothing (and nothing failed).
        case nothingHere
        /// Why the rows are old (the failure of the last fetch), and since when.
        case state(PollFailure, since: String?)
        /// The app may not read a section (10014): what it means and what to do.
        case notPermitted(PopupSectionKind)
        /// A row's mark in its accessible description: it came since the last look.
        case newRow
        /// A row's mark once the popup's reply to it went.
        case repliedRow
        /// The button under a whole comment or mention, and the mark that takes its place
        /// once the reply went.
        case replyButton
        case repliedMark
        case picturesInRow(Int)
        case reposting(String)
        case onPost(String)
        case counts(reposts: Int, comments: Int, likes: Int)
        /// What a keyboard shortcut does, in the shortcuts window.
        case shortcut(PopupShortcut)
        /// The notifier did not answer the popup, with what to do.
        case daemonTrouble(DaemonTrouble)
    }

    /// Why the notifier gave the popup no answer, told by the error's name (never D-Bus's or
    /// GLib's own text).
    public enum DaemonTrouble: Equatable, Sendable {
        /// No error said, no answer either.
        case noAnswer
        /// Not on the bus.
        case notRunning
        /// Gone, or too slow, while asked.
        case stoppedAnswering
        case couldNotAnswer
        /// Its answer had not the shape the popup knows (a notifier of another version); why.
        case unreadable(String)
    }

    public func text(_ phrase: PopupPhrase) -> String {
        switch phrase {
        case .section(let kind, let count):
            let name: String
            switch kind {
            case .posts: name = tr("Posts")
            case .comments: name = tr("Comments")
            case .mentions: name = tr("Mentions")
            }
            return count > 0 ? "\(name) (\(count))" : name
        case .newRows(let n): return tr("%d new", n)
        case .loadMore: return tr("Load more")
        case .logIn: return tr("Log in to Weibo…")
        case .settings: return tr("Settings")
        case .search: return tr("Search")
        case .keyboardShortcuts: return tr("Keyboard Shortcuts")
        case .nothingHere: return tr("Nothing new")
        case .state(let failure, let since):
            switch failure.kind {
            case .loginRejected:
                return failure.message.isEmpty ? tr("Not logged in to Weibo") : failure.message
            case .rateLimited:
                // The API's limits are hourly.
                return since.map { tr("Weibo's hourly limit is reached; these are from %s.", $0) } ?? tr("Weibo's hourly limit is reached.")
            case .budgetSpent:
                return since.map { tr("Today's budget of calls is spent; these are from %s.", $0) } ?? tr("Today's budget of calls is spent.")
            case .refused, .noPermission, .transient:
                return since.map { tr("Offline: these are from %s.", $0) } ?? tr("Offline: Weibo could not be reached.")
            }
        case .notPermitted(let section):
            return section == .posts
                ? tr(
                    "This Weibo app may not read your timeline (10014); counts and notifications still work. For the posts, create a client app (移动应用 / 客户端) at open.weibo.com and log in with its key."
                )
                : tr("This Weibo app may not read comments and mentions (10014); counts and notifications still work.")
        case .newRow: return tr("new")
        case .repliedRow: return tr("replied")
        case .replyButton: return tr("Reply")
        case .repliedMark: return tr("Replied")
        case .picturesInRow(let n): return trn("%d picture", "%d pictures", n, n)
        case .reposting(let name): return tr("reposting %s", name)
        case .onPost(let text): return tr("on “%s”", text)
        case .counts(let reposts, let comments, let likes):
            return tr("%1$d reposts, %2$d comments, %3$d likes", reposts, comments, likes)
        case .daemonTrouble(let trouble):
            switch trouble {
            case .noAnswer: return tr("Weibo Notifier did not answer; try again with Ctrl+R")
            case .notRunning: return tr("Weibo Notifier is not running: open it from the menu, then press Ctrl+R")
            case .stoppedAnswering: return tr("Weibo Notifier stopped answering: open it from the menu, then press Ctrl+R")
            case .couldNotAnswer: return tr("Weibo Notifier could not answer; try again with Ctrl+R")
            case .unreadable(let why): return tr("the notifier's answer could not be read: %s", why)
            }
        case .shortcut(let shortcut):
            switch shortcut {
            case .close: return tr("Close the popup")
            case .nextSection: return tr("Next section")
            case .previousSection: return tr("Previous section")
            case .section: return tr("Posts, comments or mentions")
            case .moveBetweenRows: return tr("Move between rows")
            case .showWhole: return tr("Show the whole post, then open it in the browser")
            case .copy: return tr("Copy the text and its link")
            case .search: return tr("Search the rows")
            case .fetchAgain: return tr("Fetch again")
            case .reply: return tr("Reply to a comment or mention")
            case .hotSearch: return tr("Open Weibo's hot search")
            case .settings: return tr("Open the settings")
            case .shortcuts: return tr("Keyboard shortcuts")
            }
        }
    }
}
