import CGLib
import WeiboKit
import WeiboPlatform

/// The first section's items, asked of the daemon as the process starts, on a thread of its
/// own: the daemon answers, and its JSON (100 statuses: a twentieth of a cold start's work on
/// the GTK thread) is read, while GTK reads its theme and builds the window. The section takes
/// them when it first loads, instead of asking then and waiting.
///
/// Started after GTK's set-up, which is the last to change the environment (GDBus and gettext
/// read it). Nothing is asked when a popup runs already: this start only hands it its command
/// line, and the daemon would answer for nothing.
///
/// `@unchecked Sendable`: `state` and `waiting` are read and written under `mutex` only; the
/// rest is set in `init` and never changes.
final class ItemsPrefetch: @unchecked Sendable {
    typealias Answer = Result<PopupItems, DaemonClient.Failure>

    let kind: PopupSectionKind
    let count: Int
    let account: String?

    private enum State {
        case asking
        case answered(Answer?)
        case taken
    }

    private let mutex = UnsafeMutablePointer<GMutex>.allocate(capacity: 1)
    private var state = State.asking
    /// The section waiting for the answer (the GTK thread's).
    private var waiting: ((Answer?) -> Void)?

    /// Starts asking for `count` items of `kind` (`account`: by uid, nil for the default one).
    init(kind: PopupSectionKind, count: Int, account: String?) {
        self.kind = kind
        self.count = count
        self.account = account
        g_mutex_init(mutex)
        // The thread holds the prefetch until it answered; nobody joins it.
        let thread = g_thread_new(
            "weibo-prefetch",
            { data in
                guard let data else { return nil }
                let prefetch = Unmanaged<ItemsPrefetch>.fromOpaque(data).takeRetainedValue()
                prefetch.answered(prefetch.ask())
                return nil
            }, Unmanaged.passRetained(self).toOpaque())
        g_thread_unref(thread)
    }

    deinit {
        g_mutex_clear(mutex)
        mutex.deallocate()
    }

    /// On the GTK thread: whether this prefetch is the one for `kind`, `count` and `account`,
    /// not taken yet; then `completion` gets its answer on a later turn of the main context
    /// (nil: nothing was asked, and the caller asks itself).
    func take(_ kind: PopupSectionKind, count: Int, account: String?, completion: @escaping (Answer?) -> Void) -> Bool {
        g_mutex_lock(mutex)
        let taken: Bool
        if case .taken = state { taken = true } else { taken = false }
        g_mutex_unlock(mutex)
        guard !taken, waiting == nil, kind == self.kind, count == self.count, account == self.account else { return false }
        waiting = completion
        GLibSource.later { [self] in deliver() }
        return true
    }

    // MARK: - The thread

    /// The daemon's answer; nil when a popup runs already, or without a session bus (the
    /// section then asks, and says what is wrong).
    private func ask() -> Answer? {
        var error: UnsafeMutablePointer<GError>?
        // The process's shared connection: the GTK application uses it too.
        guard let shared = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        let held = ObjectReference(taking: shared)
        defer { withExtendedLifetime(held) {} }
        let connection = held.pointer
        guard !SessionBus.hasOwner(connection, PopupApplication.id) else { return nil }
        let method = account == nil ? "GetItems" : "GetItemsAccount"
        var arguments = [g_variant_new_string(kind.rawValue), g_variant_new_uint32(UInt32(count))]
        if let account { arguments.append(g_variant_new_string(account)) }
        let expected = g_variant_type_new(DaemonInterface.replyShape(of: method))
        defer { g_variant_type_free(expected) }
        let reply = g_dbus_connection_call_sync(
            connection, SessionBus.busName, SessionBus.objectPath, SessionBus.interfaceName, method,
            g_variant_new_tuple(arguments, gsize(arguments.count)), expected, G_DBUS_CALL_FLAGS_NO_AUTO_START,
            DaemonClient.itemsTimeoutMilliseconds, nil, &error)
        defer { if let reply { g_variant_unref(reply) } }
        return DaemonClient.items(reply: reply, error: error.map { GLibError(takingRaw: UnsafeMutableRawPointer($0)) })
    }

    /// Keeps the answer and wakes the GTK thread's context, where a section may wait for it.
    private func answered(_ answer: Answer?) {
        g_mutex_lock(mutex)
        state = .answered(answer)
        g_mutex_unlock(mutex)
        // A source of the process's main context (the GTK thread's), holding the prefetch until
        // it ran or went.
        let source = g_idle_source_new()
        // Before GTK's resizing and drawing: the window's first frame can show the items.
        g_source_set_priority(source, G_PRIORITY_DEFAULT)
        g_source_set_callback(
            source,
            { data in
                guard let data else { return CGLib_SOURCE_REMOVE }
                Unmanaged<ItemsPrefetch>.fromOpaque(data).takeUnretainedValue().deliver()
                return CGLib_SOURCE_REMOVE
            }, Unmanaged.passRetained(self).toOpaque(),
            { data in
                guard let data else { return }
                Unmanaged<ItemsPrefetch>.fromOpaque(data).release()
            })
        g_source_attach(source, g_main_context_default())
        g_source_unref(source)
    }

    /// On the GTK thread: hands the answer to the waiting section, once both are there.
    private func deliver() {
        guard let waiting else { return }
        g_mutex_lock(mutex)
        guard case .answered(let answer) = state else {
            g_mutex_unlock(mutex)
            return
        }
        state = .taken
        g_mutex_unlock(mutex)
        self.waiting = nil
        waiting(answer)
    }
}
