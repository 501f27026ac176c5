public import Foundation

/// Files that live next to the tests (fixtures, snapshots), found from the test's `#filePath`.
public enum FixtureFiles {
    /// The folder holding `filePath` (the calling test file).
    public static func directory(of filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent()
    }

    /// The root of the package: the folder above `Tests/`.
    public static func packageRoot(from filePath: String = #filePath) -> URL {
        var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
            url.deleteLastPathComponent()
        }
        return url
    }

    /// The files in `folder` (relative to the package's `Tests/WeiboKitTests/Fixtures`), sorted by name.
    public static func fixtures(in folder: String, filePath: String = #filePath) -> [URL] {
        let directory = packageRoot(from: filePath).appendingPathComponent("Tests/WeiboKitTests/Fixtures/\(folder)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().map { directory.appendingPathComponent($0) }
    }

    /// One fixture's bytes.
    public static func data(_ relativePath: String, filePath: String = #filePath) throws -> [UInt8] {
        try bytes(packageRoot(from: filePath).appendingPathComponent("Tests/WeiboKitTests/Fixtures/\(relativePath)"))
    }

    /// A file's bytes, as WeiboKit's decoders take them.
    public static func bytes(_ file: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: file))
    }
}
