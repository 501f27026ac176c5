import Foundation
import Glibc
import Testing
import WeiboTestSupport

/// A click's activation token goes to the program it starts (the browser), as
/// `XDG_ACTIVATION_TOKEN` and `DESKTOP_STARTUP_ID`, so that it gets the focus on Wayland.
@Suite(.serialized, .endToEnd) struct ActivationTokenTests {
    typealias Setup = DaemonTests.Setup

    /// Makes the desktop's https handler in `setup`'s home a script that records each address
    /// it is given, with the activation token it was started with; answers what it recorded.
    static func recordOpenedAddresses(_ setup: Setup) throws -> () -> String {
        let recorded = setup.home.folder + "/opened"
        let script = setup.home.folder + "/record.sh"
        try writeScript("#!/bin/sh\necho \"$1 $XDG_ACTIVATION_TOKEN $DESKTOP_STARTUP_ID\" >> \(recorded)\n", to: script)
        let applications = setup.home.folder + "/.local/share/applications"
        try FileManager.default.createDirectory(atPath: applications, withIntermediateDirectories: true)
        try "[Desktop Entry]\nType=Application\nName=Recorder\nExec=\(script) %u\nMimeType=x-scheme-handler/https;\n".write(
            toFile: applications + "/recorder.desktop", atomically: true, encoding: .utf8)
        try "[Default Applications]\nx-scheme-handler/https=recorder.desktop\n".write(
            toFile: setup.home.folder + "/config/mimeapps.list", atomically: true, encoding: .utf8)
        return { (try? String(contentsOfFile: recorded, encoding: .utf8)) ?? "" }
    }

    @Test func theBrowserAClickOpensGetsTheClicksToken() throws {
        let setup = try Setup()
        let opened = try Self.recordOpenedAddresses(setup)

        let id = try setup.startWithOneBubble("/_sandbox/counts", [("status", "2")])
        setup.bus.activationToken(id: id, token: "token-of-the-click")
        setup.bus.invokeAction(id: id, key: "open-weibo")
        #expect(waitUntil { opened().contains("https://weibo.com") }, "\(opened())")
        #expect(opened() == "https://weibo.com token-of-the-click token-of-the-click\n", "\(opened())")

        // A click without a token starts it without one (never an earlier click's).
        setup.bus.invokeAction(id: id, key: "open-weibo")
        #expect(waitUntil { opened().split(separator: "\n").count == 2 })
        #expect(opened().split(separator: "\n").last == "https://weibo.com  ", "\(opened())")
    }
}
