import Foundation
import XCTest

/// `data/flatpak/io.github.lightbox.Lightbox.json` builds what Package.swift resolves,
/// offline, and installs through the same file list as the staged install.
final class FlatpakManifestTests: XCTestCase {
    private let offlineScript = "data/flatpak/swiftpm-offline.sh"

    func testManifestNamesTheAppRuntimeAndSwiftExtension() throws {
        let manifest = try loadManifest()
        XCTAssertEqual(manifest["id"] as? String, PackageFiles.appID)
        XCTAssertEqual(manifest["command"] as? String, "lightbox")
        XCTAssertEqual(manifest["runtime"] as? String, "org.gnome.Platform")
        XCTAssertEqual(manifest["sdk"] as? String, "org.gnome.Sdk")
        XCTAssertEqual(manifest["runtime-version"] as? String, "47")
        XCTAssertEqual(manifest["sdk-extensions"] as? [String], ["org.freedesktop.Sdk.Extension.swift6"])
        let options = try XCTUnwrap(manifest["build-options"] as? [String: Any])
        XCTAssertEqual(options["append-path"] as? String, "/usr/lib/sdk/swift6/bin")
        XCTAssertEqual(options["prepend-ld-library-path"] as? String, "/usr/lib/sdk/swift6/lib")
    }

    func testFinishArgsAreTheJustifiedOnes() throws {
        let arguments = try XCTUnwrap(try loadManifest()["finish-args"] as? [String])
        XCTAssertEqual(
            Set(arguments),
            [
                "--share=ipc", "--socket=wayland", "--socket=fallback-x11", "--device=dri",
                "--filesystem=xdg-pictures", "--filesystem=xdg-data/Trash",
                "--env=GDK_PIXBUF_MODULE_FILE=/app/lib/gdk-pixbuf-2.0/2.10.0/loaders.cache",
            ])
        let notes = try String(contentsOfFile: PackageFiles.path("meson-notes.md"), encoding: .utf8)
        for argument in arguments {
            XCTAssertTrue(notes.contains("`\(argument)`"), "meson-notes.md does not justify \(argument)")
        }
    }

    func testMediaLibrariesArePinnedArchivesWithChecksums() throws {
        for name in ["exiv2", "gexiv2", "libde265", "libheif", "webp-pixbuf-loader", "libraw"] {
            let module = try XCTUnwrap(try module(named: name), "no \(name) module")
            let sources = try XCTUnwrap(module["sources"] as? [[String: Any]])
            XCTAssertEqual(sources.count, 1)
            let source = sources[0]
            XCTAssertEqual(source["type"] as? String, "archive")
            let url = try XCTUnwrap(source["url"] as? String)
            XCTAssertTrue(url.hasPrefix("https://") && url.lowercased().contains(name), url)
            let checksum = try XCTUnwrap(source["sha256"] as? String)
            XCTAssertEqual(checksum.count, 64)
            XCTAssertTrue(checksum.allSatisfy { $0.isHexDigit && !$0.isUppercase }, checksum)
        }
    }

    /// libheif's and the WebP loader land in the app's loader folder, and the loaders cache the
    /// app is pointed at lists them with the runtime's own, before the app is built.
    func testImageLoadersAreBuiltIntoTheAppsLoaderCache() throws {
        let loaders = "/app/lib/gdk-pixbuf-2.0/2.10.0/loaders"
        let heif = try XCTUnwrap(try module(named: "libheif"))
        let environment = (heif["build-options"] as? [String: Any])?["env"] as? [String: String]
        XCTAssertEqual(environment?["PKG_CONFIG_GDK_PIXBUF_2_0_GDK_PIXBUF_MODULEDIR"], loaders)
        let options = try XCTUnwrap(heif["config-opts"] as? [String])
        for option in ["-DWITH_GDK_PIXBUF=ON", "-DWITH_LIBDE265=ON", "-DWITH_DAV1D=ON"] {
            XCTAssertTrue(options.contains(option), "libheif is built without \(option)")
        }
        let webp = try XCTUnwrap(try module(named: "webp-pixbuf-loader"))
        XCTAssertEqual(webp["config-opts"] as? [String], ["-Dgdk_pixbuf_moduledir=" + loaders])
        let cache = try XCTUnwrap(try module(named: "pixbuf-loaders-cache"))
        let command = try XCTUnwrap((cache["build-commands"] as? [String])?.first)
        XCTAssertTrue(command.hasPrefix("gdk-pixbuf-query-loaders \(loaders)/*.so "), command)
        XCTAssertTrue(command.hasSuffix("> \(loaders).cache"), command)
        let names = try XCTUnwrap(try loadManifest()["modules"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        XCTAssertEqual(
            names,
            [
                "exiv2", "gexiv2", "libde265", "libheif", "webp-pixbuf-loader", "pixbuf-loaders-cache",
                "libraw", "lightbox",
            ])
    }

    func testAppModuleInstallsThroughTheStagedInstallScript() throws {
        let app = try XCTUnwrap(try module(named: "lightbox"))
        let commands = try XCTUnwrap(app["build-commands"] as? [String])
        XCTAssertEqual(commands.last, "data/install.sh --prefix=${FLATPAK_DEST}")
        XCTAssertEqual(
            commands.filter { $0.contains("swift build") }, [],
            "the app is built by data/install.sh only, so the file list has one home")
    }

    func testEverySwiftPMDependencyIsAPinnedGitSourceAtTheResolvedVersion() throws {
        let dependencies = try resolvedDependencies()
        let sources = try gitSources()
        let offlineArguments = try offlineCommandArguments()
        XCTAssertTrue(dependencies.contains { $0.identity == "grdb.swift" }, "the dependencies were read: \(dependencies)")
        for dependency in dependencies {
            let last = URL(fileURLWithPath: dependency.url).lastPathComponent
            let name = last.hasSuffix(".git") ? String(last.dropLast(4)) : last
            guard let source = sources.first(where: { $0["url"] as? String == dependency.url }) else {
                XCTFail("the manifest has no git source for \(dependency.url)")
                continue
            }
            XCTAssertEqual(source["dest"] as? String, ".build/checkouts/\(name)")
            let tag = try XCTUnwrap(source["tag"] as? String)
            XCTAssertTrue(
                tag == dependency.version || tag == "v" + dependency.version,
                "\(name) is pinned at \(tag), Package.swift resolves \(dependency.version)")
            XCTAssertTrue(
                offlineArguments.contains([dependency.url, tag]),
                "\(offlineScript) is not run for \(dependency.url) \(tag)")
        }
    }

    func testOfflineSetupLetsSwiftPMResolveTheGitSourcesWithoutNetwork() throws {
        let work = try makeTemporaryDirectory(for: self)
        let package = work.appendingPathComponent("lightbox")
        try copyPackage(to: package)
        // What flatpak-builder does: every git source cloned at its tag into its dest.
        for source in try gitSources() {
            let url = try XCTUnwrap(source["url"] as? String)
            let tag = try XCTUnwrap(source["tag"] as? String)
            let dest = package.appendingPathComponent(try XCTUnwrap(source["dest"] as? String)).path
            XCTAssertEqual(try runCommand(["git", "clone", "-q", url, dest]).status, 0)
            // The local package copies on this machine tag releases without the "v".
            let checkout = try runCommand(["git", "-C", dest, "checkout", "-q", tag])
            if checkout.status != 0 {
                let bare = String(tag.drop(while: { $0 == "v" }))
                XCTAssertEqual(try runCommand(["git", "-C", dest, "checkout", "-q", bare]).status, 0)
            }
        }
        var offline = ProcessInfo.processInfo.environment
        offline["HOME"] = work.path
        offline["XDG_CACHE_HOME"] = work.appendingPathComponent("cache").path
        offline["GIT_CONFIG_GLOBAL"] = "/dev/null"
        offline["GIT_CONFIG_NOSYSTEM"] = "1"
        offline["GIT_ALLOW_PROTOCOL"] = "file"
        let setup = try runCommand(["sh", "-c", try offlineCommand()], in: package.path, environment: offline)
        XCTAssertEqual(setup.status, 0, setup.output)
        let resolve = try runCommand(["swift", "package", "resolve"], in: package.path, environment: offline)
        XCTAssertEqual(resolve.status, 0, resolve.output)
        let expected = try resolvedDependencies().map { "\($0.identity) \($0.version)" }.sorted()
        let offlineResolved = try resolvedDependencies(in: package.path, environment: offline)
            .map { "\($0.identity) \($0.version)" }.sorted()
        XCTAssertEqual(offlineResolved, expected)
    }

    func testOfflineSetupRefusesAMissingCheckout() throws {
        let work = try makeTemporaryDirectory(for: self)
        let result = try runCommand(
            [PackageFiles.path(offlineScript), "https://example.org/none/Missing.git", "v1.0.0"],
            in: work.path)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.output.contains("no git checkout"), result.output)
    }

    // MARK: Helpers

    private struct Dependency {
        let identity: String
        let url: String
        let version: String
    }

    private func loadManifest() throws -> [String: Any] {
        let data = try Data(
            contentsOf: PackageFiles.root
                .appendingPathComponent("data/flatpak/\(PackageFiles.appID).json"))
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func module(named name: String) throws -> [String: Any]? {
        let modules = try XCTUnwrap(try loadManifest()["modules"] as? [[String: Any]])
        return modules.first { $0["name"] as? String == name }
    }

    private func gitSources() throws -> [[String: Any]] {
        let app = try XCTUnwrap(try module(named: "lightbox"))
        let sources = try XCTUnwrap(app["sources"] as? [[String: Any]])
        return sources.filter { $0["type"] as? String == "git" }
    }

    private func offlineCommand() throws -> String {
        let app = try XCTUnwrap(try module(named: "lightbox"))
        let commands = try XCTUnwrap(app["build-commands"] as? [String])
        return try XCTUnwrap(commands.first { $0.hasPrefix(offlineScript) }, "no \(offlineScript) build command")
    }

    /// The offline command's URL TAG pairs.
    private func offlineCommandArguments() throws -> [[String]] {
        let words = try offlineCommand().split(separator: " ").dropFirst().map(String.init)
        return stride(from: 0, to: words.count - 1, by: 2).map { [words[$0], words[$0 + 1]] }
    }

    /// Every package in the resolved graph (recursively), from `swift package show-dependencies`.
    private func resolvedDependencies(
        in directory: String = PackageFiles.root.path,
        environment: [String: String]? = nil
    ) throws -> [Dependency] {
        var arguments = ["swift", "package"]
        if directory == PackageFiles.root.path { arguments += ["--scratch-path", PackageFiles.stagedScratch] }
        arguments += ["show-dependencies", "--format", "json"]
        let result = try runCommand(arguments, in: directory, environment: environment, separateErrors: true)
        XCTAssertEqual(result.status, 0, result.errors)
        let json = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        var found: [Dependency] = []
        func walk(_ node: [String: Any]) {
            for child in node["dependencies"] as? [[String: Any]] ?? [] {
                found.append(
                    Dependency(
                        identity: child["identity"] as? String ?? "",
                        url: child["url"] as? String ?? "",
                        version: child["version"] as? String ?? ""))
                walk(child)
            }
        }
        walk(json ?? [:])
        return found
    }

    /// The package's own files (no build folders), as the manifest's `dir` source copies them.
    private func copyPackage(to destination: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        for item in ["Package.swift", "Sources", "Tests", "data"] {
            try manager.copyItem(
                at: PackageFiles.root.appendingPathComponent(item),
                to: destination.appendingPathComponent(item))
        }
    }
}
