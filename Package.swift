// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Lightbox",
    products: [
        .executable(name: "lightbox", targets: ["LightboxApp"]),
        .library(name: "Lightbox", targets: ["Lightbox"]),
        .executable(name: "lightbox-bench", targets: ["LightboxBench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // Interop: the only place that touches C.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .systemLibrary(
            name: "CGExiv2",
            pkgConfig: "gexiv2",
            providers: [.apt(["libgexiv2-dev"])]
        ),
        .target(name: "Gtk", dependencies: ["CGtk", "CGExiv2"]),

        // The photo catalog app.
        .target(name: "Lightbox", dependencies: ["Gtk", .product(name: "GRDB", package: "GRDB.swift")]),
        .executableTarget(name: "LightboxApp", dependencies: ["Lightbox"]),
        .executableTarget(name: "LightboxBench", dependencies: ["Lightbox", "Gtk"]),

        // A real display for tests: Xvfb when there is none, GLib criticals fail tests.
        .target(name: "GtkTestSupport", dependencies: ["Gtk"], path: "Tests/GtkTestSupport"),
        .testTarget(name: "GtkTests", dependencies: ["Gtk", "GtkTestSupport"]),
        .testTarget(name: "LightboxTests", dependencies: ["Lightbox", "Gtk", "GtkTestSupport"]),
        // Child process for LightboxTests' kill -9 test: rates photos through the Store until killed.
        .executableTarget(name: "CatalogRatingChild", dependencies: ["Lightbox"], path: "Tests/CatalogRatingChild"),
    ],
    swiftLanguageModes: [.v6]
)
