import Foundation
import Testing
import WeiboTestSupport

/// The daemon checks at once when the machine wakes up and when the network comes back: both
/// told on the system bus, here a second private bus with dbusmock's logind and NetworkManager.
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
