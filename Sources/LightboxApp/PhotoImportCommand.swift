import Foundation
import Gtk
import Lightbox

/// `lightbox --import SOURCE --into FOLDER [--folders TEMPLATE] [--names TEMPLATE]
/// [--delete-from-source]`: the window's import from a card, camera, phone or folder, without a
/// window (`ImportSurvey`, `PhotoImport`): the new files copied and checked into FOLDER, the
/// ones the library has skipped; progress on stderr, the report as JSON on stdout.
enum PhotoImportCommand {
    static let usage =
        "usage: lightbox --import SOURCE --into FOLDER [--folders TEMPLATE] [--names TEMPLATE] [--delete-from-source]"

    struct Options: Equatable {
        var source: String
        var into: String
        var template = ImportTemplate()
        var deleteFromSource = false

        /// The arguments after `--import`; a reason when they are wrong.
        static func parse(_ arguments: [String]) -> Result<Options, ListCommand.UsageError> {
            CommandArguments.split(
                arguments, of: "--import", knowing: ["--delete-from-source"], withValues: ["--into", "--folders", "--names"]
            ).flatMap { given in
                guard given.operands.count == 1, let source = given.operands.first else {
                    return .failure(.init(reason: given.operands.isEmpty ? tr("--import needs a SOURCE") : tr("--import takes one SOURCE")))
                }
                guard let into = given.values["--into"] else { return .failure(.init(reason: tr("--import needs --into FOLDER"))) }
                var options = Options(source: absolute(source), into: absolute(into))
                options.template = ImportTemplate(
                    folders: given.values["--folders"] ?? ImportTemplate.folderChoices[0], names: given.values["--names"])
                if let problem = options.template.problem { return .failure(.init(reason: problem)) }
                options.deleteFromSource = given.flags.contains("--delete-from-source")
                return .success(options)
            }
        }

        private static func absolute(_ path: String) -> String { (URL(fileURLWithPath: path).path as NSString).standardizingPath }
    }

    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        switch Options.parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error): return fail("lightbox: \(error.reason)\n\(usage)", .usage)
        }
        let catalog: Catalog
        do {
            catalog = try Catalog()
        } catch {
            return fail("lightbox: " + String(format: tr("the catalog can't be used: %@"), "\(error)"), .unusable)
        }
        if let reason = catalog.notWritableReason {
            return fail("lightbox: " + String(format: tr("nothing was imported: %@"), reason), .unusable)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.into, isDirectory: &isFolder), isFolder.boolValue else {
            return fail(
                "lightbox: " + String(format: tr("cannot import into %@: not a folder"), PathBytes.displayName(options.into)), .unusable)
        }
        FolderScan.warn("lightbox: " + String(format: tr("reading %@…"), PathBytes.displayName(options.source)))
        let survey: ImportSurvey
        do {
            survey = try ImportSurvey.read(options.source, catalog: catalog)
        } catch {
            return fail("lightbox: \(error)", .unusable)
        }
        let new = survey.groups.flatMap(\.items).filter { $0.record != nil && $0.isNew }.count
        // Translators: %1$d new photos and videos of %2$d on the source.
        FolderScan.warn("lightbox: " + String(format: tr("%1$d new of %2$d photos and videos"), new, survey.mediaCount))
        let importer = PhotoImport(template: options.template, deletesFromSource: options.deleteFromSource)
        var lastShown = Date.distantPast
        let report = importer.run(survey.groups, into: options.into, record: { _ = try catalog.save($0) }) { progress in
            guard Date().timeIntervalSince(lastShown) >= 0.5 || progress.files == progress.totalFiles else { return }
            lastShown = Date()
            let bytes = ByteCountFormatter.string(fromByteCount: progress.bytes, countStyle: .file)
            let total = ByteCountFormatter.string(fromByteCount: progress.totalBytes, countStyle: .file)
            // Translators: an import's progress: %1$d of %2$d files, %3$@ of %4$@ ("1.2 GB of 4 GB").
            let line = String(format: tr("copied %1$d of %2$d files (%3$@ of %4$@)"), progress.files, progress.totalFiles, bytes, total)
            FolderScan.warn("lightbox: " + line)
        }
        do {
            try FileHandle.standardOutput.write(contentsOf: Data((report.json + "\n").utf8))
        } catch {
            return fail("lightbox: the report could not be written: \(error.localizedDescription)", .someFailed)
        }
        return (report.isComplete ? ListCommand.Status.listed : .someFailed).rawValue
    }

    private static func fail(_ message: String, _ status: ListCommand.Status) -> Int32 {
        FolderScan.warn(message)
        return status.rawValue
    }
}
