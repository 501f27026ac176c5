import Foundation
import Testing
import WeiboTestSupport

/// The daemon checks at once when the machine wakes up, when the session is unlocked or the
/// screen saver ends, and when the network comes back: told on the system bus (here a second
/// private bus with dbusmock's logind and NetworkManager) and, for the screen saver, the session's.
@Suite(.endToEnd) struct SystemEventsTests {
    /// Back four ways: a resume from suspend (logind's `PrepareForSleep(false)`), logind's
    /// `Unlock` (loginctl unlock-session), the session's `LockedHint` going false (what GNOME
    /// sets), and the screen saver's `ActiveChanged(false)` on the session bus (KDE, XFCE,
    /// GNOME's own interface). Going to sleep or locking checks nothing.
    @Test(arguments: ["PrepareForSleep", "Unlock", "LockedHint", "ScreenSaver"])
    func theUserBackChecksAtOnce(_ way: String) throws {
        let system = try PrivateSessionBus(notificationServer: false)
        let logind = try system.startMock(template: "logind", name: "org.freedesktop.login1")
        defer { logind.stop(SIGKILL) }
        let setup = try DaemonTests.Setup()
        setup.extraEnvironment = ["DBUS_SYSTEM_BUS_ADDRESS": system.address]
        try setup.start()
        let before = setup.bus.daemonPolls()

        func logindSignal(_ interface: String, _ name: String, _ signature: String, _ arguments: String) {
            _ = system.gdbus([
                "call", "-d", "org.freedesktop.login1", "-o", "/org/freedesktop/login1", "-m", "org.freedesktop.DBus.Mock.EmitSignal",
                interface, name, signature, arguments,
            ])
        }
        /// Away (asleep, locked, the screen saver on), or back.
        func away(_ isAway: Bool) {
            switch way {
            case "PrepareForSleep":
                logindSignal("org.freedesktop.login1.Manager", "PrepareForSleep", "b", "[<\(isAway)>]")
            case "Unlock":
                logindSignal("org.freedesktop.login1.Session", isAway ? "Lock" : "Unlock", "", "@av []")
            case "LockedHint":
                logindSignal(
                    "org.freedesktop.DBus.Properties", "PropertiesChanged", "sa{sv}as",
                    "[<'org.freedesktop.login1.Session'>, <{'LockedHint': <\(isAway)>}>, <@as []>]")
            default:
                setup.bus.emitSignal(path: "/org/freedesktop/ScreenSaver", interface: "org.freedesktop.ScreenSaver", member: "ActiveChanged", isAway)
            }
        }
        away(true)
        #expect(!waitUntil(timeout: 1) { setup.bus.daemonPolls() > before }, "going away checks nothing")
        away(false)
        // The interval is 20 s: a check within seconds is the return's (at once, or when the
        // 10 s between two requests since the first check have passed).
        #expect(waitUntil(timeout: 12) { setup.bus.daemonPolls() > before }, "\(way)")
    }

    @Test func theNetworkComingBackChecksAtOnce() throws {
        let system = try PrivateSessionBus(notificationServer: false)
        let manager = try system.startMock(template: "networkmanager", name: "org.freedesktop.NetworkManager")
        defer { manager.stop(SIGKILL) }
        let setup = try DaemonTests.Setup()
        // GLib's NetworkManager monitor, which follows NetworkManager's connectivity.
        setup.extraEnvironment = ["DBUS_SYSTEM_BUS_ADDRESS": system.address, "GIO_USE_NETWORK_MONITOR": "networkmanager"]
        try setup.start()

        func networkManagerState(_ state: Int) {
            _ = system.gdbus([
                "call", "-d", "org.freedesktop.NetworkManager", "-o", "/org/freedesktop/NetworkManager",
                "-m", "org.freedesktop.DBus.Mock.SetGlobalConnectionState", "\(state)",
            ])
        }
        networkManagerState(20)  // NM_STATE_DISCONNECTED
        let before = setup.bus.daemonPolls()
        #expect(!waitUntil(timeout: 1) { setup.bus.daemonPolls() > before }, "losing the network checks nothing")
        networkManagerState(70)  // NM_STATE_CONNECTED_GLOBAL
        // The interval is 20 s: a check within seconds is the network's.
        #expect(waitUntil(timeout: 12) { setup.bus.daemonPolls() > before })
    }

    /// dbusmock's NetworkManager on `system`, saying there is no connectivity.
    static func startOfflineNetworkManager(on system: PrivateSessionBus) throws -> Process {
        try system.startMock(
            template: "networkmanager", parameters: "{\"Connectivity\": 1, \"State\": 20}", name: "org.freedesktop.NetworkManager")
    }

    /// A notifier that follows NetworkManager on `system`, its sandbox counted as needing the network.
    static func setupFollowing(_ system: PrivateSessionBus) throws -> DaemonTests.Setup {
        let setup = try DaemonTests.Setup()
        setup.extraEnvironment = [
            "DBUS_SYSTEM_BUS_ADDRESS": system.address, "GIO_USE_NETWORK_MONITOR": "networkmanager", "WEIBO_NOTIFIER_SANDBOX_NEEDS_NETWORK": "1",
        ]
        return setup
    }

    /// NetworkManager on `system` says the network is back: full connectivity, connected.
    static func comeOnline(_ system: PrivateSessionBus) {
        _ = system.gdbus([
            "call", "-d", "org.freedesktop.NetworkManager", "-o", "/org/freedesktop/NetworkManager", "-m", "org.freedesktop.DBus.Mock.SetConnectivity", "4",
        ])
        _ = system.gdbus([
            "call", "-d", "org.freedesktop.NetworkManager", "-o", "/org/freedesktop/NetworkManager", "-m", "org.freedesktop.DBus.Mock.SetGlobalConnectionState",
            "70",
        ])
    }

    /// While NetworkManager (dbusmock's, on a private system bus) says there is no connectivity,
    /// no check leaves; when it comes back, one does at once.
    @Test func offlineNoCheckLeavesAndTheNetworksReturnChecks() throws {
        let system = try PrivateSessionBus(notificationServer: false)
        let manager = try Self.startOfflineNetworkManager(on: system)
        defer { manager.stop(SIGKILL) }
        let setup = try Self.setupFollowing(system)
        try setup.start(waitForPoll: false, interval: 1)
        #expect(waitUntil { setup.bus.daemonStatus()["network"] == "false" }, "\(setup.bus.daemonStatus())")
        // Five intervals offline, and a check asked for: none leaves.
        #expect(!waitUntil(timeout: 5) { setup.bus.daemonPolls() > 0 }, "\(setup.bus.daemonStatus())")
        _ = setup.bus.gdbus([
            "call", "--dest", "io.github.WeiboNotifier", "--object-path", "/io/github/WeiboNotifier", "--method", "io.github.WeiboNotifier1.CheckNow",
        ])
        #expect(!waitUntil(timeout: 1.5) { setup.bus.daemonPolls() > 0 }, "a check asked for waits too")
        Self.comeOnline(system)
        #expect(waitUntil(timeout: 5) { setup.bus.daemonPolls() > 0 }, "back: a check \(setup.bus.daemonStatus())")
    }

    /// Offline, the popup's pictures come from the cache only: `GetPicture` answers "" at once
    /// for one not kept, and asks nothing of the server; back online, it fetches.
    @Test func offlineThePopupsPicturesComeFromTheCacheOnly() throws {
        let system = try PrivateSessionBus(notificationServer: false)
        let manager = try Self.startOfflineNetworkManager(on: system)
        defer { manager.stop(SIGKILL) }
        let setup = try Self.setupFollowing(system)
        try setup.start(waitForPoll: false)
        #expect(waitUntil { setup.bus.daemonStatus()["network"] == "false" }, "\(setup.bus.daemonStatus())")
        let url = setup.sandbox.baseURL + "/_sandbox/pictures/1-0.png"
        let picture = {
            setup.bus.gdbus([
                "call", "--dest", "io.github.WeiboNotifier", "--object-path", "/io/github/WeiboNotifier", "--method",
                "io.github.WeiboNotifier1.GetPicture", url,
            ])
        }
        #expect(picture().contains("('',)"), "offline: \(picture())")
        let fetched = { try HostileCallerTests.requests(setup).filter { $0.key.hasPrefix("/_sandbox/pictures/") }.values.reduce(0, +) }
        #expect(try fetched() == 0, "nothing asked of the server")
        Self.comeOnline(system)
        #expect(waitUntil { setup.bus.daemonStatus()["network"] == "true" }, "\(setup.bus.daemonStatus())")
        #expect(picture().contains("/weibo-notifier/images/"), "online: \(picture())")
        #expect(try fetched() == 1, "fetched once, online")
    }
}
