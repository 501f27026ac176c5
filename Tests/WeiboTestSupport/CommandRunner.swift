public import Foundation

/// Runs the built `weibo-notifier` executable as a user would, and collects what it said.
public struct CommandRunner {
    public struct Result: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
        public var lines: [String] { standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// The executable: `WEIBO_NOTIFIER_BIN`, else the debug build of this package.
    public static var executable: URL {
        if let path = ProcessInfo.processInfo.environment["WEIBO_NOTIFIER_BIN"] { return URL(fileURLWithPath: path) }
        return FixtureFiles.packageRoot().appendingPathComponent(".build/debug/weibo-notifier")
    }

    /// Runs the program with `arguments`, feeding `input` to standard input. The environment is
    /// the test's own without locale and colour variables, with a throw-away home and XDG
    /// folders, plus `environment`.
    public static func run(_ arguments: [String], input: Data? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        for name in ["LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "NO_COLOR"] { variables[name] = nil }
        // Never the real home: configuration and account go to a folder of this run's own.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("weibo-notifier-home-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: home) }
        variables["HOME"] = home
        variables["XDG_CONFIG_HOME"] = home + "/config"
        variables["XDG_STATE_HOME"] = home + "/state"
        variables.merge(environment) { $1 }
        process.environment = variables
        let output = Pipe()
        let inputPipe = Pipe()
        // Standard error goes to a file, so that neither stream can fill its pipe and block the child.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("weibo-notifier-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        process.standardOutput = output
        process.standardError = errorHandle
        process.standardInput = inputPipe
        try process.run()
        try errorHandle.close()
        if let input { inputPipe.fileHandleForWriting.send(input) }
        try? inputPipe.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderrData = (try? Data(contentsOf: errorFile)) ?? Data()
        return Result(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: stderrData, as: UTF8.self))
    }

    /// Every command, as the program's own table lists them in `--help` (English): the tests
    /// that go through all commands follow the table instead of keeping a list of their own.
    public static func commandNames() throws -> [String] {
        let help = try run(["--help"], environment: ["LANG": "C"]).lines
        guard let start = help.firstIndex(of: "Commands:") else { return [] }
        return help[(start + 1)...].prefix { !$0.isEmpty }.compactMap { $0.split(separator: " ").first.map(String.init) }
    }
}
