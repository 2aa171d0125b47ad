import Foundation
import Gtk
import Lightbox

/// `lightbox --import-from shotwell|darktable [PATH] [--add-folders]`: brings another app's
/// library into the catalog without opening a window (`LibraryImport`), prints its report
/// and exits with whether everything came across.
enum ImportCommand {
    /// The exit status (documented in `lightbox --help` and docs/library.md).
    enum Status: Int32 {
        /// Every photo came across (videos and files that are not photos aside).
        case complete = 0
        /// Some photos could not: their files are missing, outside the library (without
        /// `--add-folders`) or not listed, or rows of the database were skipped.
        case incomplete = 1
        /// Nothing came across: the database or the catalog can't be used, or the command
        /// line is wrong.
        case failed = 2
    }

    static let usage = "usage: lightbox --import-from shotwell|darktable [PATH] [--add-folders]"

    struct Options: Equatable {
        var app: OtherPhotoApp
        var path: String?
        var addFolders = false

        /// The arguments after `--import-from`; a reason when they are wrong.
        static func parse(_ arguments: [String]) -> Result<Options, ListCommand.UsageError> {
            guard let name = arguments.first, let app = OtherPhotoApp(rawValue: name.lowercased()) else {
                let given = arguments.first.map { " (not \($0))" } ?? ""
                return .failure(ListCommand.UsageError(reason: "--import-from needs shotwell or darktable\(given)"))
            }
            return CommandArguments.split(arguments.dropFirst(), of: "--import-from", knowing: ["--add-folders"]).flatMap { given in
                guard given.operands.count <= 1 else { return .failure(ListCommand.UsageError(reason: "--import-from takes one PATH")) }
                var options = Options(app: app, addFolders: given.flags.contains("--add-folders"))
                options.path = given.operands.first.map { (URL(fileURLWithPath: $0).path as NSString).standardizingPath }
                return .success(options)
            }
        }
    }

    @MainActor
    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        switch Options.parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error): return fail("lightbox: \(error.reason)\n\(usage)")
        }
        let path =
            options.path
            ?? options.app.defaultDatabasePath(environment: ProcessInfo.processInfo.environment, home: NSHomeDirectory())
        // Read before the catalog is opened: a database that can't be read leaves the catalog untouched.
        let library: OtherLibrary
        do {
            library = try options.app.readLibrary(at: path)
        } catch {
            return fail("lightbox: \(error)")
        }
        let catalog: Catalog
        do {
            catalog = try Catalog()
        } catch {
            return fail("lightbox: the catalog can't be used: \(error)")
        }
        if let aside = catalog.movedAsidePath {
            warn("lightbox: the catalog was damaged; it was moved to \(aside) and rebuilt")
        }
        if let reason = catalog.notWritableReason {
            return fail("lightbox: nothing was brought across: \(reason)")
        }
        MainLoop.integrate()
        let store = CatalogStore(catalog: catalog)
        // As in the window: with write-back on, the photos' new values go into their files too.
        store.savesMetadataInFiles = (try? Settings.lightbox())?.bool(PersistedState.Key.saveMetadataInFiles) ?? false
        store.openLibrary(seedingWith: { LibraryLocation.defaultFolder(sampleLibrary: LightboxApplication.sampleLibrary) })
        let outcome = Outcome()
        Task {
            do {
                outcome.result = .success(try await LibraryImport(library, into: store).run(addingFolders: options.addFolders))
            } catch {
                outcome.result = .failure(error)
            }
        }
        while outcome.result == nil { MainLoop.iterate(blocking: true) }
        store.prepareToQuit()
        switch outcome.result {
        case .success(let result):
            do {
                try FileHandle.standardOutput.write(contentsOf: Data(result.report.text(listingAtMost: nil).utf8))
            } catch {
                return fail("lightbox: the report could not be written: \(error.localizedDescription)", .incomplete)
            }
            return (result.report.isComplete ? Status.complete : .incomplete).rawValue
        case .failure(let error):
            return fail("lightbox: nothing was brought across: \(error)")
        case nil:
            return fail("lightbox: nothing was brought across")
        }
    }

    /// What the import came to, once it has.
    @MainActor
    private final class Outcome {
        var result: Result<LibraryImportResult, Error>?
    }

    private static func warn(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    private static func fail(_ message: String, _ status: Status = .failed) -> Int32 {
        warn(message)
        return status.rawValue
    }
}
