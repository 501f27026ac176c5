import Foundation
import Glibc
import Testing
import WeiboTestSupport

/// Peers whose answers and signals have the wrong shape (`Tests/Support/wrong-peer.py`): every
/// answer is checked for its type before it is read, so the daemon neither aborts nor lets GLib
/// assert (run with `G_DEBUG=fatal-criticals`, a CRITICAL would end it), and it says so once.
@Suite(.serialized, .endToEnd) struct WrongPeerTests {
    typealias Setup = DaemonTests.Setup

    @Test(arguments: ["secrets", "notifications"])
    func aPeerThatAnswersWithTheWrongShapeIsAnErrorNotACrash(_ role: String) throws {
        let setup = try Setup(notificationServer: role != "notifications")
        setup.extraEnvironment["G_DEBUG"] = "fatal-criticals"
        // The token in the keyring, as after a login with a Secret Service: read at every start.
        if role == "secrets" { try setup.tokenInKeyringOnly() }
        let name = role == "secrets" ? "org.freedesktop.secrets" : "org.freedesktop.Notifications"
        let peer = try setup.bus.startStandIn("wrong-peer.py", [role], name: name)
        defer { peer.stop(SIGKILL) }
        let log = setup.home.folder + "/daemon.log"
        try setup.start(waitForPoll: false, errorLog: log)
        // Long enough for the start's keyring reads, and for three rounds of wrong signals.
        setup.sandbox.control("/_sandbox/counts", [("cmt", "1")])
        waitAtMost(3) { setup.daemon?.isRunning == false }
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(setup.daemon?.isRunning == true, "the daemon ended (\(setup.daemon?.terminationStatus ?? 0)): \(text)")
        #expect(!text.contains("CRITICAL"), "\(text)")
        #expect(setup.bus.daemonStatus()["pid"] != nil, "the daemon still answers")
        let said = text.components(separatedBy: "\n").filter { $0.contains("wrong shape") }
        print("wrong \(role): \(said.joined(separator: " / "))")
        #expect(!said.isEmpty && said.count <= 3, "each wrong answer said once: \(text)")
        setup.stop()
    }
}
