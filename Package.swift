// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "weibo-notifier",
    products: [
        .executable(name: "weibo-notifier", targets: ["weibo-notifier"]),
        .executable(name: "weibo-notifier-popup", targets: ["WeiboPopup"]),
        .executable(name: "weibo-notifier-settings", targets: ["WeiboSettings"]),
        .library(name: "WeiboKit", targets: ["WeiboKit"]),
        // For the fuzz targets (`Fuzz/`, a package of its own built with the sanitizers).
        .library(name: "WeiboPlatform", targets: ["WeiboPlatform"]),
        .library(name: "WeiboDesktop", targets: ["WeiboDesktop"]),
    ],
    targets: [
        // Models, decoding, formatting, text metrics, frame layout and rendering: pure Swift.
        .target(name: "WeiboKit", exclude: ["README.md"]),
        // The system libraries, from Debian's -dev packages.
        .systemLibrary(name: "CGLib", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CLibSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        // GnuTLS, for the sandbox's self-signed certificate (`sandbox --tls`).
        .systemLibrary(name: "CGnuTLS", pkgConfig: "gnutls", providers: [.apt(["libgnutls28-dev"])]),
        // libnotify, whose synchronous calls run on a notification thread of their own.
        .systemLibrary(name: "CLibNotify", pkgConfig: "libnotify", providers: [.apt(["libnotify-dev"])]),
        // libdbusmenu-glib's server (no GTK), for the tray icon's menu.
        .systemLibrary(name: "CLibDbusmenu", pkgConfig: "dbusmenu-glib-0.4", providers: [.apt(["libdbusmenu-glib-dev"])]),
        // GTK 3 and gtk-layer-shell, for the popup's window (never the daemon's).
        .systemLibrary(name: "CGtk", pkgConfig: "gtk+-3.0", providers: [.apt(["libgtk-3-dev", "libgtk-layer-shell-dev"])]),
        // libhandy, for the settings window's GNOME look in GTK 3 (never the daemon's).
        .systemLibrary(name: "CHandy", pkgConfig: "libhandy-1", providers: [.apt(["libhandy-1-dev"])]),
        // libsecret, loaded when the keyring is first used (dlopen): no link, no pkg-config.
        .systemLibrary(name: "CLibSecret"),
        // What every process shares of GLib: the main loop and its owned sources, files, the
        // configuration, translations, argument reading, calls to the daemon over D-Bus. No
        // libsoup, libnotify or libdbusmenu: the popup links this and not WeiboDesktop.
        .target(name: "WeiboPlatform", dependencies: ["WeiboKit", "CGLib"], exclude: ["README.md"]),
        // The daemon's GLib shell: HTTP over libsoup, the API, accounts and the keyring, the login,
        // bubbles, the tray, the D-Bus service.
        .target(
            name: "WeiboDesktop", dependencies: ["WeiboKit", "WeiboPlatform", "CGLib", "CLibSoup", "CLibSecret", "CLibNotify", "CLibDbusmenu"],
            exclude: ["README.md"]),
        // The fake Weibo API: a SoupServer on 127.0.0.1 speaking the real API's JSON and errors.
        // WeiboPlatform for its owning GLib sources (GLibSource), so that the sandbox's timers
        // attach to the thread-default context as the client's do.
        .target(name: "WeiboSandbox", dependencies: ["WeiboKit", "WeiboPlatform", "CGLib", "CLibSoup", "CGnuTLS"], exclude: ["README.md"]),
        // The popup: a GTK 3 window at the tray with the timeline, comments and mentions, its
        // cells laid out by WeiboKit's frame model in pixels; a process of its own.
        .executableTarget(name: "WeiboPopup", dependencies: ["WeiboKit", "WeiboPlatform", "WeiboGtk", "CGLib", "CGtk"], exclude: ["README.md"]),
        // What the two GTK windows share: GObject signals to Swift closures, constructors checked.
        .target(name: "WeiboGtk", dependencies: ["WeiboKit", "WeiboPlatform", "CGLib", "CGtk"], exclude: ["README.md"]),
        // The settings and login window (libhandy's preferences window), a process of its own,
        // every row made from WeiboKit's settings table.
        .executableTarget(
            name: "WeiboSettings", dependencies: ["WeiboKit", "WeiboPlatform", "WeiboDesktop", "WeiboGtk", "CGLib", "CGtk", "CHandy"], exclude: ["README.md"]),
        // The command line: parses arguments, wires the layers, maps errors to exit codes.
        .executableTarget(name: "weibo-notifier", dependencies: ["WeiboKit", "WeiboPlatform", "WeiboDesktop", "WeiboSandbox"], exclude: ["README.md"]),
        // Prints the figures `make bench` reports.
        .executableTarget(name: "weibo-bench", dependencies: ["WeiboKit", "WeiboPlatform", "WeiboDesktop"], exclude: ["README.md"]),
        // Shared by the test targets: fixtures, snapshots, fixed clocks.
        .target(
            name: "WeiboTestSupport", dependencies: ["WeiboKit", "WeiboPlatform", "WeiboDesktop", "WeiboSandbox", "CGLib"],
            path: "Tests/WeiboTestSupport", exclude: ["README.md"]),
        .testTarget(
            name: "WeiboKitTests",
            dependencies: ["WeiboKit", "WeiboTestSupport"],
            exclude: ["README.md", "Fixtures", "Rendering/Snapshots"]
        ),
        .testTarget(
            name: "WeiboDesktopTests",
            dependencies: ["WeiboKit", "WeiboPlatform", "WeiboDesktop", "WeiboSandbox", "WeiboTestSupport"],
            exclude: ["README.md"]
        ),
        .testTarget(
            name: "WeiboPopupTests",
            dependencies: ["WeiboPopup", "WeiboKit", "WeiboTestSupport"],
            exclude: ["README.md"]
        ),
        .testTarget(
            name: "WeiboNotifierCLITests",
            dependencies: ["WeiboKit", "WeiboPlatform", "WeiboDesktop", "WeiboSandbox", "WeiboTestSupport"],
            exclude: ["README.md"]
        ),
    ]
)

// The same strict settings for every target. Warnings are errors where the project builds
// itself (`make`, CI: -warnings-as-errors), not in the manifest, so that a newer compiler's new
// warning never breaks a distribution's build.
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            // Swift 6 language mode: complete data-race checking.
            .swiftLanguageMode(.v6),
            // `any` is spelled out for existentials.
            .enableUpcomingFeature("ExistentialAny"),
            // A file sees only the members of modules it imports itself.
            .enableUpcomingFeature("MemberImportVisibility"),
            // Imports are internal unless marked public: no accidental re-export.
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
