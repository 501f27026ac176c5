public import Foundation
import Glibc
import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier sandbox` running as its own process on a free port, stopped with SIGTERM
/// when the test is done.
public final class SandboxProcess {
    public let process = Process()
    public private(set) var baseURL = ""
    public private(set) var token = ""
    /// The CA to trust, with `--tls`.
    public private(set) var caFile: String?
    private let output = Pipe()

    /// Starts the sandbox and waits (up to 10 s) until it printed its address and token.
    public init(arguments: [String] = ["--new-status-every", "0"]) throws {
        process.executableURL = CommandRunner.executable
        process.arguments = ["sandbox", "--port", "0"] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let deadline = Timestamp.now.adding(10)
        let last = arguments.contains("--tls") ? "CA file:" : "token:"
        while Timestamp.now < deadline, !text.contains(last) || !text.contains("\n", after: last) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if line.hasPrefix("Weibo sandbox listening on "), let last = fields.last { baseURL = String(last) }
            if line.contains("token:"), let last = fields.last { token = String(last) }
            if line.contains("CA file:"), fields.count > 2 { caFile = String(fields[2]) }
        }
        guard !baseURL.isEmpty, !token.isEmpty else {
            process.terminate()
            throw StartFailure(output: text)
        }
    }

    public struct StartFailure: Error, CustomStringConvertible {
        public var output: String
        public var description: String { "the sandbox did not start: \(output)" }
    }

    /// Sends SIGTERM and waits; the exit status.
    @discardableResult
    public func stop() -> Int32 {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        return process.terminationStatus
    }

    deinit {
        stop()
    }
}

extension String {
    func contains(_ other: String, after marker: String) -> Bool {
        guard let range = range(of: marker) else { return false }
        return self[range.upperBound...].contains(other)
    }
}
