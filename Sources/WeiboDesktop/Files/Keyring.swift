import CGLib
import CLibSecret
public import WeiboKit
import WeiboPlatform

/// A keyring call the user may take back (Cancel beside its spinner).
public final class KeyringRequest {
    public private(set) var isCancelled = false
    fileprivate var cancelCall: (() -> Void)?

    /// Cancels the call: the Secret Service closes its window, and the completion says `.cancelled`.
    public func cancel() {
        isCancelled = true
        cancelCall?()
    }
}

/// The user's keyring (a Secret Service such as GNOME Keyring or KWallet, through libsecret),
/// where tokens and app secrets are kept. Asynchronous only, and bounded: a keyring that does
/// not answer within five seconds (locked, with an unlock prompt nobody answers) is a failure,
/// never a wait.
public enum Keyring {
    public static let timeout = 5.0

    /// Whether libsecret is there (it is loaded at the first use, not at start).
    public static var isInstalled: Bool { CLibSecret_available() != 0 }

    private static var notInstalled: String { tr("libsecret is not installed (apt-get install libsecret-1-0)") }

    /// What is kept: a schema and the attributes that find it.
    public enum Item: Sendable, Equatable {
        /// A user's token: schema `io.github.WeiboNotifier.Token`, attributes `uid`, `api-base`.
        case token(uid: Int64, apiBase: String)
        /// An app's secret: schema `io.github.WeiboNotifier.AppSecret`, attribute `app-key`.
        case appSecret(appKey: String)

        var schema: UnsafePointer<CLibSecretSchema> {
            switch self {
            case .token: return CLibSecret_token_schema()
            case .appSecret: return CLibSecret_app_secret_schema()
            }
        }

        var attributes: [(String, String)] {
            switch self {
            case .token(let uid, let apiBase): return [("uid", String(uid)), ("api-base", apiBase)]
            case .appSecret(let appKey): return [("app-key", appKey)]
            }
        }

        /// A new table of the attributes, for libsecret (the caller unrefs it).
        func table() -> OpaquePointer? {
            let table = CLibSecret_attributes()
            for (key, value) in attributes { CLibSecret_attributes_add(table, key, value) }
            return table
        }
    }

    /// Why the keyring could not be used.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// No answer in time: locked (its unlock prompt unanswered), or stuck.
        case noAnswer
        /// The token is there, in a collection that stays locked (its unlock prompt was refused
        /// or could not be shown).
        case locked
        /// The Secret Service said no (none on the bus, no default collection …).
        case refused(String)
        /// The user cancelled: the keyring's own window closed, or Cancel beside the spinner.
        case cancelled

        public var description: String {
            switch self {
            case .noAnswer: return tr("the keyring did not answer within %d s (locked?)", Int(Keyring.timeout))
            case .locked: return tr("the keyring is locked: unlock it (Passwords and Keys, or log in to the desktop again), then try again")
            case .refused(let message): return KeyringRefusal(message: message, provider: nil).text(processLocalizer)
            case .cancelled: return tr("cancelled")
            }
        }

        /// What a refusal means, with the Secret Service's program (`kwalletd6`) where it is
        /// known; nil for the other failures.
        public func refusal(provider: String?) -> KeyringRefusal? {
            guard case .refused(let message) = self else { return nil }
            return KeyringRefusal(message: message, provider: provider)
        }
    }

    /// One call in flight: its completion, cancellable and timer; retained for GLib until the
    /// callback, which runs exactly once.
    private final class Call {
        let cancellable = g_cancellable_new()
        var timer: GLibSource?
        var timedOut = false
        let finish: (Call, OpaquePointer?) -> Void

        /// `bounded`: cancelled after `Keyring.timeout` (else only by the user, `KeyringRequest`).
        init(bounded: Bool = true, finish: @escaping (Call, OpaquePointer?) -> Void) {
            self.finish = finish
            guard bounded else { return }
            timer = GLibSource.once(afterSeconds: Keyring.timeout) { [weak self] in
                self?.timedOut = true
                g_cancellable_cancel(self?.cancellable)
            }
        }

        deinit {
            g_object_unref(UnsafeMutableRawPointer(cancellable))
        }

        /// The GAsyncReadyCallback: the box back (balancing `passRetained`), then its finish.
        static let ready: GAsyncReadyCallback = { _, result, data in
            guard let data else { return }
            let call = Unmanaged<Call>.fromOpaque(data).takeRetainedValue()
            call.timer = nil
            call.finish(call, result)
        }

        func failure(_ error: UnsafeMutablePointer<GError>?) -> Failure {
            let message = error.map { GLibError(taking: $0).message } ?? ""
            return timedOut ? .noAnswer : .refused(message)
        }
    }

    /// Keeps `secret` as `item`, under `label` (what the keyring's window shows).
    ///
    /// `waitingForTheUser`: the Secret Service may show a window of its own (unlock the keyring,
    /// or make one and choose its password), which takes as long as the user takes. The five
    /// seconds then bound only the service's answer to a ping; the store itself ends when the
    /// user answers that window, or cancels (`KeyringRequest.cancel`).
    @discardableResult
    public static func store(
        _ secret: String, as item: Item, label: String, waitingForTheUser: Bool = false, completion: @escaping (Failure?) -> Void
    ) -> KeyringRequest {
        let request = KeyringRequest()
        guard isInstalled else {
            GLibSource.later { completion(.refused(notInstalled)) }
            return request
        }
        let begin = {
            guard !request.isCancelled else { return completion(.cancelled) }
            let call = Call(bounded: !waitingForTheUser) { call, result in
                request.cancelCall = nil
                var error: UnsafeMutablePointer<GError>?
                if CLibSecret_password_store_finish(result, &error) != 0 { return completion(nil) }
                guard request.isCancelled else { return completion(call.failure(error)) }
                if let error { g_error_free(error) }
                completion(.cancelled)
            }
            let cancellable = call.cancellable
            // Retained with the call until its callback; cancelling a finished call is harmless.
            request.cancelCall = { g_cancellable_cancel(cancellable) }
            let attributes = item.table()
            defer { g_hash_table_unref(attributes) }
            CLibSecret_password_storev(
                item.schema, attributes, nil, label, secret, call.cancellable, Call.ready, Unmanaged.passRetained(call).toOpaque())
        }
        guard waitingForTheUser else {
            begin()
            return request
        }
        callService("org.freedesktop.DBus.Peer", "Ping", nil, reply: "()", startingIt: true) { reply, timedOut in
            guard reply == nil else { return begin() }
            completion(request.isCancelled ? .cancelled : timedOut ? .noAnswer : .refused(tr("no keyring runs in this session")))
        }
        return request
    }

    /// The secret kept as `item`: nil when none is; `.locked` when one is, but the keyring stays
    /// locked (libsecret answers "none" then). `unlocking`: whether a locked item may bring up
    /// the keyring's unlock prompt; without it a locked item is `.locked` at once, so a prompt
    /// the user dismissed is not shown again at every check. `waitingForTheUser`: the user asked
    /// for the prompt, which then takes as long as they take (else five seconds at most).
    ///
    /// A keyring that restarted (unlocked, say) knows none of the sessions of the one before,
    /// which libsecret 0.21 may still hold (its service cached again by a call that was under
    /// way): the Secret Service's NoSession. The lookup is then made once more, on a new session.
    public static func lookup(
        _ item: Item, unlocking: Bool = true, waitingForTheUser: Bool = false, afterNoSession: Bool = false,
        completion: @escaping (Result<String?, Failure>) -> Void
    ) {
        guard isInstalled else { return GLibSource.later { completion(.failure(.refused(notInstalled))) } }
        guard unlocking else {
            return search(item) { found in
                switch found {
                case .unlocked: lookup(item, unlocking: true, afterNoSession: afterNoSession, completion: completion)
                case .locked: completion(.failure(.locked))
                case .none: completion(.success(nil))
                case .noAnswer: completion(.failure(.noAnswer))
                }
            }
        }
        let call = Call(bounded: !waitingForTheUser) { call, result in
            var error: UnsafeMutablePointer<GError>?
            let secret = CLibSecret_password_lookup_finish(result, &error)
            if let error {
                // An unlock that could not be asked for (no prompter) fails the lookup: still locked.
                // A service that did not answer is not asked again: that would wait as long again.
                let failure = call.failure(error)
                guard failure != .noAnswer else { return completion(.failure(.noAnswer)) }
                if failure == .refused(noSession), !afterNoSession {
                    serviceChanged()
                    return lookup(item, unlocking: true, waitingForTheUser: waitingForTheUser, afterNoSession: true, completion: completion)
                }
                return search(item) { completion(.failure($0 == .locked ? .locked : failure)) }
            }
            guard let secret else {
                return search(item) { found in
                    completion(found == .locked ? .failure(.locked) : found == .noAnswer ? .failure(.noAnswer) : .success(nil))
                }
            }
            defer { CLibSecret_password_free(secret) }
            completion(.success(String(cString: secret)))
        }
        let attributes = item.table()
        defer { g_hash_table_unref(attributes) }
        CLibSecret_password_lookupv(item.schema, attributes, call.cancellable, Call.ready, Unmanaged.passRetained(call).toOpaque())
    }

    /// What GNOME Keyring says of a session it does not know (the specification's NoSession).
    static let noSession = "The session does not exist"

    /// Where `item` is: the Secret Service's SearchItems, which lists locked items apart
    /// (libsecret's searches leave them out). Never unlocks, never prompts. By the item's own
    /// attributes only: GNOME Keyring cannot match `xdg:schema` while locked.
    private enum Found { case none, unlocked, locked, noAnswer }

    private static func search(_ item: Item, completion: @escaping (Found) -> Void) {
        let entries: [OpaquePointer?] = item.attributes.map {
            g_variant_new_dict_entry(g_variant_new_string($0.0), g_variant_new_string($0.1))
        }
        let type = g_variant_type_new("{ss}")
        defer { g_variant_type_free(type) }
        let parameters = g_variant_new_tuple([g_variant_new_array(type, entries, gsize(entries.count))], 1)
        callService("org.freedesktop.Secret.Service", "SearchItems", parameters, reply: "(aoao)", startingIt: false) { reply, timedOut in
            // No answer, whatever the reason (none in time, the service gone or restarting), says
            // nothing of the item: never "none", which would mean the login is gone.
            guard let reply else { return completion(.noAnswer) }
            let unlocked = g_variant_get_child_value(reply, 0)
            let locked = g_variant_get_child_value(reply, 1)
            defer {
                g_variant_unref(unlocked)
                g_variant_unref(locked)
            }
            completion(g_variant_n_children(unlocked) > 0 ? .unlocked : g_variant_n_children(locked) > 0 ? .locked : .none)
        }
    }

    /// Calls `method` of `interface` on the Secret Service itself over D-Bus (what libsecret
    /// does not offer), bounded like every call here; `completion` gets the reply (valid during
    /// the completion) or nil, and whether the service did not answer in time, always later.
    /// `startingIt`: D-Bus may activate the service.
    private static func callService(
        _ interface: String, _ method: String, _ parameters: OpaquePointer?, reply: String, startingIt: Bool,
        completion: @escaping (_ reply: OpaquePointer?, _ timedOut: Bool) -> Void
    ) {
        guard let bus = try? SessionBus.connect() else {
            if let parameters { g_variant_unref(g_variant_ref_sink(parameters)) }
            return GLibSource.later { completion(nil, false) }
        }
        defer { SessionBus.release(bus) }
        DBusCall.call(
            bus, name: "org.freedesktop.secrets", path: "/org/freedesktop/secrets", interface: interface, method: method, parameters,
            reply: reply, startingIt: startingIt, timeoutMilliseconds: Int32(timeout * 1000)
        ) { reply, error in
            if let error { Log.debug("the Secret Service's \(method): \(error.message)") }
            completion(reply, error.map { $0.domain == GLibError.ioDomain && $0.code == Int32(G_IO_ERROR_TIMED_OUT.rawValue) } ?? false)
        }
    }

    /// Whether a Secret Service answers on the session bus (running, or started by D-Bus
    /// activation as libsecret would): asked before loading libsecret for something optional.
    public static func serviceAnswers(completion: @escaping (Bool) -> Void) {
        callService("org.freedesktop.DBus.Peer", "Ping", nil, reply: "()", startingIt: true) { reply, _ in completion(reply != nil) }
    }

    /// The Secret Service got a new owner (a keyring started or restarted): libsecret's cached
    /// connection to the old one (its session, its collections) is dropped, so the next call
    /// talks to the new one.
    public static func serviceChanged() {
        CLibSecret_service_disconnect()
    }

    /// Opens the session every secret travels in, as a store or a lookup would first: whether
    /// the keyring can be used at all (KWallet without its encryption plugins cannot).
    public static func openSession(completion: @escaping (Failure?) -> Void) {
        guard isInstalled else { return GLibSource.later { completion(.refused(notInstalled)) } }
        let call = Call { call, result in
            var error: UnsafeMutablePointer<GError>?
            if CLibSecret_service_open_session_finish(result, &error) != 0 { return completion(nil) }
            completion(call.failure(error))
        }
        CLibSecret_service_open_session(call.cancellable, Call.ready, Unmanaged.passRetained(call).toOpaque())
    }

    /// Forgets `item` (none kept is no failure).
    public static func clear(_ item: Item, completion: @escaping (Failure?) -> Void) {
        guard isInstalled else { return GLibSource.later { completion(.refused(notInstalled)) } }
        let call = Call { call, result in
            var error: UnsafeMutablePointer<GError>?
            _ = CLibSecret_password_clear_finish(result, &error)
            completion(error.map { call.failure($0) })
        }
        let attributes = item.table()
        defer { g_hash_table_unref(attributes) }
        CLibSecret_password_clearv(item.schema, attributes, call.cancellable, Call.ready, Unmanaged.passRetained(call).toOpaque())
    }
}
