import Foundation

/// The source tree a binary that was never installed runs from, found when it runs.
///
/// An installed app finds its data under the prefix it is installed in (`<prefix>/bin/lightbox`
/// beside `<prefix>/share`). A binary run where it was built (`swift run lightbox`, the
/// tests, a meson build directory) has no such prefix: it reads the `data` and `po` folders
/// of its source tree instead, compiling the schema and the catalogs beside itself
/// (`SchemaCompiler`, `CatalogCompiler`). That tree is the one `$LIGHTBOX_SOURCE_DIR` names,
/// else the nearest folder above the binary that holds the package, since SwiftPM (and
/// meson, through it) builds inside the checkout. No path is recorded at build time: a
/// binary copied elsewhere finds its prefix or nothing, never the tree of the machine
/// that built it.
public enum SourceTree {
    /// Names the source tree to use, for a binary that is not inside it.
    public static let variable = "LIGHTBOX_SOURCE_DIR"

    /// This process's executable, symbolic links resolved.
    public static var executable: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    }

    /// The source tree this process runs from, nil when there is none (an installed binary).
    public static let root: String? = locate(executable: executable, environment: ProcessInfo.processInfo.environment)

    /// The source tree's `data` folder (the schema, icons, sample photos).
    public static var data: String? { root.map { $0 + "/data" } }

    /// `$LIGHTBOX_SOURCE_DIR`, else the nearest folder above `executable` holding
    /// `Package.swift` and the app's schema in `data`.
    static func locate(executable: String, environment: [String: String]) -> String? {
        if let root = environment[variable], !root.isEmpty { return root }
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while folder.path != "/" {
            if isPackage(folder.path) { return folder.path }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    private static func isPackage(_ folder: String) -> Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: folder + "/Package.swift")
            && manager.fileExists(atPath: folder + "/data/\(AppInfo.id).gschema.xml")
    }
}
