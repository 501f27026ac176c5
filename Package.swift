// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "weibo-notifier",
    products: [
        .executable(name: "weibo-notifier", targets: ["weibo-notifier"]),
        .library(name: "WeiboKit", targets: ["WeiboKit"]),
    ],
    targets: [
        // Models, decoding, formatting, text metrics, frame layout and rendering: pure Swift.
        .target(name: "WeiboKit"),
        // The command line: parses arguments, wires the layers, maps errors to exit codes.
        .executableTarget(name: "weibo-notifier", dependencies: ["WeiboKit"]),
        // Prints the figures `make bench` reports.
        .executableTarget(name: "weibo-bench", dependencies: ["WeiboKit"]),
        // Shared by the test targets: fixtures, snapshots, fixed clocks.
        .target(name: "WeiboTestSupport", dependencies: ["WeiboKit"], path: "Tests/WeiboTestSupport"),
        .testTarget(
            name: "WeiboKitTests",
            dependencies: ["WeiboKit", "WeiboTestSupport"],
            exclude: ["Fixtures", "Rendering/Snapshots"]
        ),
        .testTarget(
            name: "WeiboNotifierCLITests",
            dependencies: ["WeiboKit", "WeiboTestSupport"]
        ),
    ]
)

// The same strict settings for every target.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        // Swift 6 language mode: complete data-race checking.
        .swiftLanguageMode(.v6),
        // `any` is spelled out for existentials.
        .enableUpcomingFeature("ExistentialAny"),
        // A file sees only the members of modules it imports itself.
        .enableUpcomingFeature("MemberImportVisibility"),
        // Imports are internal unless marked public: no accidental re-export.
        .enableUpcomingFeature("InternalImportsByDefault"),
        // A warning is a defect.
        .treatAllWarnings(as: .error),
    ]
}
