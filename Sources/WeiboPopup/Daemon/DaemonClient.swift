import CGLib
import WeiboKit
import WeiboPlatform

/// The popup's side of the daemon's D-Bus interface: every call asynchronous, the token never
/// here (the daemon fetches; the popup gets the API's JSON).
final class DaemonClient {
    /// Why a call failed (said by `Localizer`).
    struct Failure: Error, Sendable {
        var trouble: Localizer.DaemonTrouble
    }

    private let held: ObjectReference
    private var connection: OpaquePointer { held.pointer }
    /// The account shown, by uid (nil: the notifier's default).
    let account: String?
    private var countsSubscription: DBusSignalSubscription?
    /// The counts changed (the daemon's `CountsChanged`): unread by API counter name.
    var countsChanged: (([String: Int]) -> Void)?

    /// The items asked as the process started (`ItemsPrefetch`), for the first section to load.
    private let prefetch: ItemsPrefetch?

    init(connection: OpaquePointer, account: String?, prefetch: ItemsPrefetch? = nil) {
        self.account = account
        self.prefetch = prefetch
        held = ObjectReference(adding: connection)
        countsSubscription = DBusSignalSubscription(
            connection: connection, sender: SessionBus.busName, interface: SessionBus.interfaceName, member: "CountsChanged",
            path: SessionBus.objectPath, shape: "(a{su})"
        ) { [weak self] _, parameters in
            guard let self, let parameters, let dictionary = g_variant_get_child_value(parameters, 0) else { return }
            defer { g_variant_unref(dictionary) }
            self.countsChanged?(Self.counts(dictionary))
        }
    }

    deinit {
        countsSubscription = nil
    }

    /// `GetItems`: a section's items (a fetch can take the daemon a while: 30 s at most); the
    /// ones asked as the process started, when they are these.
    func items(_ kind: PopupSectionKind, count: Int, completion: @escaping (Result<PopupItems, Failure>) -> Void) {
        let taken = prefetch?.take(kind, count: count, account: account) { [weak self] answer in
            if let answer { return completion(answer) }
            self?.ask(kind, count: count, completion: completion)
        }
        if taken != true { ask(kind, count: count, completion: completion) }
    }

    private func ask(_ kind: PopupSectionKind, count: Int, completion: @escaping (Result<PopupItems, Failure>) -> Void) {
        var arguments = [g_variant_new_string(kind.rawValue), g_variant_new_uint32(UInt32(count))]
        if let account { arguments.append(g_variant_new_string(account)) }
        let parameters = g_variant_new_tuple(arguments, gsize(arguments.count))
        call(account == nil ? "GetItems" : "GetItemsAccount", parameters, timeoutMilliseconds: Self.itemsTimeoutMilliseconds) { reply, error in
            completion(Self.items(reply: reply, error: error))
        }
    }

    static let itemsTimeoutMilliseconds: Int32 = 30_000

    /// The items in `GetItems`' reply, or why there are none.
    static func items(reply: OpaquePointer?, error: GLibError?) -> Result<PopupItems, Failure> {
        guard let reply, let child = g_variant_get_child_value(reply, 0) else { return .failure(Failure(trouble: trouble(error))) }
        defer { g_variant_unref(child) }
        let json = g_variant_get_string(child, nil).map { String(cString: $0) } ?? ""
        do throws(DecodingFailure) {
            return .success(try WeiboJSON.decodeDocument(PopupItems.self, from: [UInt8](json.utf8)))
        } catch {
            return .failure(Failure(trouble: .unreadable(error.description)))
        }
    }

    /// `GetCounts`: unread by API counter name.
    func counts(completion: @escaping ([String: Int]) -> Void) {
        call("GetCounts", nil) { reply, _ in
            guard let reply, let dictionary = g_variant_get_child_value(reply, 0) else { return completion([:]) }
            defer { g_variant_unref(dictionary) }
            completion(Self.counts(dictionary))
        }
    }

    /// `MarkSeen`: the section shown counts as seen; `done` once the daemon answered.
    func markSeen(_ kind: PopupSectionKind, done: @escaping () -> Void) {
        let arguments = [g_variant_new_string(kind.rawValue)] + (account.map { [g_variant_new_string($0)] } ?? [])
        call(account == nil ? "MarkSeen" : "MarkSeenAccount", g_variant_new_tuple(arguments, gsize(arguments.count))) { _, _ in done() }
    }

    /// `Reply`: the daemon sends it (within its budget; kept for a retry when it cannot);
    /// `done` gets nil once it went, else why not: the daemon's words, or why it did not
    /// answer. A minute at most: the daemon answers when Weibo did.
    func reply(_ request: ReplyRequest, done: @escaping (Result<Void, ReplyFailure>) -> Void) {
        let arguments = [
            g_variant_new_int64(gint64(request.commentID ?? 0)), g_variant_new_int64(gint64(request.statusID)), g_variant_new_string(request.text),
            g_variant_new_string(request.authorName), g_variant_new_string(account ?? ""),
        ]
        call("Reply", g_variant_new_tuple(arguments, gsize(arguments.count)), timeoutMilliseconds: 60_000) { _, error in
            guard let error else { return done(.success(())) }
            // The daemon's own words come after the error's name.
            let prefix = "GDBus.Error:\(DaemonInterface.failedError): "
            done(.failure(error.message.hasPrefix(prefix) ? .said(String(error.message.dropFirst(prefix.count))) : .trouble(Self.trouble(error))))
        }
    }

    /// Why a reply did not go.
    enum ReplyFailure: Error {
        /// The daemon's words (kept for a retry, and why).
        case said(String)
        case trouble(Localizer.DaemonTrouble)

        func words(_ localizer: Localizer) -> String {
            switch self {
            case .said(let words): words
            case .trouble(let trouble): localizer.text(.daemonTrouble(trouble))
            }
        }
    }

    /// `GetPicture`: the file of the picture at `url`, fetched by the daemon; nil when it could
    /// not be had or the daemon did not answer within `pictureTimeoutMilliseconds`.
    func picture(_ url: String, completion: @escaping (String?) -> Void) {
        call("GetPicture", g_variant_new_tuple([g_variant_new_string(url)], 1), timeoutMilliseconds: Self.pictureTimeoutMilliseconds) {
            reply, _ in
            guard let reply, let child = g_variant_get_child_value(reply, 0) else { return completion(nil) }
            defer { g_variant_unref(child) }
            let path = g_variant_get_string(child, nil).map { String(cString: $0) } ?? ""
            completion(path.isEmpty ? nil : path)
        }
    }

    /// How long a picture's answer may take: the daemon fetches four at a time, each within
    /// `AvatarCache.windowTimeout`, and a popup asks for all its rows' pictures together; a
    /// daemon that answers nothing (hung) is given up on at this. With the usual two seconds,
    /// a picture still waiting in the daemon's queue was counted lost, and not asked for again
    /// for 30 s (`PictureAsks`).
    static let pictureTimeoutMilliseconds: Int32 = 60_000

    /// `LogIn`: the daemon's own login (the browser, or a terminal where it cannot).
    func logIn() {
        call("LogIn", nil) { _, _ in }
    }

    private func call(
        _ method: String, _ parameters: OpaquePointer?, timeoutMilliseconds: Int32 = DBusCall.timeoutMilliseconds,
        completion: @escaping DBusCall.Completion
    ) {
        DBusCall.call(
            connection, name: SessionBus.busName, path: SessionBus.objectPath, interface: SessionBus.interfaceName, method: method,
            parameters, reply: DaemonInterface.replyShape(of: method), timeoutMilliseconds: timeoutMilliseconds, completion: completion)
    }

    /// Why the notifier did not answer, by the error's name: not running, gone while asked,
    /// or something else (`Localizer` says each with what to do).
    static func trouble(_ error: GLibError?) -> Localizer.DaemonTrouble {
        guard let error else { return .noAnswer }
        if !error.message.isEmpty { Log.info("the notifier's answer: \(error.message)") }
        if error.isNoOwner { return .notRunning }
        switch (error.domain, error.code) {
        case (GLibError.dbusDomain, Int32(G_DBUS_ERROR_NO_REPLY.rawValue)), (GLibError.dbusDomain, Int32(G_DBUS_ERROR_DISCONNECTED.rawValue)),
            (GLibError.dbusDomain, Int32(G_DBUS_ERROR_TIMEOUT.rawValue)), (GLibError.dbusDomain, Int32(G_DBUS_ERROR_TIMED_OUT.rawValue)),
            (GLibError.ioDomain, Int32(G_IO_ERROR_CLOSED.rawValue)), (GLibError.ioDomain, Int32(G_IO_ERROR_TIMED_OUT.rawValue)):
            return .stoppedAnswering
        default:
            return .couldNotAnswer
        }
    }

    /// `a{su}` as a dictionary.
    private static func counts(_ dictionary: OpaquePointer) -> [String: Int] {
        var result: [String: Int] = [:]
        for index in 0..<g_variant_n_children(dictionary) {
            guard let entry = g_variant_get_child_value(dictionary, index) else { continue }
            defer { g_variant_unref(entry) }
            guard let key = g_variant_get_child_value(entry, 0), let value = g_variant_get_child_value(entry, 1) else { continue }
            defer {
                g_variant_unref(key)
                g_variant_unref(value)
            }
            result[g_variant_get_string(key, nil).map { String(cString: $0) } ?? ""] = Int(g_variant_get_uint32(value))
        }
        return result
    }
}
