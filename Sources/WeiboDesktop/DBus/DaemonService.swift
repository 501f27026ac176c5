import CGLib
import Glibc
import WeiboKit
import WeiboPlatform

/// The daemon on the session bus: owns `io.github.WeiboNotifier` (one instance per session),
/// exports `io.github.WeiboNotifier1` at `/io/github/WeiboNotifier`, and signals count changes.
public final class DaemonService {
    private let connection: OpaquePointer
    let accounts: AccountGroupShell
    /// The popup's pictures, fetched here (the popup reads files: no TLS in it).
    let pictures: AvatarCache?
    private var export: DBusExport?
    private var nameLostSubscription: DBusSignalSubscription?
    /// The name was taken over (`run --replace` elsewhere): the daemon should stop.
    public var nameLost: (() -> Void)?
    /// The tray icon, when there is one (it shows the latest snapshot from its start): it
    /// shows each snapshot too.
    public var tray: StatusNotifierItem?
    /// The snapshot the signals last said.
    private var shown: AccountsSnapshot

    /// Why the service could not start.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case alreadyRunning(pid: UInt32?)
        case bus(String)

        public var description: String {
            switch self {
            case .alreadyRunning(let pid):
                return pid.map { tr("already running (pid %d); use --replace to take over", Int($0)) } ?? tr("already running; use --replace to take over")
            case .bus(let message): return message
            }
        }
    }

    public init(connection: OpaquePointer, accounts: AccountGroupShell, pictures: AvatarCache? = nil) throws(Failure) {
        self.connection = connection
        self.accounts = accounts
        self.pictures = pictures
        shown = accounts.latest
        do {
            export = try DBusExport(
                connection: connection, path: SessionBus.objectPath, introspection: DaemonInterface.introspection,
                method: { [weak self] method, parameters, invocation in
                    guard let self else { return DBusExport.shuttingDown(invocation) }
                    self.methodCalled(method, parameters, invocation)
                })
        } catch {
            throw .bus(error.message)
        }
        accounts.published = { [weak self] snapshot in self?.show(snapshot) }
    }

    /// A new snapshot: the tray shows it, and the signals say what changed. StateChanged says
    /// the phase, and comes whenever anything a status bar shows besides the counts changed (a
    /// pause, do-not-disturb, failed checks), so that bars read GetStatus.
    private func show(_ snapshot: AccountsSnapshot) {
        let before = shown
        shown = snapshot
        tray?.show(snapshot.tray)
        if snapshot.group.unread != before.group.unread { emitCountsChanged(snapshot.group.unread) }
        if snapshot.badge != before.badge { updateDockBadge(snapshot.badge) }
        if snapshot.group.status != before.group.status { emitStateChanged(snapshot.group.status.phase) }
    }

    /// Takes the bus name: the one instance of the session. With `replace`, takes it from a
    /// running daemon (which then exits); without, fails when one runs.
    public func claimName(replace: Bool) throws(Failure) {
        // DO_NOT_QUEUE (4) | ALLOW_REPLACEMENT (1) | REPLACE_EXISTING (2) when asked.
        let flags: UInt32 = 4 | 1 | (replace ? 2 : 0)
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
            g_variant_new_tuple([g_variant_new_string(SessionBus.busName), g_variant_new_uint32(flags)], 2), nil,
            G_DBUS_CALL_FLAGS_NONE, 10_000, nil, &error)
        guard let reply else {
            throw .bus("cannot claim \(SessionBus.busName): \(error.map { GLibError(taking: $0).message } ?? "")")
        }
        let value = g_variant_get_child_value(reply, 0)
        let result = g_variant_get_uint32(value)
        g_variant_unref(value)
        g_variant_unref(reply)
        // 1: primary owner; 4: already the owner. 3: another process has it.
        guard result == 1 || result == 4 else {
            throw .alreadyRunning(pid: SessionBus.ownerPID(connection, name: SessionBus.busName))
        }
        nameLostSubscription = DBusSignalSubscription(
            connection: connection, sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus", member: "NameLost",
            path: "/org/freedesktop/DBus", shape: "(s)"
        ) { [weak self] _, parameters in
            guard let parameters, Variants.string(in: parameters, at: 0) == SessionBus.busName else { return }
            self?.nameLost?()
        }
    }

    // MARK: - Methods

    private func methodCalled(_ method: String, _ parameters: OpaquePointer?, _ invocation: OpaquePointer) {
        switch method {
        case "Pause":
            accounts.pause(seconds: parameters.map { Int(Variants.uint32(in: $0, at: 0)) } ?? 0)
        case "Resume":
            accounts.pause(seconds: 0)
        case "Refresh", "RefreshAccount":
            // Answered when the check is done: the caller learns whether anything was marked.
            let refresh: ((@escaping (String?) -> Void) -> Void)
            if method == "RefreshAccount" {
                guard let member = account(parameters, invocation) else { return }
                refresh = member.refresh
            } else {
                refresh = accounts.refresh
            }
            refresh(Self.answerLater(invocation))
            return
        case "ShowSummary":
            accounts.showSummary(.posts)
        case "ShowComments":
            accounts.showSummary(.comments)
        case "ShowMentions":
            accounts.showSummary(.mentions)
        case "ShowPopup":
            guard let kind = section(parameters, invocation) else { return }
            // `weibo-notifier popup`: the shortcut, which toggles as the tray icon's click does.
            accounts.showPopup(kind, toggles: true)
        case "ShowSettings":
            // The settings window at a page ("" for the one it chooses).
            let text = parameters.map { Variants.string(in: $0, at: 0) } ?? ""
            guard text.isEmpty || SettingPage(rawValue: text) != nil else {
                return g_dbus_method_invocation_return_dbus_error(
                    invocation, "org.freedesktop.DBus.Error.InvalidArgs", tr("no page %s: account, notifications, general or advanced", text))
            }
            if let reason = accounts.showSettings(SettingPage(rawValue: text)) {
                return g_dbus_method_invocation_return_dbus_error(invocation, DaemonInterface.failedError, reason)
            }
        case "ShowPopupAccount":
            // The popup of one account (`weibo-notifier popup --account`).
            guard let kind = section(parameters, invocation), let member = account(parameters, invocation, at: 1) else { return }
            member.showPopup(kind, showingAccount: true, toggles: true)
        case "GetItems", "GetItemsAccount":
            guard let kind = section(parameters, invocation) else { return }
            let items: (PopupSectionKind, Int, @escaping (String) -> Void) -> Void
            if method == "GetItemsAccount" {
                guard let member = account(parameters, invocation, at: 2) else { return }
                items = member.items
            } else {
                items = accounts.items
            }
            let count = parameters.map { Int(Variants.uint32(in: $0, at: 1)) } ?? 0
            // Answered when the core has them (known, or fetched within the API's limits).
            g_object_ref(UnsafeMutableRawPointer(invocation))
            items(kind, max(1, min(count, PopupItems.maximumCount))) { json in
                g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple([g_variant_new_string(json)], 1))
                g_object_unref(UnsafeMutableRawPointer(invocation))
            }
            return
        case "GetPicture":
            return picture(parameters, invocation)
        case "MarkSeen":
            guard let kind = section(parameters, invocation) else { return }
            accounts.markSeen(kind)
        case "MarkSeenAccount":
            guard let kind = section(parameters, invocation), let member = account(parameters, invocation, at: 1) else { return }
            member.markRead(kind.bubble)
        case "Reply":
            // A reply from the popup (comment_id 0: a comment on the post); answered once it
            // went, or with why not (it is then kept for `replies --retry`).
            guard let parameters else { return }
            let comment = Variants.int64(in: parameters, at: 0)
            let status = Variants.int64(in: parameters, at: 1)
            let text = TextSanitizer.clean(Variants.string(in: parameters, at: 2)).trimmed(of: " \t\n")
            // Only words for the bubble that says how it went: a name's length at most.
            let author = String(TextSanitizer.singleLine(Variants.string(in: parameters, at: 3)).prefix(Self.authorNameLimit))
            let uid = Variants.string(in: parameters, at: 4)
            guard status > 0, comment >= 0, !text.isEmpty else {
                return g_dbus_method_invocation_return_dbus_error(
                    invocation, "org.freedesktop.DBus.Error.InvalidArgs", tr("a reply needs a post and some text"))
            }
            guard let member = uid.isEmpty ? accounts.primary : account(parameters, invocation, at: 4) else { return }
            let request = ReplyRequest(commentID: comment == 0 ? nil : comment, statusID: status, text: text, authorName: author)
            member.reply(request, done: Self.answerLater(invocation))
            return
        case "LogIn":
            accounts.logIn()
        case "MarkRead":
            accounts.markRead()
        case "MarkReadAccount":
            guard let member = account(parameters, invocation) else { return }
            member.markRead()
        case "CheckNow":
            accounts.checkNow()
        case "GetCounts":
            return g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple([Self.countsVariant(accounts.latest.group.unread)], 1))
        case "GetAccounts":
            return g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple([accountsVariant()], 1))
        case "GetStatus":
            return g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple([statusVariant()], 1))
        default:
            return g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", "no method \(method)")
        }
        g_dbus_method_invocation_return_value(invocation, nil)
    }

    /// How many characters of a reply's author name are kept (Weibo's names are 30 at most).
    static let authorNameLimit = 64

    /// The answer to `invocation` once the work it asked for is done: nothing (nil), or the
    /// daemon's own error with why not. The invocation is held until then.
    private static func answerLater(_ invocation: OpaquePointer) -> (String?) -> Void {
        g_object_ref(UnsafeMutableRawPointer(invocation))
        return { failure in
            if let failure {
                g_dbus_method_invocation_return_dbus_error(invocation, DaemonInterface.failedError, failure)
            } else {
                g_dbus_method_invocation_return_value(invocation, nil)
            }
            g_object_unref(UnsafeMutableRawPointer(invocation))
        }
    }

    /// The popup section the call names (`posts`, `comments`, `mentions`); nil (and the call
    /// answered with an error) for anything else.
    private func section(_ parameters: OpaquePointer?, _ invocation: OpaquePointer) -> PopupSectionKind? {
        let text = parameters.map { Variants.string(in: $0, at: 0) } ?? ""
        if let kind = PopupSectionKind(rawValue: text) { return kind }
        g_dbus_method_invocation_return_dbus_error(
            invocation, "org.freedesktop.DBus.Error.InvalidArgs", tr("no section %s: posts, comments or mentions", text))
        return nil
    }

    /// The member following the uid the call names; nil (and the call answered with an error)
    /// when no account of that uid is followed.
    private func account(_ parameters: OpaquePointer?, _ invocation: OpaquePointer, at index: Int = 0) -> AccountShell? {
        let text = parameters.map { Variants.string(in: $0, at: index) } ?? ""
        if let uid = Int64(text), let member = accounts.member(uid) { return member }
        g_dbus_method_invocation_return_dbus_error(invocation, DaemonInterface.failedError, tr("no account with uid %s is followed", text))
        return nil
    }

    /// `a{su}`: every counter by its API name (`attitude` only where Weibo gives likes), and
    /// `total`.
    static func countsVariant(_ unread: UnreadCounts) -> OpaquePointer? {
        var entries: [OpaquePointer?] = unread.carriedCounters.map {
            g_variant_new_dict_entry(g_variant_new_string($0.rawValue), g_variant_new_uint32(UInt32(clamping: unread[$0])))
        }
        let total = UnreadCounter.allCases.reduce(0) { $0 + unread[$1] }
        entries.append(g_variant_new_dict_entry(g_variant_new_string("total"), g_variant_new_uint32(UInt32(clamping: total))))
        let type = g_variant_type_new("{su}")
        defer { g_variant_type_free(type) }
        return g_variant_new_array(type, entries, gsize(entries.count))
    }

    /// `a{sv}`: state, last poll, next poll (seconds since 1970, 0 for none), last error (the
    /// daemon's words) and its kind (`PollFailure.Kind`, for a client's own words), pid, polls
    /// finished, and what the bars show besides the counts.
    private func statusVariant() -> OpaquePointer? {
        func entry(_ key: String, _ value: OpaquePointer?) -> OpaquePointer? {
            g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value))
        }
        // The state shown and its error are one account's; the times, the pause and the
        // interval the default account's.
        let group = accounts.latest.group
        let reporting = group.reporting
        let status = group.status
        let first = group.members[0]
        func seconds(_ date: Timestamp?) -> Int { Int(date?.secondsSince1970.rounded(.down) ?? 0) }
        let entries: [OpaquePointer?] = [
            entry("state", g_variant_new_string(status.phase.rawValue)),
            entry("last-poll", g_variant_new_int64(seconds(first.lastPoll))),
            entry("next-poll", g_variant_new_int64(seconds(first.nextPoll))),
            entry("last-error", g_variant_new_string(reporting.lastError ?? "")),
            entry("last-error-kind", g_variant_new_string(reporting.lastErrorKind?.rawValue ?? "")),
            entry("pid", g_variant_new_uint32(UInt32(getpid()))),
            entry("polls", g_variant_new_uint32(UInt32(clamping: first.completedPolls))),
            entry("paused-until", g_variant_new_int64(seconds(first.pausedUntil))),
            entry("quiet", g_variant_new_boolean(status.paused || status.quiet ? 1 : 0)),
            entry("dnd", g_variant_new_boolean(status.doNotDisturb ? 1 : 0)),
            entry("failures", g_variant_new_uint32(UInt32(clamping: status.failuresInARow))),
            entry("network", g_variant_new_boolean(status.networkAvailable ? 1 : 0)),
            entry("quiet-until", g_variant_new_int64(seconds(first.quietUntil))),
            entry("details", g_variant_new_string(first.detailsNote ?? "")),
            entry("timeline", g_variant_new_string(first.timelineRefused ? PollFailure.Kind.noPermission.rawValue : "")),
            entry("interval", g_variant_new_uint32(UInt32(clamping: first.interval))),
            entry("account", g_variant_new_string(reporting.uid.map { String($0) } ?? "")),
        ]
        let type = g_variant_type_new("{sv}")
        defer { g_variant_type_free(type) }
        return g_variant_new_array(type, entries, gsize(entries.count))
    }

    /// `a(ssa{su})`: each account followed, its uid, screen name and unread counts.
    private func accountsVariant() -> OpaquePointer? {
        let followed = accounts.latest.group.members.compactMap { member in member.uid.map { (uid: $0, member: member) } }
        let entries: [OpaquePointer?] = followed.map { account in
            g_variant_new_tuple(
                [g_variant_new_string(String(account.uid)), g_variant_new_string(account.member.name), Self.countsVariant(account.member.unread)], 3)
        }
        let type = g_variant_type_new("(ssa{su})")
        defer { g_variant_type_free(type) }
        return g_variant_new_array(type, entries, gsize(entries.count))
    }

    private func emitStateChanged(_ phase: NotifierPhase) {
        g_dbus_connection_emit_signal(
            connection, nil, SessionBus.objectPath, SessionBus.interfaceName, "StateChanged",
            g_variant_new_tuple([g_variant_new_string(phase.rawValue)], 1), nil)
    }

    /// The dock badge (Unity LauncherEntry, shown by KDE, Dash to Dock, Plank, Latte): the
    /// unread total, urgent while @mentions or messages wait; hidden at zero. Sent from the
    /// daemon's own connection, as docks drop a badge when its sender goes away.
    private func updateDockBadge(_ badge: DockBadge) {
        func entry(_ key: String, _ value: OpaquePointer?) -> OpaquePointer? {
            g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value))
        }
        let entries: [OpaquePointer?] = [
            entry("count", g_variant_new_int64(badge.count)),
            entry("count-visible", g_variant_new_boolean(badge.isVisible ? 1 : 0)),
            entry("urgent", g_variant_new_boolean(badge.isUrgent ? 1 : 0)),
        ]
        let type = g_variant_type_new("{sv}")
        defer { g_variant_type_free(type) }
        let properties = g_variant_new_array(type, entries, gsize(entries.count))
        g_dbus_connection_emit_signal(
            connection, nil, SessionBus.objectPath, "com.canonical.Unity.LauncherEntry", "Update",
            g_variant_new_tuple([g_variant_new_string("application://\(SessionBus.busName).desktop"), properties], 2), nil)
    }

    private func emitCountsChanged(_ unread: UnreadCounts) {
        var error: UnsafeMutablePointer<GError>?
        g_dbus_connection_emit_signal(
            connection, nil, SessionBus.objectPath, SessionBus.interfaceName, "CountsChanged",
            g_variant_new_tuple([Self.countsVariant(unread)], 1), &error)
        // Taken (and freed) whether or not the debug line is shown.
        if let error {
            let failure = GLibError(taking: error)
            Log.debug("CountsChanged: \(failure.message)")
        }
    }
}
