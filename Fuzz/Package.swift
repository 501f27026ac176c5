// swift-tools-version: 6.0
// libFuzzer targets for the parsers and layout, kept apart from the main package: they are
// built with the fuzzer and address sanitizers (libFuzzer supplies `main`; see `make fuzz`), which the
// program's own executables cannot be. `make fuzz` builds and runs them.
import PackageDescription

let package = Package(
    name: "weibo-notifier-fuzz",
    dependencies: [.package(name: "weibo-notifier", path: "..")],
    targets: [
        // GLib's GMarkup, to check that escaped text always parses as markup.
        .systemLibrary(name: "CGLibFuzz", pkgConfig: "glib-2.0"),
        .executableTarget(
            name: "weibo-fuzz",
            dependencies: [
                .product(name: "WeiboKit", package: "weibo-notifier"), .product(name: "WeiboPlatform", package: "weibo-notifier"),
                .product(name: "WeiboDesktop", package: "weibo-notifier"), "CGLibFuzz",
            ],
            // One thread, libFuzzer's: the globals of the entry points need no isolation.
            swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
