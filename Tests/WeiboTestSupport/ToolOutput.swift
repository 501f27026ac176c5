public import Foundation
import Glibc
import WeiboDesktop
import WeiboPlatform

/// What a helper program printed on standard output (standard error is dropped); "" when it
/// cannot be started.
@discardableResult
public func toolOutput(_ tool: String, _ arguments: [String], environment: [String: String]? = nil) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "" }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// A program started in the background with its output dropped, or its standard error kept in
/// `errorLog` (a file, for the test to show when it fails); the caller ends it (SIGKILL for
/// helpers: they inherit the test runner's blocked SIGTERM).
public func startProgram(
    _ path: String, _ arguments: [String] = [], environment: [String: String], errorLog: String? = nil
) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    if let errorLog { process.standardError = try logFile(errorLog) }
    try process.run()
    return process
}

/// A new, empty file at `path` for a program's standard error, to show when a test fails.
public func logFile(_ path: String) throws -> FileHandle {
    guard FileManager.default.createFile(atPath: path, contents: nil), let log = FileHandle(forWritingAtPath: path) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    return log
}

extension FileHandle {
    /// Writes `data` to a child's input. A child that ended before it read it (a broken pipe)
    /// is not the test's failure: its exit status and output say what it did. Foundation's
    /// `write(_:)` ended the whole test process there, with `try!` (GIO ignores SIGPIPE in a
    /// process once it made a socket, so the write fails with EPIPE).
    public func send(_ data: Data) {
        _ = Self.brokenPipesAreErrors
        try? write(contentsOf: data)
    }

    /// As GIO has it: a write to a pipe nobody reads fails instead of killing the process.
    private static let brokenPipesAreErrors: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// What the other end wrote, read as it comes until it holds `marker` or the end.
    public func text(until marker: String) -> String {
        var text = ""
        while !text.contains(marker) {
            let chunk = availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return text
    }
}

extension Process {
    /// Ends a program a test started with `signal` (unless it ended already) and waits for it.
    public func stop(_ signal: Int32 = SIGTERM) {
        if isRunning { kill(processIdentifier, signal) }
        waitUntilExit()
    }
}

/// A helper program's exit status and everything it printed (standard output and error together);
/// status -1 when it cannot be started.
public func toolRun(_ tool: String, _ arguments: [String], environment: [String: String]? = nil) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    guard (try? process.run()) != nil else { return (-1, "cannot start \(tool)") }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Writes `text` to `path` as a script for others to run (mode 0755), through a child
/// (`install`): this process never holds the file open for writing. A program another test
/// starts meanwhile inherits this process's descriptors until it closes them, and a script held
/// open for writing does not run: "Text file busy" (DesktopLoginTests' browser, 7 runs in 20).
public func writeScript(_ text: String, to path: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/install")
    process.arguments = ["-m", "755", "/dev/stdin", path]
    let input = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardError = errors
    try process.run()
    input.fileHandleForWriting.write(Data(text.utf8))
    try input.fileHandleForWriting.close()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw PrivateSessionBus.Failure(description: "install \(path): \(said)") }
}

/// A file's permission bits, 0 when it does not exist.
public func fileMode(of path: String) -> mode_t {
    var info = stat()
    guard stat(path, &info) == 0 else { return 0 }
    return info.st_mode & 0o777
}

extension SandboxProcess {
    /// A POST to the sandbox's control address (`/_sandbox/counts`, …); the HTTP status.
    @discardableResult
    public func control(_ path: String, _ parameters: [(String, String)]) -> Int? {
        MainContext.withOwnContext {
            var outcome: Result<HTTPResponse, HTTPError>?
            HTTPClient(totalTimeout: 5, trustedCAFile: caFile).send(HTTPRequest(.post, baseURL + path, parameters: parameters)) { outcome = $0 }
            MainContext.run(timeout: 10) { outcome != nil }
            return try? outcome?.get().status
        }
    }

    /// The body of a `POST` to a control (`/_sandbox/users`), as text.
    public func post(_ path: String, _ parameters: [(String, String)] = []) -> String {
        MainContext.withOwnContext {
            var outcome: Result<HTTPResponse, HTTPError>?
            HTTPClient(totalTimeout: 5, trustedCAFile: caFile).send(HTTPRequest(.post, baseURL + path, parameters: parameters)) { outcome = $0 }
            MainContext.run(timeout: 10) { outcome != nil }
            return (try? outcome?.get().body).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }

    /// The body of a `GET` of a control (`/_sandbox/replies`, `/_sandbox/state`), as text.
    public func read(_ path: String) -> String {
        MainContext.withOwnContext {
            var outcome: Result<HTTPResponse, HTTPError>?
            HTTPClient(totalTimeout: 5, trustedCAFile: caFile).send(HTTPRequest(.get, baseURL + path)) { outcome = $0 }
            MainContext.run(timeout: 10) { outcome != nil }
            return (try? outcome?.get().body).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
    }
}

/// A screenshot of the X window `window` (an id, or `root`) into `path`, within 20 s; false when
/// there is no such window or it could not be taken. ImageMagick's `import` given no window waits
/// for a click that never comes: it is never run without one.
@discardableResult
public func screenshot(window: String, to path: String, environment: [String: String]) -> Bool {
    guard !window.isEmpty else { return false }
    try? FileManager.default.removeItem(atPath: path)
    toolOutput("/usr/bin/timeout", ["20", "/usr/bin/import", "-window", window, path], environment: environment)
    return FileManager.default.fileExists(atPath: path)
}

/// Ends (SIGKILL) the processes matching `pattern` (pgrep -f) whose environment holds `variable`
/// ("NAME=value"): a test's own, when suites run side by side with processes of the same name
/// (each test's private bus address, or display, tells them apart).
public func killProcesses(_ pattern: String, having variable: String) {
    for pid in processes(pattern, having: variable) { kill(pid, SIGKILL) }
}

/// The processes whose command line matches `pattern` and whose environment has `variable`
/// ("DISPLAY=:12").
public func processes(_ pattern: String, having variable: String) -> [Int32] {
    toolOutput("/usr/bin/pgrep", ["-f", pattern], environment: nil).split(separator: "\n").compactMap({ Int32($0) }).filter { pid in
        let variables = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))) ?? Data()
        return variables.split(separator: 0).contains(where: { String(decoding: $0, as: UTF8.self) == variable })
    }
}

/// Ends (SIGKILL) every process whose command line or environment names `folder`, a test's own
/// private folder: what a desktop started for the test on its own, such as the `ibus-daemon`
/// GNOME Shell spawns into a session of its own, which outlives the shell and its bus.
public func killProcesses(mentioning folder: String) {
    let own = getpid()
    let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }.filter { $0 != own }
    for pid in pids {
        let mentions = ["cmdline", "environ"].contains { part in
            guard let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/\(part)") else { return false }
            return String(decoding: bytes, as: UTF8.self).contains(folder)
        }
        if mentions { kill(pid, SIGKILL) }
    }
}
