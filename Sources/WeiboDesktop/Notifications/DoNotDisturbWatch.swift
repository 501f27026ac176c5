import CGLib
import WeiboPlatform

/// The desktop's do-not-disturb, read where each desktop keeps it and followed as it changes:
/// GNOME's `org.gnome.desktop.notifications show-banners` (GSettings, when the schema is
/// installed; false means do-not-disturb), KDE's `Inhibited` and dunst's `paused` properties on
/// the notification server, swaync's `GetDnd` and its `Subscribe`/`SubscribeV2` signals. Any one
/// of them on is on. Every read is asynchronous and bounded (`DBusCall`); a server that goes
/// away takes its state with it.
public final class DoNotDisturbWatch {
    /// Called when the combined state changes (not for the first reading while it is off).
    public var changed: ((Bool) -> Void)?
    public private(set) var isOn = false
    /// Whether, while it is on, the server keeps the bubbles in its list: GNOME's own
    /// do-not-disturb alone (its banners hidden, its list kept).
    public private(set) var keepsList = false

    /// Whether the first reading is done: both servers' names looked up, and what each that
    /// runs says read (every read bounded). Until then a bubble could show while it is on.
    public var isSettled: Bool { firstReadings == 0 }
    /// Runs `done` once the first reading is done (now, when it is).
    public func whenSettled(_ done: @escaping () -> Void) {
        if isSettled { return done() }
        settled = done
    }

    private var settled: (() -> Void)?
    /// The first readings not done yet: a name lookup for each server, then its reads.
    private var firstReadings = 2
    private var reported: Set<Source> = []

    private enum Source: Hashable { case gnome, kde, dunst, swaync }

    private static let notifications = "org.freedesktop.Notifications"
    private static let notificationsPath = "/org/freedesktop/Notifications"
    private static let dunstInterface = "org.dunstproject.cmd0"
    private static let swaync = "org.erikreider.swaync.cc"
    private static let swayncPath = "/org/erikreider/swaync/cc"

    private var states: [Source: Bool] = [:]
    private let connection: OpaquePointer
    private var settings: UnsafeMutablePointer<GSettings>?
    private var handles: [AnyObject] = []

    /// Follows every source there is on `connection` (the session bus) and in GSettings.
    public init(connection: OpaquePointer) {
        self.connection = connection
        g_object_ref(UnsafeMutableRawPointer(connection))
        followGNOME()
        followNotificationServer()
        followSwaync()
    }

    deinit {
        handles = []
        if let settings { g_object_unref(UnsafeMutableRawPointer(settings)) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// A first reading done (or more of them begun: `count` negative).
    private func firstReadingDone(_ count: Int = 1) {
        guard firstReadings > 0 else { return }
        firstReadings -= count
        if isSettled { runSettled() }
    }

    /// A server's name looked up the first time: its reads begin (`reads` of them).
    private func firstLookup(_ source: Source, reads: Int) {
        guard reported.insert(source).inserted else { return }
        firstReadings += reads
        firstReadingDone()
    }

    private func runSettled() {
        let settled = self.settled
        self.settled = nil
        settled?()
    }

    private func set(_ source: Source, _ value: Bool) {
        states[source] = value
        let now = states.values.contains(true)
        let keeping = now && states.filter(\.value).keys.allSatisfy { $0 == .gnome }
        guard now != isOn || keeping != keepsList else { return }
        isOn = now
        keepsList = keeping
        Log.info(now ? "the desktop's do-not-disturb is on" : "the desktop's do-not-disturb is off")
        changed?(now)
    }

    // MARK: - GNOME

    private func followGNOME() {
        let id = "org.gnome.desktop.notifications"
        guard let source = g_settings_schema_source_get_default(), let schema = g_settings_schema_source_lookup(source, id, 1) else { return }
        defer { g_settings_schema_unref(schema) }
        guard g_settings_schema_has_key(schema, "show-banners") != 0, let settings = g_settings_new_full(schema, nil, nil) else { return }
        self.settings = settings
        handles.append(
            GObjectSignalHandler(UnsafeMutableRawPointer(settings), signal: "changed::show-banners", shape: .settingsChanged) { [weak self] _, _ in
                self?.readGNOME()
            })
        readGNOME()
    }

    private func readGNOME() {
        guard let settings else { return }
        set(.gnome, g_settings_get_boolean(settings, "show-banners") == 0)
    }

    // MARK: - KDE and dunst: properties of the notification server

    private func followNotificationServer() {
        handles.append(
            DBusSignalSubscription(
                connection: connection, sender: Self.notifications, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged",
                path: Self.notificationsPath, shape: "(sa{sv}as)"
            ) { [weak self] _, parameters in
                guard let self, let parameters else { return }
                let interface = Variants.string(in: parameters, at: 0)
                if interface == Self.notifications { self.propertyChanged(parameters, "Inhibited", .kde) }
                if interface == Self.dunstInterface { self.propertyChanged(parameters, "paused", .dunst) }
            })
        handles.append(
            BusNameWatch(
                connection: connection, name: Self.notifications,
                appeared: { [weak self] in
                    guard let self else { return }
                    let first = !self.reported.contains(.kde)
                    self.firstLookup(.kde, reads: 2)
                    self.readNotificationServer(first: first)
                },
                vanished: { [weak self] in
                    self?.set(.kde, false)
                    self?.set(.dunst, false)
                    self?.firstLookup(.kde, reads: 0)
                }))
    }

    private func readNotificationServer(first: Bool = false) {
        for (interface, property, source) in [(Self.notifications, "Inhibited", Source.kde), (Self.dunstInterface, "paused", .dunst)] {
            DBusCall.property(connection, name: Self.notifications, path: Self.notificationsPath, interface: interface, property) {
                [weak self] value in
                self?.set(source, value.map(Variants.isTrue) ?? false)
                if first { self?.firstReadingDone() }
            }
        }
    }

    /// `PropertiesChanged(s interface, a{sv} changed, as invalidated)`: the new value, or a
    /// read when it was only invalidated.
    private func propertyChanged(_ parameters: OpaquePointer, _ name: String, _ source: Source) {
        guard let changed = g_variant_get_child_value(parameters, 1) else { return }
        defer { g_variant_unref(changed) }
        // Any type: Variants.isTrue reads only a `b`.
        if let value = g_variant_lookup_value(changed, name, nil) {
            defer { g_variant_unref(value) }
            set(source, Variants.isTrue(value))
        } else if Variants.strings(in: parameters, at: 2).contains(name) {
            readNotificationServer()
        }
    }

    // MARK: - swaync

    private func followSwaync() {
        for member in ["Subscribe", "SubscribeV2"] {
            handles.append(
                DBusSignalSubscription(
                    connection: connection, sender: Self.swaync, interface: Self.swaync, member: member, path: Self.swayncPath, shape: nil
                ) { [weak self] _, parameters in
                    // (u count, b dnd, …): longer in later versions, read through Variants.
                    guard let self, let parameters else { return }
                    self.set(.swaync, Variants.boolean(in: parameters, at: 1))
                })
        }
        handles.append(
            BusNameWatch(
                connection: connection, name: Self.swaync,
                appeared: { [weak self] in
                    guard let self else { return }
                    let first = !self.reported.contains(.swaync)
                    self.firstLookup(.swaync, reads: 1)
                    DBusCall.call(self.connection, name: Self.swaync, path: Self.swayncPath, interface: Self.swaync, method: "GetDnd", nil, reply: "(b)") {
                        [weak self] reply, _ in
                        if let reply { self?.set(.swaync, Variants.boolean(in: reply, at: 0)) }
                        if first { self?.firstReadingDone() }
                    }
                },
                vanished: { [weak self] in
                    self?.set(.swaync, false)
                    self?.firstLookup(.swaync, reads: 0)
                }))
    }

}
