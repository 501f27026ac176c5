import Foundation
import Testing
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboSandbox
import WeiboTestSupport

/// When the server closes the kept connection, the next one resumes the TLS session instead of
/// a full handshake. The server is OpenSSL (`Tests/Support/tls-front.py`, in front of the
/// sandbox), which hands out TLS 1.3 session tickets as Weibo's front ends do; GLib's own TLS
/// server (the sandbox's) hands out none.
@Suite(.endToEnd) struct TLSSessionTests {
    /// The front end's process and what it printed.
    final class Front {
        let process = Process()
        private let output = Pipe()
        private(set) var port = 0

        init(certificate: SandboxTLS, backendPort: Int) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            let script = FixtureFiles.packageRoot().appendingPathComponent("Tests/Support/tls-front.py").path
            process.arguments = [script, certificate.certificateFile, certificate.keyFile, String(backendPort)]
            process.standardOutput = output
            try process.run()
            var first = Data()
            while !first.contains(0x0A) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                first += chunk
            }
            let words = String(decoding: first, as: UTF8.self).split(whereSeparator: \.isWhitespace)
            port = words.count >= 2 && words[0] == "listening" ? Int(words[1]) ?? 0 : 0
        }

        /// Each connection's record, in order, once the front end has stopped (SIGKILL: helpers
        /// inherit the test runner's blocked SIGTERM and would never see it).
        func records() -> [[String: Any]] {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
    }

    @Test func aClosedConnectionResumesItsTLSSession() throws {
        let certificate = try SandboxHarness.certificate.get()
        try SandboxHarness.run(tls: false) { harness in
            let front = try Front(certificate: certificate, backendPort: harness.server.port)
            defer { _ = front.records() }
            #expect(front.port > 0, "the front end is listening")
            // The daemon's client: one HTTP session for every call, trusting the front end's CA.
            let client = WeiboClient(
                endpoints: WeiboEndpoints(singleBase: "https://127.0.0.1:\(front.port)"),
                http: HTTPClient(totalTimeout: 5, trustedCAFile: certificate.certificateFile))
            for _ in 0..<4 {
                let counts = harness.wait { client.unreadCounts(for: harness.account, completion: $0) }
                #expect((try? counts?.get()) != nil, "\(String(describing: counts))")
            }
            let records = front.records()
            #expect(records.count == 4, "a connection for each call: \(records)")
            #expect(records.map { $0["resumed"] as? Bool } == [false, true, true, true], "\(records)")
            #expect(records.allSatisfy { $0["version"] as? String == "TLSv1.3" })
        }
    }
}
