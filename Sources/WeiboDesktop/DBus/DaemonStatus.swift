import CGLib
public import WeiboKit
public import WeiboPlatform

/// What `GetStatus` and `GetCounts` say, read by `weibo-notifier status`.
public struct DaemonStatus: Sendable {
    public var state: String
    public var pid: UInt32
    public var lastPoll: Timestamp?
    public var nextPoll: Timestamp?
    public var lastError: String
    /// The kind of the last error (`PollFailure.Kind`), worded here in the caller's language.
    public var lastErrorKind: PollFailure.Kind?
    public var unread: UnreadCounts
    /// Why comment and mention texts are not shown now, or "".
    public var detailsNote = ""
    /// The app may not read the home timeline (10014): the popup's posts cannot be had.
    public var timelineRefused = false
    /// Until when notifications are paused, if they are.
    public var pausedUntil: Timestamp?
    /// Until when quiet hours hold notifications back, if they do now.
    public var quietUntil: Timestamp?
    /// The desktop's do-not-disturb holds notifications back.
    public var doNotDisturb = false
    /// Checks that failed in a row.
    public var failuresInARow = 0
    /// What the daemon's network monitor says.
    public var networkAvailable = true
    /// The uid whose `state` and `lastError` these are (nil: no account, or a daemon too old to say).
    public var account: Int64?

    /// What status bars show besides the counts.
    public var notifierStatus: NotifierStatus {
        NotifierStatus(
            phase: NotifierPhase(rawValue: state) ?? .starting, failuresInARow: failuresInARow, networkAvailable: networkAvailable,
            paused: (pausedUntil ?? .distantPast) > Timestamp.now, quiet: quietUntil != nil, doNotDisturb: doNotDisturb)
    }

    /// Asks the running daemon.
    public static func read(_ connection: OpaquePointer) throws(SessionBus.Failure) -> DaemonStatus {
        let statusReply = try SessionBus.callDaemon(connection, "GetStatus")
        defer { release(statusReply) }
        let countsReply = try SessionBus.callDaemon(connection, "GetCounts")
        defer { release(countsReply) }
        var status = DaemonStatus(statusReply: statusReply)
        status.unread = counts(inReply: countsReply)
        return status
    }

    /// The counters of an `(a{su})` reply or signal.
    public static func counts(inReply reply: OpaquePointer?) -> UnreadCounts {
        guard let reply else { return UnreadCounts() }
        let dictionary = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(dictionary) }
        return counts(in: dictionary)
    }

    /// The counters of an `a{su}`.
    static func counts(in dictionary: OpaquePointer?) -> UnreadCounts {
        var unread = UnreadCounts()
        forEachEntry(in: dictionary) { key, value in
            if let counter = UnreadCounter(rawValue: key) { unread[counter] = Int(g_variant_get_uint32(value)) }
        }
        return unread
    }

    /// Each account the running daemon follows (`GetAccounts`); none when it cannot say.
    public static func accounts(_ connection: OpaquePointer) -> [StatusBarLine.AccountCounts] {
        guard let reply = try? SessionBus.callDaemon(connection, "GetAccounts") else { return [] }
        defer { release(reply) }
        let list = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(list) }
        return (0..<g_variant_n_children(list)).map { index in
            let account = g_variant_get_child_value(list, index)
            defer { g_variant_unref(account) }
            let uid = g_variant_get_child_value(account, 0)
            let name = g_variant_get_child_value(account, 1)
            defer {
                g_variant_unref(uid)
                g_variant_unref(name)
            }
            let counts = g_variant_get_child_value(account, 2)
            defer { g_variant_unref(counts) }
            return StatusBarLine.AccountCounts(uid: string(uid), screenName: string(name), unread: Self.counts(in: counts))
        }
    }

    /// Lines for the terminal.
    public func lines(localizer: Localizer) -> [String] {
        let stateWords = NotifierPhase(rawValue: state).map { localizer.text(.state($0)) } ?? state
        var lines = [localizer.tr("running (pid %d), state %s", Int(pid), stateWords)]
        let zone = SystemTimeZone()
        if let lastPoll {
            lines.append(localizer.tr("last check %s", CivilTime(lastPoll, in: zone).clockWithSecondsText))
        } else {
            lines.append(localizer.tr("not checked yet"))
        }
        if let nextPoll { lines.append(localizer.tr("next check %s", CivilTime(nextPoll, in: zone).clockWithSecondsText)) }
        // The daemon's words may carry a server's: no terminal controls.
        // The kind in this command's language, then the daemon's own words (in its language,
        // which may be another: they may carry a server's, so no terminal controls).
        if let lastErrorKind {
            let detail = TextSanitizer.terminalSafe(lastError)
            let kind = localizer.text(.failureKind(lastErrorKind))
            lines.append(localizer.tr("last error: %s", detail.isEmpty ? kind : kind + " (" + detail + ")"))
        } else if !lastError.isEmpty {
            lines.append(localizer.tr("last error: %s", TextSanitizer.terminalSafe(lastError)))
        }
        if let pausedUntil, pausedUntil > Timestamp.now {
            lines.append(localizer.tr("notifications paused until %s", CivilTime(pausedUntil, in: zone).clockText))
        }
        if let quietUntil { lines.append(localizer.tr("quiet hours until %s", CivilTime(quietUntil, in: zone).clockText)) }
        if doNotDisturb { lines.append(localizer.text(.doNotDisturb)) }
        if !detailsNote.isEmpty { lines.append(localizer.text(.detailsUnavailable(TextSanitizer.terminalSafe(detailsNote)))) }
        if state == NotifierPhase.notLoggedIn.rawValue { lines.append(localizer.text(.notLoggedIn)) }
        lines.append(localizer.tr("unread: %s", UnreadPresenter(localizer: localizer).countsLine(unread)))
        return lines
    }

    public static func release(_ reply: OpaquePointer?) {
        if let reply { g_variant_unref(reply) }
    }

    /// Calls `body` for each entry of the dictionary in a one-element reply tuple.
    private static func forEachEntry(of reply: OpaquePointer?, _ body: (String, OpaquePointer?) -> Void) {
        guard let reply else { return }
        let dictionary = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(dictionary) }
        forEachEntry(in: dictionary, body)
    }

    private static func forEachEntry(in dictionary: OpaquePointer?, _ body: (String, OpaquePointer?) -> Void) {
        guard let dictionary else { return }
        for index in 0..<g_variant_n_children(dictionary) {
            let entry = g_variant_get_child_value(dictionary, index)
            let key = g_variant_get_child_value(entry, 0)
            let value = g_variant_get_child_value(entry, 1)
            body(string(key), value)
            g_variant_unref(value)
            g_variant_unref(key)
            g_variant_unref(entry)
        }
    }

    private static func string(_ value: OpaquePointer?) -> String {
        g_variant_get_string(value, nil).map { String(cString: $0) } ?? ""
    }
}

extension DaemonStatus {
    /// What a `GetStatus` reply (`(a{sv})`) says; the counts are `GetCounts`'.
    public init(statusReply: OpaquePointer?) {
        self.init(state: "", pid: 0, lastPoll: nil, nextPoll: nil, lastError: "", unread: UnreadCounts())
        var status = self
        Self.forEachEntry(of: statusReply) { key, value in
            // Values of a{sv} are variants: unwrap them first.
            let inner = g_variant_get_variant(value)
            defer { g_variant_unref(inner) }
            switch key {
            case "state": status.state = Self.string(inner)
            case "last-error": status.lastError = Self.string(inner)
            case "last-error-kind": status.lastErrorKind = PollFailure.Kind(rawValue: Self.string(inner))
            case "details": status.detailsNote = Self.string(inner)
            case "timeline": status.timelineRefused = Self.string(inner) == PollFailure.Kind.noPermission.rawValue
            case "pid": status.pid = g_variant_get_uint32(inner)
            case "last-poll":
                let seconds = g_variant_get_int64(inner)
                status.lastPoll = seconds > 0 ? Timestamp(secondsSince1970: Double(seconds)) : nil
            case "next-poll":
                let seconds = g_variant_get_int64(inner)
                status.nextPoll = seconds > 0 ? Timestamp(secondsSince1970: Double(seconds)) : nil
            case "paused-until":
                let seconds = g_variant_get_int64(inner)
                status.pausedUntil = seconds > 0 ? Timestamp(secondsSince1970: Double(seconds)) : nil
            case "dnd": status.doNotDisturb = g_variant_get_boolean(inner) != 0
            case "network": status.networkAvailable = g_variant_get_boolean(inner) != 0
            case "failures": status.failuresInARow = Int(g_variant_get_uint32(inner))
            case "quiet-until":
                let seconds = g_variant_get_int64(inner)
                status.quietUntil = seconds > 0 ? Timestamp(secondsSince1970: Double(seconds)) : nil
            case "account": status.account = Int64(Self.string(inner))
            default: break
            }
        }
        self = status
    }
}
