// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Lightbox",
    products: [
        .executable(name: "lightbox", targets: ["LightboxApp"]),
        .library(name: "Lightbox", targets: ["Lightbox"]),
        // The GTK binding, for adopters of the binding alone.
        .library(name: "Gtk", targets: ["Gtk"]),
        // The kit with the binding its API is made of: rows and views are `Gtk` widgets, so a
        // kit adopter imports both `LightboxKit` and `Gtk` from this one product.
        .library(name: "LightboxKit", targets: ["LightboxKit", "Gtk"]),
        .executable(name: "lightbox-bench", targets: ["LightboxBench"]),
        .executable(name: "kit-example", targets: ["KitExample"]),
        .executable(name: "generate-bindings", targets: ["GenerateBindings"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `swift package generate-documentation --target LightboxKit` (the kit's DocC archive).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
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
        // libheif itself: HEIF sizes and the thumbnails phones embed (full images go through its gdk-pixbuf loader).
        .systemLibrary(
            name: "CHeif",
            pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"])]
        ),
        // libjxl: JPEG XL files (Debian 12 has no gdk-pixbuf loader for them).
        .systemLibrary(
            name: "CJxl",
            pkgConfig: "libjxl",
            providers: [.apt(["libjxl-dev"])]
        ),
        // LibRaw (thread-safe build): RAW files with no usable embedded preview.
        .systemLibrary(
            name: "CLibRaw",
            pkgConfig: "libraw_r",
            providers: [.apt(["libraw-dev"])]
        ),
        // libgweather's offline locations database: the place nearest a photo's GPS position.
        // Opened with dlopen when first needed (not linked): libgweather brings libsoup, ICU,
        // libxml2 and Kerberos, fifteen libraries the app's startup would otherwise map.
        .systemLibrary(name: "CGWeather"),
        // Little CMS: an export's pixels converted from their embedded colour profile to sRGB.
        .systemLibrary(
            name: "CLcms2",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"])]
        ),
        .target(name: "CGtkSupport", dependencies: ["CGtk"]),
        .systemLibrary(
            name: "CAdw",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]
        ),
        // libadwaita, generated from Adw-1.gir like the GTK binding; for the app only.
        .target(name: "Adw", dependencies: ["CAdw", "CGtk", "Gtk"]),
        // Reads Debian's GIR files and writes Sources/Gtk/Generated (run .ci/generate-bindings).
        .target(name: "GirGenerator"),
        .executableTarget(name: "GenerateBindings", dependencies: ["GirGenerator"]),
        .target(name: "Gtk", dependencies: ["CGtk", "CGtkSupport"]),

        // The kit: array data source, rows, diffing, controllers. Knows nothing about photos.
        .target(name: "LightboxKit", dependencies: ["Gtk"]),

        // The kit's runnable example: a list with a detail pane, rows that host controllers.
        .executableTarget(name: "KitExample", dependencies: ["LightboxKit", "Gtk"]),

        // Media services for the app only: gexiv2 metadata, gdk-pixbuf decoding, GIO file services.
        // Interop too (a thin wrapper over C); kit adopters never link gexiv2.
        .target(
            name: "LightboxMedia",
            dependencies: [
                "CGExiv2", "CExiv2Tags", "CHeif", "CJxl", "CLibRaw", "CGWeather", "CLcms2", "CGtk", "Gtk", "CWorkerSupport",
                "CVideoSupport", "CFileCopy",
            ]),
        // Reading tags with libexiv2 itself (C++ behind a C header): a first scan's hot path;
        // and an export's metadata written into the encoded JPEG in memory.
        .target(name: "CExiv2Tags", linkerSettings: [.linkedLibrary("exiv2")]),
        // Worker processes: spawn over a socketpair, messages with memfds, the child's sandbox.
        .target(name: "CWorkerSupport"),
        // Videos with FFmpeg's libraries (Debian's libavformat, libavcodec, libswscale): a
        // container's header read and one frame decoded, in the workers; into gdk-pixbuf. Their
        // headers only: the libraries are opened with dlopen by the workers that read a video.
        .target(name: "CVideoSupport", dependencies: ["CGtk"]),
        // Copies made in the kernel, compared with their sources once flushed, renamed into
        // place without replacing anything: an import's copying.
        .target(name: "CFileCopy"),

        // The photo catalog app.
        .target(
            name: "Lightbox",
            dependencies: [
                "LightboxKit", "LightboxMedia", "Gtk", "Adw",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .executableTarget(name: "LightboxApp", dependencies: ["Lightbox", "LightboxMedia", "Gtk"]),

        // lightbox-bench: release-mode benchmarks, ratios against baselines run side by side.
        .target(name: "CBenchModels", dependencies: ["CGtk"]),
        .executableTarget(name: "LightboxBench", dependencies: ["Lightbox", "LightboxKit", "LightboxMedia", "Gtk", "Adw", "CBenchModels"]),

        // A real display for tests: Xvfb when there is none, GLib criticals fail tests.
        .target(
            name: "GtkTestSupport", dependencies: ["Gtk"], path: "Tests/GtkTestSupport",
            exclude: ["Scripts"]),
        .testTarget(name: "GtkTests", dependencies: ["Gtk", "GtkTestSupport"]),
        .testTarget(name: "GirGeneratorTests", dependencies: ["GirGenerator"]),
        .testTarget(name: "AdwTests", dependencies: ["Adw", "Gtk", "GtkTestSupport"]),
        .testTarget(name: "LightboxKitTests", dependencies: ["LightboxKit", "Gtk", "GtkTestSupport"]),
        .testTarget(name: "LightboxTests", dependencies: ["Lightbox", "LightboxMedia", "Gtk", "GtkTestSupport"]),
        // Child process for LightboxTests' kill -9 test: rates photos through the Store until killed.
        .executableTarget(name: "CatalogRatingChild", dependencies: ["Lightbox"], path: "Tests/CatalogRatingChild"),
        // Child process for LightboxTests' write-back kill -9 test: edits with write-back on until killed.
        .executableTarget(name: "WriteBackChild", dependencies: ["Lightbox"], path: "Tests/WriteBackChild"),
        // Child process for LightboxTests' kill -9 test: moves photos and scans them until killed.
        .executableTarget(name: "CatalogRelinkChild", dependencies: ["Lightbox"], path: "Tests/CatalogRelinkChild"),
        // The real `lightbox` binary driven from outside (real keys, private session).
        .testTarget(name: "AppTests", dependencies: ["Gtk", "GtkTestSupport", "LightboxApp"]),
        // Desktop integration: validators, Flatpak manifest, staged install, launch, settings.
        .testTarget(name: "PackagingTests", dependencies: ["Gtk", "Lightbox"]),
    ],
    swiftLanguageModes: [.v6]
)
