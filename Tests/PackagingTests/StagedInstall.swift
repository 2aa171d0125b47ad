import Foundation
import XCTest

/// The staged installs of one test run, made by `data/install.sh` with one release build
/// in `.build-staged`:
/// - `flatpakLayout`: `--prefix=/app --destdir=<stage>`, the layout the Flatpak gets;
/// - `runnable`: `--prefix=<folder>`, so the D-Bus service file's Exec path is real.
struct StagedInstall {
    let destdir: String
    let runnablePrefix: String

    var flatpakRoot: String { destdir + "/app" }

    private nonisolated(unsafe) static var made: Result<StagedInstall, Error>?

    /// Builds and installs on first use; later calls return the same installs.
    static func shared() throws -> StagedInstall {
        if let made { return try made.get() }
        let result = Result { try make() }
        made = result
        return try result.get()
    }

    enum Failure: Error, CustomStringConvertible {
        case install(String)
        var description: String {
            switch self {
            case .install(let output): "data/install.sh failed:\n\(output)"
            }
        }
    }

    private static func make() throws -> StagedInstall {
        let stage = PackageFiles.stagedScratch + "/stage"
        try? FileManager.default.removeItem(atPath: stage)
        let install = StagedInstall(destdir: stage + "/destdir", runnablePrefix: stage + "/prefix")
        for arguments in [["--prefix=/app", "--destdir=\(install.destdir)"], ["--prefix=\(install.runnablePrefix)"]] {
            let result = try runCommand(["data/install.sh", "--scratch-path=\(PackageFiles.stagedScratch)"] + arguments)
            guard result.status == 0 else { throw Failure.install(result.output) }
        }
        return install
    }
}
