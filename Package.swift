// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Lightbox",
    products: [
        .executable(name: "lightbox", targets: ["LightboxApp"]),
        .library(name: "Lightbox", targets: ["Lightbox"]),
        .library(name: "LightboxKit", targets: ["LightboxKit"]),
        .executable(name: "lightbox-bench", targets: ["LightboxBench"]),
        .executable(name: "kit-example", targets: ["KitExample"]),
    ],
    targets: [
        // Interop: the only place that touches C.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .target(name: "CGtkSupport", dependencies: ["CGtk"]),
        .target(name: "Gtk", dependencies: ["CGtk", "CGtkSupport"]),

        // The kit: array data source, rows, diffing.
        .target(name: "LightboxKit", dependencies: ["Gtk"]),
        .target(name: "CBenchModels", dependencies: ["CGtk"]),
        .executableTarget(name: "LightboxBench", dependencies: ["LightboxKit", "Gtk", "CBenchModels"]),

        // The kit's runnable example: a list with a detail pane, rows that host controllers.
        .executableTarget(name: "KitExample", dependencies: ["LightboxKit", "Gtk"]),

        // The photo catalog app.
        .target(name: "Lightbox", dependencies: ["Gtk"]),
        .executableTarget(name: "LightboxApp", dependencies: ["Lightbox"]),

        // A real display for tests: Xvfb when there is none, GLib criticals fail tests.
        .target(name: "GtkTestSupport", dependencies: ["Gtk"], path: "Tests/GtkTestSupport",
                exclude: ["Scripts"]),
        .testTarget(name: "GtkTests", dependencies: ["Gtk", "GtkTestSupport"]),
        .testTarget(name: "LightboxKitTests", dependencies: ["LightboxKit", "Gtk", "GtkTestSupport"]),
        // The real `lightbox` binary driven from outside (real keys, private session).
        .testTarget(name: "AppTests", dependencies: ["GtkTestSupport", "LightboxApp"]),
        // Desktop integration: validators, Flatpak manifest, staged install, launch, settings.
        .testTarget(name: "PackagingTests", dependencies: ["Gtk", "Lightbox"]),
    ],
    swiftLanguageModes: [.v6]
)
