import CGLib
import CLibSecret
import WeiboKit

/// The user's keyring (a Secret Service such as GNOME Keyring or KWallet, through libsecret),
/// where tokens are kept: schema `io.github.WeiboNotifier.Token`, attributes `uid` and
/// `api-base`. Asynchronous only, and bounded: a keyring that does not answer within five
/// seconds (locked, with an unlock prompt nobody answers) is a failure, never a wait.
public enum Keyring {
    public static let timeout = 5.0

    /// Why the keyring could not be used.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// No answer in time: locked (its unlock prompt unanswered), or stuck.
        case noAnswer
        /// The token is there, in a collection that stays locked (its unlock prompt was refused
        /// or could not be shown).
        case locked
        /// The Secret Service said no (none on the bus, no default collection …).
        case refused(String)

        public var description: String {
            switch self {
            case .noAnswer: return tr("the keyring did not answer within %d s (locked?)", Int(Keyring.timeout))
            case .locked: return tr("the keyring is locked: unlock it (Passwords and Keys, or log in to the desktop again), then try again")
            case .refused(let message): return tr("the keyring: %s", message)
            }
        }
    }

    /// One call in flight: its completion, cancellable and timer; retained for GLib until the
    /// callback, which runs exactly once.
    private final class Call {
        let cancellable = g_cancellable_new()
        var timer: GLibSource?
        /// The object the call was made on, when its finish needs it (a D-Bus connection, kept).
        var source: UnsafeMutableRawPointer?
        var timedOut = false
        let finish: (Call, OpaquePointer?) -> Void

        init(finish: @escaping (Call, OpaquePointer?) -> Void) {
            self.finish = finish
            timer = GLibSource.once(afterSeconds: Keyring.timeout) { [weak self] in
                self?.timedOut = true
                g_cancellable_cancel(self?.cancellable)
            }
        }

        deinit {
            g_object_unref(UnsafeMutableRawPointer(cancellable))
            if let source { g_object_unref(source) }
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

    /// Keeps `token` for the user `uid` of the API at `apiBase`, under `label`.
    public static func store(token: String, uid: Int64, apiBase: String, label: String, completion: @escaping (Failure?) -> Void) {
        let call = Call { call, result in
            var error: UnsafeMutablePointer<GError>?
            completion(secret_password_store_finish(result, &error) != 0 ? nil : call.failure(error))
        }
        let attributes = CLibSecret_attributes(String(uid), apiBase)
        defer { g_hash_table_unref(attributes) }
        secret_password_storev(
            CLibSecret_token_schema(), attributes, nil, label, token, call.cancellable, Call.ready, Unmanaged.passRetained(call).toOpaque())
    }

    /// The token kept for `uid` at `apiBase`: nil when none is; `.locked` when one is, but the
    /// keyring stays locked (libsecret answers "none" then).
    public static func lookup(uid: Int64, apiBase: String, completion: @escaping (Result<String?, Failure>) -> Void) {
        let call = Call { call, result in
            var error: UnsafeMutablePointer<GError>?
            let secret = secret_password_lookup_finish(result, &error)
            if let error {
                // An unlock that could not be asked for (no prompter) fails the lookup: still locked.
                let failure = call.failure(error)
                return exists(uid: uid, apiBase: apiBase) { completion(.failure($0 ? .locked : failure)) }
            }
            guard let secret else { return exists(uid: uid, apiBase: apiBase) { completion($0 ? .failure(.locked) : .success(nil)) } }
            defer { secret_password_free(secret) }
            completion(.success(String(cString: secret)))
        }
        let attributes = CLibSecret_attributes(String(uid), apiBase)
        defer { g_hash_table_unref(attributes) }
        secret_password_lookupv(CLibSecret_token_schema(), attributes, call.cancellable, Call.ready, Unmanaged.passRetained(call).toOpaque())
    }

    /// Whether a locked item for `uid` at `apiBase` exists: the Secret Service's SearchItems,
    /// which lists locked items apart (libsecret's searches leave them out). Never unlocks.
    /// By `uid` and `api-base` only: GNOME Keyring cannot match `xdg:schema` while locked.
    private static func exists(uid: Int64, apiBase: String, completion: @escaping (Bool) -> Void) {
        guard let bus = try? SessionBus.connect() else { return completion(false) }
        defer { SessionBus.release(bus) }
        let call = Call { call, result in
            var error: UnsafeMutablePointer<GError>?
            let reply = g_dbus_connection_call_finish(OpaquePointer(call.source), result, &error)
            if let error { Log.debug("searching the keyring: \(GLibError(taking: error).message)") }
            guard let reply else { return completion(false) }
            defer { g_variant_unref(reply) }
            let locked = g_variant_get_child_value(reply, 1)
            defer { g_variant_unref(locked) }
            completion(g_variant_n_children(locked) > 0)
        }
        call.source = UnsafeMutableRawPointer(bus)
        g_object_ref(UnsafeMutableRawPointer(bus))
        let entries: [OpaquePointer?] = [("uid", String(uid)), ("api-base", apiBase)].map {
            g_variant_new_dict_entry(g_variant_new_string($0.0), g_variant_new_string($0.1))
        }
        let type = g_variant_type_new("{ss}")
        defer { g_variant_type_free(type) }
        g_dbus_connection_call(
            bus, "org.freedesktop.secrets", "/org/freedesktop/secrets", "org.freedesktop.Secret.Service", "SearchItems",
            g_variant_new_tuple([g_variant_new_array(type, entries, gsize(entries.count))], 1), nil, G_DBUS_CALL_FLAGS_NO_AUTO_START,
            Int32(timeout * 1000), call.cancellable, Call.ready, Unmanaged.passRetained(call).toOpaque())
    }

    /// Forgets the token kept for `uid` at `apiBase` (none kept is no failure).
    public static func clear(uid: Int64, apiBase: String, completion: @escaping (Failure?) -> Void) {
        let call = Call { call, result in
            var error: UnsafeMutablePointer<GError>?
            _ = secret_password_clear_finish(result, &error)
            completion(error.map { call.failure($0) })
        }
        let attributes = CLibSecret_attributes(String(uid), apiBase)
        defer { g_hash_table_unref(attributes) }
        secret_password_clearv(CLibSecret_token_schema(), attributes, call.cancellable, Call.ready, Unmanaged.passRetained(call).toOpaque())
    }
}
