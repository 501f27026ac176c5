import Foundation
public import Testing

/// Golden files: `Snapshots/<name>.txt` next to the calling test file.
///
/// A missing snapshot is recorded and the test fails, so that a fresh recording is always looked
/// at before it is committed. `RECORD_SNAPSHOTS=1` re-records every snapshot (and fails too).
public enum Snapshot {
    public static func assertMatches(
        _ lines: [String], named name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
        let file = folder.appendingPathComponent("\(name).txt")
        let actual = lines.joined(separator: "\n") + "\n"
        let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? actual.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("Recorded snapshot \(file.path); check it and run the tests again", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            Issue.record(
                "Snapshot \(name) differs.\n--- expected\n\(expected)--- actual\n\(actual)", sourceLocation: sourceLocation)
        }
    }
}
