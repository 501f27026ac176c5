import Foundation
import Glibc
import Testing
import WeiboTestSupport

/// The daemon's start-poll-click-stop cycle under valgrind's memcheck: no block definitely lost
/// from our own code (GLib's and the Swift runtime's one-time allocations are theirs).
@Suite(.serialized, .endToEnd) struct LeakTests {
    @Test func aStartStopCycleLeaksNothingOfOurs() throws {
        let valgrind = "/usr/bin/valgrind"
        try #require(FileManager.default.isExecutableFile(atPath: valgrind), "valgrind is missing; make deps installs it")
        let setup = try DaemonTests.Setup()
        setup.sandbox.control("/_sandbox/statuses", [("count", "2")])
        let log = setup.home.folder + "/memcheck.log"
        try setup.start(
            wrapper: [valgrind, "--leak-check=full", "--show-leak-kinds=definite", "--num-callers=40", "--log-file=\(log)"], pollTimeout: 120)
        #expect(waitUntil(timeout: 150) { setup.bus.notifications().count == 1 })
        // A click (the summary), a check, the summary's error path, mark-read: the daemon's paths.
        setup.bus.invokeAction(id: setup.bus.id(ofNotification: 0), key: "default")
        #expect(waitUntil(timeout: 150) { setup.bus.notifications().count == 2 })
        setup.sandbox.control("/_sandbox/counts", [("dm", "1")])
        #expect(setup.bus.checkNow())
        #expect(setup.bus.callDaemon("MarkRead"))
        #expect(setup.stop() == 0)

        let report = try String(contentsOfFile: log, encoding: .utf8)
        #expect(report.contains("LEAK SUMMARY") || report.contains("All heap blocks were freed"), "memcheck finished: \(report.suffix(2000))")
        let ours = Self.definitelyLostRecords(report).filter(Self.isOurs)
        #expect(ours.isEmpty, "\(ours.count) leak(s) from our code:\n\(ours.joined(separator: "\n\n"))")
    }

    @Test func gvfsFirstUseIsGIOsAndTheRestOfOursIsOurs() {
        let ours = "by 0x1: g_object_new\nby 0x2: $s12WeiboDesktop10DaemonHostC5watch (DaemonHost.swift:118)"
        let gvfs = "by 0x1: g_object_new\nby 0x3: g_vfs_get_default\nby 0x4: g_file_new_for_path\n" + ours.split(separator: "\n")[1]
        #expect(Self.isOurs(ours))
        #expect(!Self.isOurs(gvfs))
        #expect(!Self.isOurs("by 0x1: g_malloc\nby 0x5: g_type_class_ref"))
    }

    /// The loss records memcheck prints as "definitely lost", each with its stack.
    static func definitelyLostRecords(_ report: String) -> [String] {
        var records: [String] = []
        var current: [String]?
        for line in report.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.drop { $0 != " " }.trimmingCharacters(in: .whitespaces)
            if text.contains("are definitely lost in loss record") {
                current = [text]
            } else if var record = current {
                if text.isEmpty {
                    records.append(record.joined(separator: "\n"))
                    current = nil
                } else {
                    record.append(text)
                    current = record
                }
            }
        }
        return records
    }

    /// Whether a record's stack passes through this project's modules, and not through one of
    /// GLib's process-wide singletons made on first use (GIO's default file system, which with
    /// gvfs installed is gvfs's D-Bus module, is never freed by GIO itself).
    static func isOurs(_ record: String) -> Bool {
        ["WeiboDesktop", "WeiboKit", "WeiboSandbox", "weibo_notifier"].contains { record.contains($0) }
            && !libraryOwnedSingletons.contains { record.contains($0) }
    }

    static let libraryOwnedSingletons = ["g_vfs_get_default"]
}
