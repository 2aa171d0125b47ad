// swift-tools-version: 6.1
import PackageDescription

// A package that adopts the kit and nothing else: it depends on the `LightboxKit` product
// of this repository (by path) and builds a window with a list. PackagingTests'
// KitAdopterTests builds it and checks what the executable links: GTK, and neither
// gexiv2 nor SQLite; GRDB must not even be built.
let package = Package(
    name: "KitAdopter",
    dependencies: [
        .package(name: "Lightbox", path: "../../..")
    ],
    targets: [
        .executableTarget(
            name: "KitAdopter",
            dependencies: [.product(name: "LightboxKit", package: "Lightbox")]
        )
    ],
    swiftLanguageModes: [.v6]
)
