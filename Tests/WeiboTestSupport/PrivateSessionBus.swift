import CGLib
public import Foundation
import Glibc
import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// A private `dbus-daemon` (no auto-started services) and, on it, dbusmock's notification
/// server with the `actions` and `body-markup` capabilities. Both end with the object.
public final class PrivateSessionBus {
    public let address: String
    private let bus = Process()
    private var mock: Process?
    private let connection: OpaquePointer

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The notification server's capabilities (dbusmock's parameter).
    private let capabilities: String

    /// `capabilities`: the notification server's, `body body-markup actions persistence` by default.
    /// `services`: a folder of D-Bus activation files the bus starts services from, with
    /// `activationEnvironment` as their environment (no activation without it).
    public init(
        notificationServer: Bool = true, capabilities: String? = nil, services: String? = nil, activationEnvironment: [String: String] = [:]
    ) throws {
        self.capabilities = capabilities ?? "body body-markup actions persistence"
        var config = FixtureFiles.packageRoot().appendingPathComponent("Tests/Support/session-bus.conf").path
        if let services {
            // A fixed address, so that the services it starts find the bus it started them from.
            let text = try String(contentsOfFile: config, encoding: .utf8)
                .replacingOccurrences(of: "<listen>unix:tmpdir=/tmp</listen>", with: "<listen>unix:path=\(services)/bus</listen>")
                .replacingOccurrences(of: "</busconfig>", with: "  <servicedir>\(services)</servicedir>\n</busconfig>")
            config = services + "/session-bus.conf"
            try text.write(toFile: config, atomically: true, encoding: .utf8)
            bus.environment = activationEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(services)/bus"]) { $1 }
        }
        bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        bus.arguments = ["--config-file=\(config)", "--print-address=1", "--nofork"]
        let output = Pipe()
        bus.standardOutput = output
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        let text = output.fileHandleForReading.text(until: "\n")
        address = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var error: UnsafeMutablePointer<GError>?
        guard !address.isEmpty,
            let connection = g_dbus_connection_new_for_address_sync(
                address,
                GDBusConnectionFlags(
                    rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue),
                nil, nil, &error)
        else {
            bus.terminate()
            throw Failure(description: "no private bus: \(error.map { String(cString: $0.pointee.message) } ?? text)")
        }
        self.connection = connection
        if notificationServer { try startNotificationServer() }
    }

    deinit {
        // SIGKILL: helpers inherit the test runner's blocked SIGTERM and would never see it.
        if let mock, mock.isRunning {
            kill(mock.processIdentifier, SIGKILL)
            mock.waitUntilExit()
        }
        g_dbus_connection_close_sync(connection, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(connection))
        if bus.isRunning {
            kill(bus.processIdentifier, SIGKILL)
            bus.waitUntilExit()
        }
    }

    /// A real keyring on this bus: `gnome-keyring-daemon` (secrets only) with its files in
    /// `home`; `unlocked` gives its password on standard input, else it stays locked. Running
    /// once `org.freedesktop.secrets` has its owner; the caller ends it with SIGKILL.
    public func startKeyring(home: String, unlocked: Bool) throws -> Process {
        try FileManager.default.createDirectory(atPath: home + "/runtime", withIntermediateDirectories: true)
        chmod(home + "/runtime", 0o700)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gnome-keyring-daemon")
        process.arguments = ["--foreground", "--components=secrets"] + (unlocked ? ["--unlock"] : [])
        process.environment = [
            "DBUS_SESSION_BUS_ADDRESS": address, "HOME": home, "XDG_DATA_HOME": home + "/share", "XDG_RUNTIME_DIR": home + "/runtime",
            "PATH": "/usr/bin:/bin",
        ]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        if unlocked { input.fileHandleForWriting.send(Data("keyring-password".utf8)) }
        try input.fileHandleForWriting.close()
        guard waitUntil({ self.hasOwner("org.freedesktop.secrets") }) else {
            kill(process.processIdentifier, SIGKILL)
            throw Failure(description: "gnome-keyring-daemon did not start")
        }
        return process
    }

    /// The token `secret-tool` finds in the keyring for `uid` at `apiBase`, or "".
    public func keyringLookup(uid: String, apiBase: String) -> String {
        keyringLookup(["uid", uid, "api-base", apiBase])
    }

    /// What the keyring keeps for these attributes (name, value, name, value …), "" if nothing.
    public func keyringLookup(_ attributes: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/secret-tool")
        process.arguments = ["lookup"] + attributes
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    /// `dbus-monitor` on this bus for the messages matching `rule`, once it listens.
    public func monitor(_ rule: String) throws -> BusMonitor {
        let monitor = try BusMonitor(address: address, rule: rule)
        guard waitUntil({ monitor.text.contains("NameAcquired") }) else { throw Failure(description: "dbus-monitor did not start") }
        return monitor
    }

    /// The environment a program needs to use this bus.
    /// What a program run on this bus needs: the bus, and checks as soon as asked (the daemon's
    /// 10 s between requested checks holds only against the real API; `RequestStormTests`).
    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address, "WEIBO_NOTIFIER_REQUEST_GAP": "0"] }

    /// Ends the notification server (as when a desktop's crashes) and waits until its name is gone.
    public func stopNotificationServer() {
        guard let mock, mock.isRunning else { return }
        kill(mock.processIdentifier, SIGKILL)
        mock.waitUntilExit()
        self.mock = nil
        waitAtMost(30) { !self.hasOwner("org.freedesktop.Notifications") }
    }

    /// Starts dbusmock's notification server on this bus and waits for its name.
    public func startNotificationServer() throws {
        mock = try startMock(
            template: "notification_daemon", parameters: "{\"capabilities\": \"\(capabilities)\"}",
            name: "org.freedesktop.Notifications")
    }

    /// dbusmock with one of its templates on this bus (`logind`, `networkmanager`, as a stand-in
    /// system bus), once `name` has its owner; the caller ends it with SIGKILL.
    public func startMock(template: String, parameters: String = "{}", name: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-m", "dbusmock", "--template", template, "-p", parameters]
        // System-bus templates (logind, NetworkManager) connect to the "system" bus: this one.
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .merging(["DBUS_SYSTEM_BUS_ADDRESS": address]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard waitUntil(timeout: 45, { self.hasOwner(name) }) else {
            kill(process.processIdentifier, SIGKILL)
            throw Failure(description: "dbusmock's \(template) template did not start")
        }
        return process
    }

    /// Sends the signal `interface`.`member` with one boolean from `path`, as a desktop's service
    /// does (`gdbus emit --address` cannot: it never says Hello to the bus, which drops it).
    public func emitSignal(path: String, interface: String, member: String, _ value: Bool) {
        g_dbus_connection_emit_signal(connection, nil, path, interface, member, g_variant_new_tuple([g_variant_new_boolean(value ? 1 : 0)], 1), nil)
        g_dbus_connection_flush_sync(connection, nil, nil)
    }

    public func hasOwner(_ name: String) -> Bool {
        guard
            let reply = call(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner", g_variant_new_tuple([g_variant_new_string(name)], 1))
        else { return false }
        defer { g_variant_unref(reply) }
        let value = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }

    /// One `Notify` call the notification server received.
    public struct Notification: Equatable, Sendable {
        public var appName: String
        public var replacesID: UInt32
        public var appIcon: String
        public var summary: String
        public var body: String
        public var actions: [String]
        public var hints: [String: String]
        /// `expire_timeout`, in milliseconds: -1 the server's own time, 0 until closed.
        public var expireTimeout: Int32
    }

    /// Every `Notify` so far, oldest first.
    public func notifications() -> [Notification] {
        calls("Notify").map { arguments in
            Notification(
                appName: string(arguments, 0), replacesID: number(arguments, 1), appIcon: string(arguments, 2),
                summary: string(arguments, 3), body: string(arguments, 4), actions: strings(arguments, 5), hints: hints(arguments, 6),
                expireTimeout: Int32(bitPattern: number(arguments, 7)))
        }
    }

    /// The ids passed to `CloseNotification`, oldest first.
    public func closedIDs() -> [UInt32] {
        calls("CloseNotification").map { number($0, 0) }
    }

    /// The user clicks: `ActionInvoked(id, key)`.
    public func invokeAction(id: UInt32, key: String) {
        emit("ActionInvoked", "us", [g_variant_new_variant(g_variant_new_uint32(id)), g_variant_new_variant(g_variant_new_string(key))])
    }

    /// The server hands the click's activation token: `ActivationToken(id, token)`, just before
    /// `ActionInvoked` (as GNOME and KDE do).
    public func activationToken(id: UInt32, token: String) {
        emit("ActivationToken", "us", [g_variant_new_variant(g_variant_new_uint32(id)), g_variant_new_variant(g_variant_new_string(token))])
    }

    /// The user types a reply into the bubble: `NotificationReplied(id, text)`.
    public func reply(id: UInt32, text: String) {
        emit("NotificationReplied", "us", [g_variant_new_variant(g_variant_new_uint32(id)), g_variant_new_variant(g_variant_new_string(text))])
    }

    /// The user dismisses: `NotificationClosed(id, 2)`.
    public func dismiss(id: UInt32) {
        emit("NotificationClosed", "uu", [g_variant_new_variant(g_variant_new_uint32(id)), g_variant_new_variant(g_variant_new_uint32(2))])
    }

    /// The id the server gave the `index`-th notification (dbusmock numbers them from 1).
    public func id(ofNotification index: Int) -> UInt32 {
        // dbusmock hands out ids in order, and a replacement keeps its id.
        var next: UInt32 = 1
        var ids: [UInt32] = []
        for notification in notifications() {
            if notification.replacesID != 0 {
                ids.append(notification.replacesID)
            } else {
                ids.append(next)
                next += 1
            }
        }
        return index < ids.count ? ids[index] : 0
    }

    /// Runs `gdbus` on this bus with `arguments`; what it printed.
    public func gdbus(_ arguments: [String]) -> String {
        toolOutput("/usr/bin/gdbus", [arguments[0], "--address", address] + arguments.dropFirst())
    }

    /// Makes the stand-in notification server (dbusmock) run `signal` (Python lines, `ret` the
    /// new bubble's id, `args` Notify's) in Notify before it answers: a signal that reaches the
    /// daemon before the bubble's id does. Whether dbusmock took it.
    public func signalBeforeNotifyAnswers(_ signal: String) -> Bool {
        let code = "if args[1]:\n    ret = args[1]\nelse:\n    ret = self.next_id\n    self.next_id += 1\n" + signal
        let added = gdbus([
            "call", "--dest", "org.freedesktop.Notifications", "--object-path", "/org/freedesktop/Notifications", "--method",
            "org.freedesktop.DBus.Mock.AddMethod", "org.freedesktop.Notifications", "Notify", "susssasa{sv}i", "u", code,
        ])
        return added.trimmingCharacters(in: .whitespacesAndNewlines) == "()"
    }

    /// Debian's standalone `status-notifier-watcher` on this bus: a panel, for the tray icon.
    public func startTrayWatcher() throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/status-notifier-watcher")
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard waitUntil(timeout: 45, { self.hasOwner("org.kde.StatusNotifierWatcher") }) else {
            throw Failure(description: "status-notifier-watcher did not start")
        }
        return process
    }

    /// `Tests/Support/frozen-peer.py` on this bus (a notification server or tray watcher that
    /// takes calls and does not answer them), once its name has an owner; ended with SIGKILL by
    /// the caller.
    public func startFrozenPeer(_ arguments: [String]) throws -> Process {
        let names = ["tray-watcher": "org.kde.StatusNotifierWatcher", "secrets": "org.freedesktop.secrets"]
        let name = arguments.first.flatMap { names[$0] } ?? "org.freedesktop.Notifications"
        return try startStandIn("frozen-peer.py", arguments, name: name)
    }

    /// A stand-in service of `Tests/Support` (a Python GDBus script) on this bus, once `name`
    /// has its owner; ended with SIGKILL by the caller.
    public func startStandIn(_ script: String, _ arguments: [String] = [], name: String) throws -> Process {
        let process = try startProgram(
            "/usr/bin/python3", [FixtureFiles.packageRoot().appendingPathComponent("Tests/Support/\(script)").path] + arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        guard waitUntil(timeout: 45, { self.hasOwner(name) }) else {
            kill(process.processIdentifier, SIGKILL)
            throw Failure(description: "\(script) did not start")
        }
        return process
    }

    /// Sets a boolean property of dbusmock's notification server (KDE's `Inhibited`, dunst's
    /// `paused`), announced with `PropertiesChanged` as the real servers do.
    public func setNotificationServerProperty(_ interface: String, _ name: String, _ value: Bool) {
        let path = "/org/freedesktop/Notifications"
        // AddProperty fails when it exists already: then only the update counts.
        if let reply = call(
            "org.freedesktop.Notifications", path, "org.freedesktop.DBus.Mock", "AddProperty",
            g_variant_new_tuple([g_variant_new_string(interface), g_variant_new_string(name), g_variant_new_variant(g_variant_new_boolean(0))], 3))
        {
            g_variant_unref(reply)
        }
        let type = g_variant_type_new("{sv}")
        defer { g_variant_type_free(type) }
        let entry = g_variant_new_dict_entry(g_variant_new_string(name), g_variant_new_variant(g_variant_new_boolean(value ? 1 : 0)))
        let changed = g_variant_new_array(type, [entry], 1)
        if let reply = call(
            "org.freedesktop.Notifications", path, "org.freedesktop.DBus.Mock", "UpdateProperties",
            g_variant_new_tuple([g_variant_new_string(interface), changed], 2))
        {
            g_variant_unref(reply)
        }
    }

    /// The frozen notification server answers from now on.
    public func recoverFrozenPeer() {
        if let reply = call("org.freedesktop.Notifications", "/org/freedesktop/Notifications", "io.github.WeiboNotifier.Test", "Recover", nil) {
            g_variant_unref(reply)
        }
    }

    /// The bodies of the notifications the frozen server answered, once recovered.
    public func frozenPeerShown() -> [String] {
        frozenPeerList("Shown") { g_variant_get_string($0, nil).map { String(cString: $0) } ?? "" }
    }

    /// The methods the frozen server was called with, as they came (answered or not).
    public func frozenPeerReceived() -> [String] {
        frozenPeerList("Received") { g_variant_get_string($0, nil).map { String(cString: $0) } ?? "" }
    }

    /// The ids the frozen notification server was asked to close, as the calls came.
    public func frozenPeerClosed() -> [UInt32] { frozenPeerList("Closed", g_variant_get_uint32) }

    /// The array the frozen server's test `method` answers, each element read by `element`.
    private func frozenPeerList<Element>(_ method: String, _ element: (OpaquePointer) -> Element) -> [Element] {
        guard let reply = call("org.freedesktop.Notifications", "/org/freedesktop/Notifications", "io.github.WeiboNotifier.Test", method, nil)
        else { return [] }
        defer { g_variant_unref(reply) }
        let list = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(list) }
        return (0..<g_variant_n_children(list)).compactMap { item in
            guard let child = g_variant_get_child_value(list, item) else { return nil }
            defer { g_variant_unref(child) }
            return element(child)
        }
    }

    /// How long the daemon's loop can be held: `GetCounts` called every 50 ms for `seconds`,
    /// `meanwhile` run once a second (between calls); the longest answer and the number of
    /// calls, and whether every call was answered.
    public func longestDaemonAnswer(over seconds: Double, meanwhile: () -> Void) -> (longest: Double, calls: Int, allAnswered: Bool) {
        var longest = 0.0
        var calls = 0
        var allAnswered = true
        let end = Timestamp.now.adding(seconds)
        var nextAside = Timestamp.now
        while Timestamp.now < end {
            if Timestamp.now >= nextAside {
                meanwhile()
                nextAside = Timestamp.now.adding(1)
            }
            let start = DispatchTime.now().uptimeNanoseconds
            let reply = call("io.github.WeiboNotifier", "/io/github/WeiboNotifier", "io.github.WeiboNotifier1", "GetCounts", nil)
            longest = max(longest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            calls += 1
            if let reply { g_variant_unref(reply) } else { allAnswered = false }
            usleep(50_000)
        }
        return (longest, calls, allAnswered)
    }

    /// The items the tray watcher has registered.
    public func registeredTrayItems() -> String {
        gdbus([
            "call", "-d", "org.kde.StatusNotifierWatcher", "-o", "/StatusNotifierWatcher", "-m", "org.freedesktop.DBus.Properties.Get",
            "org.kde.StatusNotifierWatcher", "RegisteredStatusNotifierItems",
        ])
    }

    /// The running daemon's `GetStatus` and `GetCounts`, values printed (`'ok'`, `uint32 3`).
    public func daemonStatus() -> [String: String] {
        var result: [String: String] = [:]
        for method in ["GetStatus", "GetCounts"] {
            guard let reply = call("io.github.WeiboNotifier", "/io/github/WeiboNotifier", "io.github.WeiboNotifier1", method, nil) else { continue }
            let dictionary = g_variant_get_child_value(reply, 0)
            for item in 0..<g_variant_n_children(dictionary) {
                let entry = g_variant_get_child_value(dictionary, item)
                let key = g_variant_get_child_value(entry, 0)
                var value = g_variant_get_child_value(entry, 1)
                if g_variant_get_type_string(value).map({ String(cString: $0) }) == "v" {
                    let inner = g_variant_get_variant(value)
                    g_variant_unref(value)
                    value = inner
                }
                let printed = g_variant_print(value, 0)
                result[g_variant_get_string(key, nil).map { String(cString: $0) } ?? ""] = printed.map { String(cString: $0) } ?? ""
                g_free(printed)
                g_variant_unref(value)
                g_variant_unref(key)
                g_variant_unref(entry)
            }
            g_variant_unref(dictionary)
            g_variant_unref(reply)
        }
        return result
    }

    /// `Pause(seconds)` on the running daemon; whether it answered.
    public func callDaemon(_ method: String, seconds: UInt32) -> Bool {
        guard
            let reply = call(
                "io.github.WeiboNotifier", "/io/github/WeiboNotifier", "io.github.WeiboNotifier1", method,
                g_variant_new_tuple([g_variant_new_uint32(seconds)], 1))
        else { return false }
        g_variant_unref(reply)
        return true
    }

    /// `GetItems(kind, count)` on the running daemon: its JSON, or nil with no answer.
    public func daemonItems(_ kind: String, count: UInt32) -> String? {
        guard
            let reply = call(
                "io.github.WeiboNotifier", "/io/github/WeiboNotifier", "io.github.WeiboNotifier1", "GetItems",
                g_variant_new_tuple([g_variant_new_string(kind), g_variant_new_uint32(count)], 2))
        else { return nil }
        defer { g_variant_unref(reply) }
        let child = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(child) }
        return g_variant_get_string(child, nil).map { String(cString: $0) }
    }

    /// Calls a method that takes a kind (`ShowPopup`, `MarkSeen`) on the running daemon; whether it answered.
    @discardableResult
    public func callDaemon(_ method: String, kind: String) -> Bool {
        guard
            let reply = call(
                "io.github.WeiboNotifier", "/io/github/WeiboNotifier", "io.github.WeiboNotifier1", method,
                g_variant_new_tuple([g_variant_new_string(kind)], 1))
        else { return false }
        g_variant_unref(reply)
        return true
    }

    /// Calls a method without arguments on the running daemon; whether it answered.
    @discardableResult
    public func callDaemon(_ method: String) -> Bool {
        guard let reply = call("io.github.WeiboNotifier", "/io/github/WeiboNotifier", "io.github.WeiboNotifier1", method, nil) else { return false }
        g_variant_unref(reply)
        return true
    }

    /// The number of polls the daemon finished (0 when none runs).
    public func daemonPolls() -> Int {
        Int(daemonStatus()["polls"]?.split(separator: " ").last ?? "") ?? 0
    }

    /// Asks the daemon to check now and waits until that check finished.
    public func checkNow() -> Bool {
        let before = daemonPolls()
        guard callDaemon("CheckNow") else { return false }
        return waitUntil { self.daemonPolls() > before }
    }

    // MARK: - GDBus

    private func call(_ destination: String, _ path: String, _ interface: String, _ method: String, _ parameters: OpaquePointer?) -> OpaquePointer? {
        g_dbus_connection_call_sync(connection, destination, path, interface, method, parameters, nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, nil)
    }

    private func calls(_ method: String) -> [OpaquePointer] {
        guard
            let reply = call(
                "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.DBus.Mock", "GetMethodCalls",
                g_variant_new_tuple([g_variant_new_string(method)], 1))
        else { return [] }
        defer { g_variant_unref(reply) }
        let list = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(list) }
        return (0..<g_variant_n_children(list)).compactMap { index in
            let call = g_variant_get_child_value(list, index)
            defer { g_variant_unref(call) }
            return g_variant_get_child_value(call, 1)  // av, owned by the caller
        }
    }

    private func emit(_ signal: String, _ signature: String, _ arguments: [OpaquePointer?]) {
        let type = g_variant_type_new("v")
        defer { g_variant_type_free(type) }
        let parameters = g_variant_new_tuple(
            [
                g_variant_new_string("org.freedesktop.Notifications"), g_variant_new_string(signal), g_variant_new_string(signature),
                g_variant_new_array(type, arguments, gsize(arguments.count)),
            ], 4)
        if let reply = call("org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.DBus.Mock", "EmitSignal", parameters) {
            g_variant_unref(reply)
        }
    }

    private func unboxed(_ arguments: OpaquePointer, _ index: Int) -> OpaquePointer? {
        guard index < g_variant_n_children(arguments) else { return nil }
        let boxed = g_variant_get_child_value(arguments, gsize(index))
        defer { g_variant_unref(boxed) }
        return g_variant_get_variant(boxed)
    }

    /// An integer argument, whatever integer type dbusmock recorded it as.
    private func number(_ arguments: OpaquePointer, _ index: Int) -> UInt32 {
        guard let value = unboxed(arguments, index) else { return 0 }
        defer { g_variant_unref(value) }
        switch String(cString: g_variant_get_type_string(value)) {
        case "u": return g_variant_get_uint32(value)
        case "i": return UInt32(truncatingIfNeeded: g_variant_get_int32(value))
        case "x": return UInt32(truncatingIfNeeded: g_variant_get_int64(value))
        case "t": return UInt32(truncatingIfNeeded: g_variant_get_uint64(value))
        default: return 0
        }
    }

    private func string(_ arguments: OpaquePointer, _ index: Int) -> String {
        guard let value = unboxed(arguments, index) else { return "" }
        defer { g_variant_unref(value) }
        return g_variant_get_string(value, nil).map { String(cString: $0) } ?? ""
    }

    private func strings(_ arguments: OpaquePointer, _ index: Int) -> [String] {
        guard let value = unboxed(arguments, index) else { return [] }
        defer { g_variant_unref(value) }
        return (0..<g_variant_n_children(value)).map { item in
            let child = g_variant_get_child_value(value, item)
            defer { g_variant_unref(child) }
            return g_variant_get_string(child, nil).map { String(cString: $0) } ?? ""
        }
    }

    private func hints(_ arguments: OpaquePointer, _ index: Int) -> [String: String] {
        guard let value = unboxed(arguments, index) else { return [:] }
        defer { g_variant_unref(value) }
        var result: [String: String] = [:]
        for item in 0..<g_variant_n_children(value) {
            let entry = g_variant_get_child_value(value, item)
            let key = g_variant_get_child_value(entry, 0)
            let boxed = g_variant_get_child_value(entry, 1)
            let inner = g_variant_get_variant(boxed)
            let printed = g_variant_print(inner, 0)
            result[g_variant_get_string(key, nil).map { String(cString: $0) } ?? ""] = printed.map { String(cString: $0) } ?? ""
            g_free(printed)
            g_variant_unref(inner)
            g_variant_unref(boxed)
            g_variant_unref(key)
            g_variant_unref(entry)
        }
        return result
    }
}

/// Checks `condition` every 20 ms until it holds or `timeout` seconds pass: for effects that
/// arrive asynchronously (never to wait out a poll interval). The default is generous: it costs
/// nothing when the effect comes, and the whole suite runs its end-to-end tests side by side on
/// two cores (a popup's cold start or a daemon under valgrind took over 15 s in a loaded CI run).
/// Its answer says whether it held: a wait whose outcome does not matter by itself is `waitAtMost`.
/// It holds its thread, in an async test too: the synchronous end-to-end tests share the test
/// pool's two threads and hold them while they wait, so a wait that gave its thread up could
/// get none back for minutes (one that did missed dunst's 10 s bubble on Debian 13).
public func waitUntil(timeout: Double = 30, _ condition: () -> Bool) -> Bool {
    let deadline = Timestamp.now.adding(timeout)
    while Timestamp.now < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// Waits until `condition` holds, for `seconds` at most, where the lines after it check the
/// outcome (a file read, a window looked for), or where the time itself is the point: a window
/// in which something must not happen (a daemon that must not end).
public func waitAtMost(_ seconds: Double, until condition: () -> Bool) {
    _ = waitUntil(timeout: seconds, condition)
}

/// A `dbus-monitor` writing what it sees to a file, until the object goes.
public final class BusMonitor {
    private let process = Process()
    private let file = FileManager.default.temporaryDirectory.appendingPathComponent("weibo-monitor-\(UUID().uuidString).log").path

    init(address: String, rule: String) throws {
        _ = FileManager.default.createFile(atPath: file, contents: nil)
        // Line-buffered, or the messages would wait in dbus-monitor's buffer until it exits.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/stdbuf")
        process.arguments = ["-oL", "/usr/bin/dbus-monitor", "--address", address, rule]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: file)
    }

    /// What it printed so far, with white space folded to single spaces.
    public var text: String {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// Starts a daemon-like helper detached from this process (GLib's double fork: it is nobody's
/// child here, so nothing waits for it), its output dropped; whether it started. The caller
/// ends it by what it serves (its bus, its socket).
@discardableResult
public func spawnDetached(_ path: String, _ arguments: [String], environment: [String: String]) -> Bool {
    var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
        for pointer in argv { free(pointer) }
        for pointer in envp { free(pointer) }
    }
    let flags = GSpawnFlags(rawValue: G_SPAWN_STDOUT_TO_DEV_NULL.rawValue | G_SPAWN_STDERR_TO_DEV_NULL.rawValue)
    return g_spawn_async(nil, &argv, &envp, flags, nil, nil, nil, nil) != 0
}
