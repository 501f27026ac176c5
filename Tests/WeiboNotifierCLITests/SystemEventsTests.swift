import Foundation
import Testing
import WeiboTestSupport

/// The daemon checks at once when the machine wakes up, when the session is unlocked or the
/// screen saver ends, and when the network comes back: told on the system bus (here a second
/// private bus with dbusmock's logind and NetworkManager) and, for the screen saver, the session's.
@Suite struct SystemEventsTests {
    @Test func aResumeFromSuspendChecksAtOnce() throws {
        let system = try PrivateSessionBus(notificationServer: false)
        let logind = try system.startMock(template: "logind", name: "org.freedesktop.login1")
        defer {
            kill(logind.processIdentifier, SIGKILL)
            logind.waitUntilExit()
        }
        let setup = try DaemonTests.Setup()
        setup.extraEnvironment = ["DBUS_SYSTEM_BUS_ADDRESS": system.address]
        try setup.start()
        let before = setup.bus.daemonPolls()

        func prepareForSleep(_ sleeping: Bool) {
            _ = system.gdbus([
                "call", "-d", "org.freedesktop.login1", "-o", "/org/freedesktop/login1", "-m", "org.freedesktop.DBus.Mock.EmitSignal",
                "org.freedesktop.login1.Manager", "PrepareForSleep", "b", "[<\(sleeping)>]",
            ])
        }
        prepareForSleep(true)
        #expect(!waitUntil(timeout: 1) { setup.bus.daemonPolls() > before }, "going to sleep checks nothing")
        prepareForSleep(false)
        // The interval is 20 s: a check within seconds is the resume's.
        #expect(waitUntil(timeout: 12) { setup.bus.daemonPolls() > before })
    }

    /// Unlocked three ways: logind's `Unlock` (loginctl unlock-session), the session's
    /// `LockedHint` going false (what GNOME sets), and the screen saver's `ActiveChanged(false)`
    /// on the session bus (KDE, XFCE, GNOME's own interface). Locking checks nothing.
    @Test(arguments: ["Unlock", "LockedHint", "ScreenSaver"])
    func theUserBackChecksAtOnce(_ way: String) throws {
        let system = try PrivateSessionBus(notificationServer: false)
        let logind = try system.startMock(template: "logind", name: "org.freedesktop.login1")
        defer {
            kill(logind.processIdentifier, SIGKILL)
            logind.waitUntilExit()
        }
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
        func lockedHint(_ locked: Bool) {
            logindSignal(
                "org.freedesktop.DBus.Properties", "PropertiesChanged", "sa{sv}as",
                "[<'org.freedesktop.login1.Session'>, <{'LockedHint': <\(locked)>}>, <@as []>]")
        }
        func screenSaver(_ active: Bool) {
            setup.bus.emitSignal(path: "/org/freedesktop/ScreenSaver", interface: "org.freedesktop.ScreenSaver", member: "ActiveChanged", active)
        }
        switch way {
        case "Unlock":
            logindSignal("org.freedesktop.login1.Session", "Lock", "", "@av []")
        case "LockedHint":
            lockedHint(true)
        default:
            screenSaver(true)
        }
        #expect(!waitUntil(timeout: 1) { setup.bus.daemonPolls() > before }, "locking checks nothing")
        switch way {
        case "Unlock":
            logindSignal("org.freedesktop.login1.Session", "Unlock", "", "@av []")
        case "LockedHint":
            lockedHint(false)
        default:
            screenSaver(false)
        }
        // The interval is 20 s: a check within seconds is the unlock's (at once, or when the
        // 10 s between two requests since the first check have passed).
        #expect(waitUntil(timeout: 12) { setup.bus.daemonPolls() > before }, "\(way)")
    }

    @Test func theNetworkComingBackChecksAtOnce() throws {
        let system = try PrivateSessionBus(notificationServer: false)
        let manager = try system.startMock(template: "networkmanager", name: "org.freedesktop.NetworkManager")
        defer {
            kill(manager.processIdentifier, SIGKILL)
            manager.waitUntilExit()
        }
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
}
