/// What a `Notifier` asks its shell to do. The shell carries effects out in order and feeds
/// what comes of them back as events.
public enum NotifierEffect: Equatable, Sendable {
    /// Ask Weibo for the unread counts; answer with `pollSucceeded` or `pollFailed`.
    case startPoll
    /// Ask Weibo when its rate limit resets; answer with `rateLimitResetKnown`.
    case askRateLimitReset
    /// Fire `pollTimerFired` at this time (replacing any timer before); `nil` cancels it.
    case schedulePoll(at: Timestamp?)
    /// Fire `quietTimerFired` at this time (replacing any timer before); `nil` cancels it.
    case scheduleQuietEnd(at: Timestamp?)
    /// Show the bubble of a kind, replacing the one with this id when given (also one a
    /// previous process showed); answer with `bubbleShown` or `bubbleNotShown`.
    case showUnread(Bubble, kind: BubbleKind, replacing: UInt32?)
    /// Close the bubble of a kind with this id (which a previous process may have shown).
    case closeUnread(BubbleKind, id: UInt32?)
    /// Follow the actions and closing of a bubble a previous process showed (after a restart).
    case adoptBubble(BubbleKind, id: UInt32)
    /// Fetch the items of a list newer than `sinceID` (at most `count`); answer with
    /// `detailsFetched` or `detailsFailed`.
    case fetchDetails(DetailSource, sinceID: Int64?, count: Int)
    /// Send a reply; answer with `replySent` or `replyNotSent`.
    case sendReply(ReplyRequest)
    /// Keep a reply that cannot be sent now (`reason`), for `weibo-notifier replies --retry`;
    /// answer with `replyFailed` saying whether it could be kept.
    case keepUnsentReply(ReplyRequest, reason: String)
    /// Tell the popup that sent `ReplyRequest` (if it did) that it did not go, in `words`.
    case answerReply(ReplyRequest, failure: String)
    /// A second, passing bubble (the summary, an error, a warning).
    case showTransient(Bubble)
    /// The passing bubble of that tag (`Bubble.replacesTag`) closes, if still open: what it
    /// said is over (a login that works again).
    case closeTransient(tag: String)
    /// Fetch the names of the newest `count` followers (a click on a bubble that counts new
    /// ones); answer with `followersFetched` or `followersFailed`.
    case fetchFollowers(count: Int)
    /// Fetch the newest `count` posts; answer with `summaryFetched` or `summaryFailed`.
    case fetchSummary(count: Int)
    /// Fetch a popup section's items: the home timeline, the comments to me, or both lists of
    /// mentions; `popupItemsFetched` or `popupItemsFailed` follows.
    case fetchPopupItems(PopupFetch)
    /// Open the popup at a section (a bubble's click); `popupUnavailable` follows when it cannot.
    case showPopup(PopupSectionKind)
    /// Answer every `GetItems` waiting for this section (each with as many as it asked for).
    case answerPopupItems(PopupSectionKind, PopupItems)
    /// Open an address in the user's browser.
    case open(url: String)
    /// Let the user log in (again): a terminal with `weibo-notifier login`, or say what to run.
    case startLogin
    /// The settings window at a page (a bubble's "Settings…").
    case showSettings(SettingPage)
    /// Read the login again (the keyring may have been unlocked); answer with `loginChanged`.
    case readLoginAgain
    /// Read the login again, letting the keyring ask for its password (the user asked for
    /// it: no time limit); answer with `loginChanged`.
    case unlockKeyring
    /// Save the state (it changed).
    case save(UnreadState)
    /// The unread amounts changed: D-Bus `CountsChanged`, tray, badge.
    case countsChanged(UnreadCounts)
    /// The phase changed: D-Bus `StateChanged`, tray.
    case phaseChanged(NotifierPhase)
    /// Answer a waiting caller: done, or why not.
    case finishRequest(RequestID, failure: String?)
    /// A line for the journal.
    case log(LogLevel, String)

    public enum LogLevel: Equatable, Sendable {
        case debug, info, message, warning
    }
}
