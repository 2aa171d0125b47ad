import Foundation
import Gtk

/// Where the app's compiled message catalogs (`<folder>/<lang>/LC_MESSAGES/lightbox.mo`)
/// come from, the way the settings schema does: the prefix the binary is installed in, or,
/// run from a build tree, the source tree's `po/*.po` compiled with `msgfmt` beside the
/// binary (again only when a `.po` is newer than its `.mo`).
public enum TranslationCatalogs {
    /// The app's text domain (also the GSettings schema's `gettext-domain`).
    public static let domain = "lightbox"
    /// Set to a folder of compiled catalogs, it is used as is (tests).
    public static let overrideVariable = "LIGHTBOX_LOCALE_DIR"

    /// Binds the app's domain to its catalogs and sets the locale from the environment;
    /// GTK's and libadwaita's own strings follow. Call first thing, before GTK starts.
    public static func start() {
        Translation.start(
            domain: domain,
            folder: folder(
                executable: SourceTree.executable,
                sourceTree: SourceTree.root,
                environment: ProcessInfo.processInfo.environment))
    }

    /// The folder to bind: `$LIGHTBOX_LOCALE_DIR`; `<prefix>/share/locale` for a binary in
    /// `<prefix>/bin` next to an installed `share/lightbox` (or with no source tree to
    /// compile from); else the build tree's catalogs.
    static func folder(executable: String, sourceTree: String?, environment: [String: String]) -> String {
        if let folder = environment[overrideVariable], !folder.isEmpty { return folder }
        let binary = URL(fileURLWithPath: executable)
        let prefix = binary.deletingLastPathComponent().deletingLastPathComponent()
        let installed = prefix.appendingPathComponent("share/locale").path
        guard let sourceTree, !FileManager.default.fileExists(atPath: prefix.appendingPathComponent("share/lightbox").path) else {
            return installed
        }
        let compiled = binary.deletingLastPathComponent().appendingPathComponent("locale").path
        do {
            try CatalogCompiler.compile(poFolder: sourceTree + "/po", domain: domain, into: compiled)
        } catch {
            // A developer's message: the app goes on in English.
            FileHandle.standardError.write(Data("lightbox: \(error); messages stay in English\n".utf8))
        }
        return compiled
    }
}

/// Compiles a folder of `.po` files with `msgfmt`, so that a binary run from a build tree
/// reads its translations without an install.
enum CatalogCompiler {
    /// Compiles each `<poFolder>/<lang>.po` into `<directory>/<lang>/LC_MESSAGES/<domain>.mo`
    /// unless that is already newer. Throws once for the first failure (msgfmt missing or a
    /// broken `.po`); the languages compiled before it stay.
    static func compile(poFolder: String, domain: String, into directory: String) throws(CatalogCompileError) {
        let manager = FileManager.default
        let names = ((try? manager.contentsOfDirectory(atPath: poFolder)) ?? []).filter { $0.hasSuffix(".po") }.sorted()
        for name in names {
            let source = poFolder + "/" + name
            let folder = directory + "/" + name.dropLast(3) + "/LC_MESSAGES"
            let target = folder + "/\(domain).mo"
            if BuildTreeTool.isUpToDate(target, from: source) { continue }
            do {
                try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw CatalogCompileError(file: source, message: "\(error)")
            }
            // Written beside and renamed over: another instance starting at the same time
            // reads the old catalog or the new one, never half of one.
            let written = target + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
            if let message = BuildTreeTool.run(["msgfmt", "--check", "--output-file=\(written)", source], package: "gettext") {
                throw CatalogCompileError(file: source, message: message)
            }
            guard rename(written, target) == 0 else {
                try? manager.removeItem(atPath: written)
                throw CatalogCompileError(file: source, message: String(cString: strerror(errno)))
            }
        }
    }

}

/// `msgfmt` rejected a `.po` file, or could not run.
public struct CatalogCompileError: Error, Equatable, CustomStringConvertible {
    /// The `.po` file being compiled.
    public let file: String
    /// What went wrong (msgfmt's own words).
    public let message: String
    public var description: String {
        "the translations in \(file) could not be compiled: \(message.trimmingCharacters(in: .whitespacesAndNewlines))"
    }
}
